import type { EndpointInput } from '@estante/contracts/kernel';
import { type FichaLeitor, type NotaLeitor, peopleEndpoints, patronRecordEndpoints } from '@estante/contracts/people';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** How long a search or a record read is kept before the screen asks again (a write sets or reads it again at once). */
const FRESH = 30_000;

/** Every query of this screen starts with this key. */
const PATRONS = ['equipe', 'leitores'] as const;
/** The searches: a write on a patron reads them again (a name, a category or a login may have changed). */
const SEARCHES = [...PATRONS, 'busca'] as const;

/** `GET /api/equipe/leitores?busca=`: the patrons a login, CPF or name finds (at most 20). */
export function searchQuery(busca: string) {
  return queryOptions({
    queryKey: [...SEARCHES, busca],
    queryFn: ({ signal }) => api(patronRecordEndpoints.search, { query: { busca } }, signal),
    staleTime: FRESH,
  });
}

/** The patrons the last search found (nothing asked while there is none). */
export function usePatronSearch(busca: string | null) {
  return useQuery({ ...searchQuery(busca ?? ''), enabled: busca !== null });
}

/** `GET /api/equipe/leitores/:codPessoa`: a patron's record. */
export function recordQuery(codPessoa: number) {
  return queryOptions({
    queryKey: [...PATRONS, 'ficha', codPessoa],
    queryFn: ({ signal }) => api(patronRecordEndpoints.record, { params: { codPessoa } }, signal),
    staleTime: FRESH,
  });
}

/** The open patron's record (nothing asked while none is open). */
export function usePatronRecord(codPessoa: number | null) {
  return useQuery({ ...recordQuery(codPessoa ?? 0), enabled: codPessoa !== null });
}

/** `GET /api/equipe/categorias`: the patron categories (the choices of "Categoria"). */
export function useCategories() {
  return useQuery(
    queryOptions({
      queryKey: [...PATRONS, 'categorias'],
      queryFn: ({ signal }) => api(patronRecordEndpoints.categories, {}, signal),
      staleTime: 5 * 60_000,
    }),
  );
}

/** `GET /pessoas/departamentos`: the choices of "Lotação". */
export function useDepartments() {
  return useQuery(queryOptions({ queryKey: ['departamentos'], queryFn: ({ signal }) => api(peopleEndpoints.departments, {}, signal), staleTime: Infinity }));
}

/**
 * A write that answers the patron's record: kept at once as the record's query (its history
 * included), and the searches read again when it ends, done or refused.
 */
function useRecordWrite<I>(write: (input: I) => Promise<FichaLeitor>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (record) => client.setQueryData(recordQuery(record.cod_pessoa).queryKey, record),
    onSettled: () => client.invalidateQueries({ queryKey: SEARCHES }),
  });
}

type Body<E extends keyof typeof patronRecordEndpoints> = NonNullable<EndpointInput<(typeof patronRecordEndpoints)[E]>['body']>;
export type RegistrationBody = Body<'saveRegistration'>;
export type PatronDataBody = Body<'saveData'>;
export type NewPatronBody = Body<'create'>;

/** `PUT /api/equipe/leitores/:codPessoa/cadastro`: name, category, validity and libraries, the library's own. */
export function useSaveRegistration() {
  return useRecordWrite(({ codPessoa, body }: { codPessoa: number; body: RegistrationBody }) =>
    api(patronRecordEndpoints.saveRegistration, { params: { codPessoa }, body }),
  );
}

/** `PUT /api/equipe/leitores/:codPessoa/dados`: the personal data, with the patron's own rules (§5). */
export function useSavePatronData() {
  return useRecordWrite(({ codPessoa, body }: { codPessoa: number; body: PatronDataBody }) =>
    api(patronRecordEndpoints.saveData, { params: { codPessoa }, body }),
  );
}

/** `POST /api/equipe/leitores/:codPessoa/sessoes/encerrar`: ends every open session of the patron. */
export function useEndSessions() {
  return useRecordWrite((codPessoa: number) => api(patronRecordEndpoints.endSessions, { params: { codPessoa } }));
}

/** `POST /api/equipe/leitores`: a patron made by hand (201, answers the new record). */
export function useCreatePatron() {
  return useRecordWrite((body: NewPatronBody) => api(patronRecordEndpoints.create, { body }));
}

/** `POST /api/equipe/leitores/:codPessoa/recuperacao`: e-mails the patron a code to choose a password; the record (its history) read again. */
export function useSendRecovery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (codPessoa: number) => api(patronRecordEndpoints.sendRecovery, { params: { codPessoa } }),
    onSettled: (_, __, codPessoa) => client.invalidateQueries({ queryKey: recordQuery(codPessoa).queryKey }),
  });
}

/**
 * Where a screen keeps a patron's notes (the desk, in its own patron query): told once a note call
 * ends, with the notes it answered, or without them when it was refused (to read them again).
 */
export type KeepNotes = (codPessoa: number, notas?: NotaLeitor[]) => void;

/**
 * A note call: it answers the patron's notes now, set at once in the record (when it was read)
 * and given to `keep`; the record is read again when it ends, done or refused (its history has
 * the act, or a colleague removed the note first).
 */
function useNoteWrite<I extends { codPessoa: number }>(write: (input: I) => Promise<NotaLeitor[]>, keep?: KeepNotes) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (notas, { codPessoa }) => client.setQueryData(recordQuery(codPessoa).queryKey, (record) => record && { ...record, notas }),
    onSettled: (notas, _, { codPessoa }) => {
      keep?.(codPessoa, notas);
      return client.invalidateQueries({ queryKey: recordQuery(codPessoa).queryKey });
    },
  });
}

/** `POST /api/equipe/leitores/:codPessoa/notas`: notes something about the patron, for the staff only. */
export function useAddNote(keep?: KeepNotes) {
  return useNoteWrite(
    ({ codPessoa, texto }: { codPessoa: number; texto: string }) => api(patronRecordEndpoints.addNote, { params: { codPessoa }, body: { texto } }),
    keep,
  );
}

/** `DELETE /api/equipe/leitores/:codPessoa/notas/:id`: removes a note (it stays in the staff audit). */
export function useRemoveNote(keep?: KeepNotes) {
  return useNoteWrite(({ codPessoa, id }: { codPessoa: number; id: number }) => api(patronRecordEndpoints.removeNote, { params: { codPessoa, id } }), keep);
}
