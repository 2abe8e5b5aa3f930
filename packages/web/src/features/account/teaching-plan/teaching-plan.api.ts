import { type BibliografiaQuery, collectionEndpoints } from '@estante/contracts/collection';
import { endpointUrl } from '@estante/contracts/kernel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, downloadFile } from '../../../api/client';

const KEY = ['plano-ensino'];

/** `GET …/plano-ensino/disciplinas-bibliotecas`: the professor's plans, the libraries, the targets. */
export function usePlanOffers() {
  return useQuery(queryOptions({ queryKey: [...KEY, 'ofertas'], queryFn: ({ signal }) => api(collectionEndpoints.planOffers, {}, signal) }));
}

/** `GET …/plano-ensino/bibliografia`: the bibliography of the plans the filters keep (only once they are given). */
export function useBibliography(filters: BibliografiaQuery | null) {
  return useQuery(
    queryOptions({
      queryKey: [...KEY, 'bibliografia', filters],
      queryFn: ({ signal }) => api(collectionEndpoints.bibliography, { query: filters! }, signal),
      enabled: filters !== null,
    }),
  );
}

/** `GET …/plano-ensino/bibliografia/{csv|pdf}`: the same bibliography as a file the browser saves; answers its name. */
export function downloadBibliography(formato: 'csv' | 'pdf', filters: BibliografiaQuery): Promise<string> {
  return downloadFile(endpointUrl(collectionEndpoints.bibliographyFile, { params: { formato }, query: filters }));
}
