import { basketEndpoints, type ExportarEmail, type ExportarTexto, type ExportFormat } from '@estante/contracts/basket';
import { type EndpointInput, endpointUrl } from '@estante/contracts/kernel';
import { searchEndpoints } from '@estante/contracts/search';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadFile } from '../../../api/client';

/** `GET /consulta/titulos-adicionais`: result lines for the basket's titles, in its order. */
export function useBasketTitles(ids: number[]) {
  return useQuery({
    queryKey: ['consulta', 'titulos-adicionais', ids.join(',')],
    queryFn: ({ signal }) => api(searchEndpoints.additionalTitles, { query: { acervos: ids.join(',') } }, signal),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}

/** Downloads the chosen titles as a file (tipo arquivo) through a temporary link. */
export function downloadExport(format: ExportFormat, ids: number[]): Promise<string> {
  return downloadFile(endpointUrl(basketEndpoints.export), { tipo: 'arquivo', dados: format, acervos: ids });
}

/** The references to copy (tipo texto). */
export function fetchReferences(style: 'abnt' | 'apa' | 'vancouver', ids: number[]): Promise<ExportarTexto> {
  return api(basketEndpoints.export, { body: { tipo: 'texto', dados: style, acervos: ids } });
}

/** E-mails the chosen titles: the body the e-mail form made (tipo email, useContractForm). */
export function useEmailBasket() {
  return useMutation({
    mutationFn: (body: EndpointInput<typeof basketEndpoints.export>['body']): Promise<ExportarEmail> => api(basketEndpoints.export, { body }),
  });
}

/** The permanent basket's cache key (its list is Meu Pergamum's section, features/account/permanent-basket). */
const PERMANENT = ['cesta-permanente'];

/** `POST /acervo/cesta-permanente`. */
export function useKeepPermanent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api(basketEndpoints.keep, { body: { acervos: ids } }),
    onSuccess: () => client.invalidateQueries({ queryKey: PERMANENT }),
  });
}
