import type { OpcoesBase } from '@estante/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../api/client';

/** The guides that search one base, and the call giving their form's choices (spec §7). */
export const BASE_OPTIONS_PATHS = {
  arquivo: '/consulta/opcoes-arquivo',
  atos_normativos: '/consulta/opcoes-atos-normativos',
  jurisprudencia: '/consulta/jurisprudencia-options',
} as const;
export type OptionsBase = keyof typeof BASE_OPTIONS_PATHS;

/** The choices of a base's form (fonds, types of act, courts …), named in the interface language (a language change reloads). */
export function useOpcoesBase(base: OptionsBase) {
  return useQuery({
    queryKey: ['consulta', 'opcoes-base', base],
    queryFn: ({ signal }) => apiGet<OpcoesBase>(BASE_OPTIONS_PATHS[base], signal),
    staleTime: 5 * 60_000,
  });
}
