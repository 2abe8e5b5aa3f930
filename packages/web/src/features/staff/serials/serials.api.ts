import {
  artigoBodySchema,
  assinaturaBodySchema,
  type KardexEquipe,
  recebimentoBodySchema,
  reclamacaoBodySchema,
  serialsStaffEndpoints,
} from '@estante/contracts/catalog';
import { interestEndpoints } from '@estante/contracts/interest';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { BodyOf } from '../../../ui/use-contract-form';

/** Every query of the serials desk starts with this key. */
const SERIALS = ['equipe-periodicos'] as const;
const SUBSCRIPTIONS = [...SERIALS, 'assinaturas'] as const;
/** How long a look-up's answer is kept as it is (the form asks again each time it is sent). */
const FRESH = 60_000;

/** A library's subscription of a serial: the two numbers every Kardex call is addressed by. */
export interface SerialAt {
  acervo: number;
  biblioteca: number;
}

/**
 * The body schemas the forms check with (useContractForm): the endpoints' own. The contract
 * declares them inline, not as named exports, and the web build strips the schemas from the
 * declarations (vite/endpoint-addresses.ts, decision 0034), so in a built bundle these are
 * undefined: serials-staff.ts should export them by name (as `dadosPessoaisBodySchema` is), and
 * this map then read those exports.
 */
export const BODY_SCHEMAS = {
  subscribe: assinaturaBodySchema,
  receive: recebimentoBodySchema,
  claim: reclamacaoBodySchema,
  indexArticle: artigoBodySchema,
};

export type SubscribeBody = BodyOf<typeof serialsStaffEndpoints.subscribe>;
export type ReceiveBody = BodyOf<typeof serialsStaffEndpoints.receive>;
export type ClaimBody = BodyOf<typeof serialsStaffEndpoints.claim>;
export type ArticleBody = BodyOf<typeof serialsStaffEndpoints.indexArticle>;

/** `GET /api/equipe/periodicos`: the serials the libraries take, with the last issue received and how many are late. */
export function useSubscriptions() {
  return useQuery(queryOptions({ queryKey: SUBSCRIPTIONS, queryFn: ({ signal }) => api(serialsStaffEndpoints.subscriptions, {}, signal) }));
}

/** The key and fetch of one library's Kardex of a serial. */
export function kardexQuery({ acervo, biblioteca }: SerialAt) {
  return queryOptions({
    queryKey: [...SERIALS, 'kardex', acervo, biblioteca],
    queryFn: ({ signal }) => api(serialsStaffEndpoints.kardex, { params: { acervo, biblioteca } }, signal),
  });
}

/** `GET /api/equipe/periodicos/:acervo/:biblioteca`: a library's Kardex of a serial. */
export function useKardex(at: SerialAt) {
  return useQuery(kardexQuery(at));
}

/**
 * A write on a Kardex, which answers the Kardex: kept at once as that Kardex's data (the screen
 * reads what was received from it), and the subscriptions read again (last received, how many late).
 */
function useKardexWrite<I>(write: (input: I) => Promise<KardexEquipe>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (kardex) => {
      client.setQueryData(kardexQuery({ acervo: kardex.cod_acervo, biblioteca: kardex.cod_biblioteca }).queryKey, kardex);
    },
    onSettled: () => client.invalidateQueries({ queryKey: SUBSCRIPTIONS }),
  });
}

/** `PUT /api/equipe/periodicos/:acervo/:biblioteca`: takes a serial at a library from a month, at the title's frequency (null) or another. */
export function useSubscribe() {
  return useKardexWrite(({ at, body }: { at: SerialAt; body: SubscribeBody }) => api(serialsStaffEndpoints.subscribe, { params: at, body }));
}

/** `POST …/recebimentos`: receives the next expected issue (`{}`) or the one of a month given; answers the Kardex. */
export function useReceive() {
  return useKardexWrite(({ at, body }: { at: SerialAt; body: ReceiveBody }) => api(serialsStaffEndpoints.receive, { params: at, body }));
}

/** `POST …/reclamacoes`: claims an issue that did not come, with a note; answers the Kardex. */
export function useClaim() {
  return useKardexWrite(({ at, body }: { at: SerialAt; body: ClaimBody }) => api(serialsStaffEndpoints.claim, { params: at, body }));
}

/** `POST /api/equipe/fasciculos/:id/artigos`: indexes an article in a received issue; answers the Kardex. */
export function useIndexArticle() {
  return useKardexWrite(({ id, body }: { id: number; body: ArticleBody }) => api(serialsStaffEndpoints.indexArticle, { params: { id }, body }));
}

/**
 * `GET /api/perfil-interesse/periodicos/pesquisa`: serials by words of their title (the interest
 * profile's look-up, open to any signed-in patron, so to the staff).
 */
export function lookupQuery(term: string) {
  return queryOptions({
    queryKey: [...SERIALS, 'pesquisa', term],
    queryFn: ({ signal }) => api(interestEndpoints.serialLookup, { query: { termoPesquisa: term } }, signal),
    staleTime: FRESH,
  });
}

/** The serials a look-up found (fetched by the search form; nothing until a term is given). */
export function useSerialLookup(term: string | null) {
  return useQuery({ ...lookupQuery(term ?? ''), enabled: term !== null });
}
