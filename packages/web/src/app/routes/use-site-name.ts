import { useInstituicao } from '../../features/parameters/api/get-instituicao';

/** The name that ends every document title: the institution's acronym. */
export function useSiteName(): string {
  return useInstituicao().sigla;
}
