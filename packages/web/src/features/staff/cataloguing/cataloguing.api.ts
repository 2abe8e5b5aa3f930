import {
  cataloguingEndpoints,
  type CatalogTitleDetail,
  copyBodySchema,
  copyEditBodySchema,
  type UploadQuery,
  type UploadState,
} from '@estante/contracts/catalog';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiRequestError } from '../../../api/client';
import type { BodyOf } from '../../../ui/use-contract-form';

/** Every query of the cataloguing screens starts with this key. */
const CATALOGUING = ['equipe-catalogacao'] as const;
const UPLOAD = [...CATALOGUING, 'importacao'] as const;
/** How often a running import's progress is asked for (ms). */
export const POLL_MS = 1000;

/** The body schemas the forms check with (named exports: the web build strips those inside the declarations, decision 0034). */
export const BODY_SCHEMAS = { addCopy: copyBodySchema, editCopy: copyEditBodySchema };
export type AddCopyBody = BodyOf<typeof cataloguingEndpoints.addCopy>;
export type EditCopyBody = BodyOf<typeof cataloguingEndpoints.editCopy>;

/** `GET /api/equipe/catalogacao/opcoes`: the libraries and loan types a copy may name, the statuses a cataloguer sets. */
export function useCataloguingOptions() {
  return useQuery({ queryKey: [...CATALOGUING, 'opcoes'], queryFn: ({ signal }) => api(cataloguingEndpoints.options, {}, signal), staleTime: 5 * 60_000 });
}

/**
 * `GET /api/equipe/catalogacao/importacoes/ultima`: the last upload (null when none was ever made),
 * asked again every POLL_MS while it runs.
 */
export function useLastUpload() {
  return useQuery({
    queryKey: UPLOAD,
    queryFn: async ({ signal }): Promise<UploadState | null> => {
      try {
        return await api(cataloguingEndpoints.lastUpload, {}, signal);
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
    refetchInterval: (query) => (query.state.data?.estado === 'executando' ? POLL_MS : false),
  });
}

/** `POST /api/equipe/catalogacao/importacoes`: the file as the body, the options in the query; its state kept as the last upload's. */
export function useUpload() {
  const client = useQueryClient();
  return useMutation({
    // The call takes the file itself as its body (application/octet-stream), not JSON.
    mutationFn: ({ file, query }: { file: Blob; query: UploadQuery }) =>
      api(cataloguingEndpoints.upload, { query, body: file } as never) as Promise<UploadState>,
    onSuccess: (state) => client.setQueryData(UPLOAD, state),
  });
}

/** The key and fetch of a title with its copies. */
export function titleQuery(acervo: number) {
  return queryOptions({
    queryKey: [...CATALOGUING, 'titulo', acervo],
    queryFn: ({ signal }) => api(cataloguingEndpoints.title, { params: { acervo } }, signal),
  });
}

/** `GET /api/equipe/catalogacao/titulos/:acervo`. */
export function useCatalogTitle(acervo: number) {
  return useQuery(titleQuery(acervo));
}

/** `GET /api/equipe/catalogacao/titulos?termo=`: titles by number, control number or words (nothing until a term is given). */
export function useTitleSearch(term: string | null) {
  return useQuery({
    queryKey: [...CATALOGUING, 'busca', term],
    queryFn: ({ signal }) => api(cataloguingEndpoints.findTitles, { query: { termo: term ?? '' } }, signal),
    enabled: term !== null,
  });
}

/** A write that answers a title with its copies: kept as that title's data, the searches asked again. */
function useTitleWrite<I>(write: (input: I) => Promise<CatalogTitleDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (title) => client.setQueryData(titleQuery(title.cod_acervo).queryKey, title),
    onSettled: () => client.invalidateQueries({ queryKey: [...CATALOGUING, 'busca'] }),
  });
}

/** `POST …/titulos/:acervo/exemplares`: a copy added. */
export function useAddCopy() {
  return useTitleWrite(({ acervo, body }: { acervo: number; body: AddCopyBody }) => api(cataloguingEndpoints.addCopy, { params: { acervo }, body }));
}

/** `PUT …/exemplares/:id`: a copy edited or moved (answers the title it is now in; the one it left is asked again). */
export function useEditCopy() {
  const client = useQueryClient();
  return useTitleWrite(async ({ id, from, body }: { id: number; from: number; body: EditCopyBody }) => {
    const title = await api(cataloguingEndpoints.editCopy, { params: { id }, body });
    if (title.cod_acervo !== from) await client.invalidateQueries({ queryKey: titleQuery(from).queryKey });
    return title;
  });
}

/** `DELETE …/exemplares/:id`: a copy withdrawn; its title asked again. */
export function useWithdrawCopy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(cataloguingEndpoints.withdrawCopy, { params: { id } }),
    onSuccess: (done) => client.invalidateQueries({ queryKey: titleQuery(done.cod_acervo).queryKey }),
  });
}

/** `PUT …/titulos/:acervo/supressao`: a title suppressed from the OPAC or shown again. */
export function useSuppress() {
  return useTitleWrite(({ acervo, suprimido }: { acervo: number; suprimido: boolean }) =>
    api(cataloguingEndpoints.suppress, { params: { acervo }, body: { suprimido } }),
  );
}

/** `DELETE …/titulos/:acervo`: a title deleted with its copies. */
export function useDeleteTitle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (acervo: number) => api(cataloguingEndpoints.deleteTitle, { params: { acervo } }),
    onSuccess: (done) => {
      client.removeQueries({ queryKey: titleQuery(done.cod_acervo).queryKey });
      return client.invalidateQueries({ queryKey: [...CATALOGUING, 'busca'] });
    },
  });
}
