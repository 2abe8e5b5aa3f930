import { type INSTITUTION_TEXT_FIELDS, type Instituicao, parametersEndpoints } from '@estante/contracts/parameters';
import { useTranslation } from 'react-i18next';
import { apiLanguage, isInterfaceLanguage } from '../../../i18n/languages';

type InstitutionTextField = (typeof INSTITUTION_TEXT_FIELDS)[number];
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const instituicaoQuery = queryOptions({
  queryKey: ['parametros', 'instituicao'],
  queryFn: ({ signal }) => api(parametersEndpoints.institution, {}, signal),
  staleTime: Infinity,
});

/** The institution's settings; loaded before the app shows (see LoadingGate). */
export function useInstituicao(): Instituicao {
  return useSuspenseQuery(instituicaoQuery).data;
}

/**
 * One of the institution's texts in the interface's language: the English or Spanish translation
 * when the institution has one (French and Italian read the English), else its Portuguese words.
 */
export function useInstitutionText(field: InstitutionTextField): string | null {
  const instituicao = useInstituicao();
  const { i18n } = useTranslation();
  const language = apiLanguage(isInterfaceLanguage(i18n.language) ? i18n.language : 'pt');
  const translated = language === 'pt' ? undefined : instituicao.traducoes[language][field];
  return translated ?? instituicao[field]?.trim() ?? null;
}
