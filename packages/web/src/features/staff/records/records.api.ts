import {
  lookupsEndpoints,
  type MarcRecordBody,
  recordEditorEndpoints as calls,
  type RegistroAutoridade,
  type RegistroTitulo,
} from '@estante/contracts/catalog';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Every query of the record editor starts with this key. */
const RECORDS = ['equipe-registros'] as const;

/** `GET /api/equipe/registros/titulos`: titles by words of their title or by control number (nothing until a term is given). */
export function useFindTitles(term: string | null) {
  return useQuery({
    queryKey: [...RECORDS, 'busca', term],
    queryFn: ({ signal }) => api(calls.findTitles, { query: { termo: term ?? '' } }, signal),
    enabled: term !== null && term.trim() !== '',
  });
}

/** `GET /consulta/autoridades`: authority headings by words (the authorities guide's look-up). */
export function useFindAuthorities(term: string | null) {
  return useQuery({
    queryKey: [...RECORDS, 'autoridades', term],
    queryFn: ({ signal }) => api(lookupsEndpoints.authorities, { query: { search_text: term ?? '', page: '1' } }, signal),
    enabled: term !== null && term.trim() !== '',
  });
}

const titleQuery = (id: number) =>
  queryOptions({ queryKey: [...RECORDS, 'titulo', id], queryFn: ({ signal }) => api(calls.title, { params: { id } }, signal) });
const versionsQuery = (id: number) =>
  queryOptions({ queryKey: [...RECORDS, 'titulo', id, 'versoes'], queryFn: ({ signal }) => api(calls.versions, { params: { id } }, signal) });
const authorityQuery = (id: number) =>
  queryOptions({ queryKey: [...RECORDS, 'autoridade', id], queryFn: ({ signal }) => api(calls.authority, { params: { id } }, signal) });

/** `GET /api/equipe/registros/titulos/:id`: a title's record and its version. */
export function useTitleRecord(id: number) {
  return useQuery(titleQuery(id));
}

/** `GET /api/equipe/registros/titulos/:id/versoes`: the record's versions, newest first. */
export function useVersions(id: number) {
  return useQuery(versionsQuery(id));
}

/** `GET /api/equipe/registros/titulos/:id/versoes/:versao`: one version's record, fetched when asked for. */
export function useLoadVersion() {
  return useMutation({ mutationFn: ({ id, versao }: { id: number; versao: number }) => api(calls.version, { params: { id, versao } }) });
}

/** `PUT /api/equipe/registros/titulos/:id`: saves the record as a new version; the record and its versions are read again. */
export function useSaveTitle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, versao, registro }: { id: number; versao: number; registro: MarcRecordBody }) =>
      api(calls.saveTitle, { params: { id }, body: { versao, registro } }),
    onSuccess: (saved: RegistroTitulo) => {
      client.setQueryData(titleQuery(saved.cod_acervo).queryKey, saved);
      void client.invalidateQueries({ queryKey: versionsQuery(saved.cod_acervo).queryKey });
    },
  });
}

/** `POST /api/equipe/registros/previa`: the unsaved record's title page and ABNT reference. */
export function usePreview() {
  return useMutation({
    mutationFn: ({ id, registro }: { id?: number; registro: MarcRecordBody }) => api(calls.preview, { body: { cod_acervo: id, registro } }),
  });
}

/** `GET /api/equipe/registros/autoridades/:id`: an authority's record and its linked titles. */
export function useAuthorityRecord(id: number) {
  return useQuery(authorityQuery(id));
}

/** `PUT /api/equipe/registros/autoridades/:id`: saves an authority; its linked titles' headings follow. */
export function useSaveAuthority() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, atualizado_em, registro }: { id: number; atualizado_em: string; registro: MarcRecordBody }) =>
      api(calls.saveAuthority, { params: { id }, body: { atualizado_em, registro } }),
    onSuccess: (saved: RegistroAutoridade) => {
      client.setQueryData(authorityQuery(saved.cod_autoridade).queryKey, saved);
      void client.invalidateQueries({ queryKey: [...RECORDS, 'titulo'] });
    },
  });
}
