import { BASE_OPTIONS_ENDPOINTS } from '@estante/contracts/search';
import { useQuery } from '@tanstack/react-query';
import { apiAnonymous } from '../../../api/client';

/** The guides that search one base (each with the call giving its form's choices, spec §7). */
export type OptionsBase = keyof typeof BASE_OPTIONS_ENDPOINTS;

/** The choices of a base's form (fonds, types of act, courts …), named in the interface language (a language change reloads). */
export function useOpcoesBase(base: OptionsBase) {
  return useQuery({
    queryKey: ['consulta', 'opcoes-base', base],
    queryFn: ({ signal }) => apiAnonymous(BASE_OPTIONS_ENDPOINTS[base], {}, signal),
    staleTime: 5 * 60_000,
  });
}
