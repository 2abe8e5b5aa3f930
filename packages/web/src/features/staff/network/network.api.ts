import { networkPartnerEndpoints, type Parceiro } from '@estante/contracts/network';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** How often the list is read again while a harvest runs or is about to (its progress is written after every page). */
export const POLL_MS = 2_000;
/** How long a harvest asked for is waited for: the scheduler takes it within seconds; past this, the list stops being read again. */
const ASKED_WAIT_MS = 5 * 60_000;

/** `GET /api/equipe/rede/parceiros`: the partners, by name. */
const partnersQuery = queryOptions({
  queryKey: ['equipe', 'rede', 'parceiros'],
  queryFn: ({ signal }) => api(networkPartnerEndpoints.list, {}, signal),
});

/**
 * A harvest asked for on this screen and not begun yet: the start (`inicio`) of the partner's
 * harvest as the list showed it when asked (null: none yet), and when it was asked (this clock).
 * A harvest whose start differs is the one asked for (running, or already over).
 */
export interface Asked {
  before: string | null;
  at: number;
}

/** Whether the harvest asked for `partner` (in `asked`) has not begun yet. */
export function stillAsked(partner: Parceiro, asked: ReadonlyMap<number, Asked>): boolean {
  const ask = asked.get(partner.cod_empresa);
  return ask !== undefined && (partner.coleta?.inicio ?? null) === ask.before;
}

/** Whether the list should be read again soon: a harvest runs, or one asked for (lately) has not begun. */
export function shouldPoll(list: readonly Parceiro[] | undefined, asked: ReadonlyMap<number, Asked>, now: number): boolean {
  return (list ?? []).some((p) => p.coleta?.situacao === 'coletando' || (stillAsked(p, asked) && now - asked.get(p.cod_empresa)!.at < ASKED_WAIT_MS));
}

/** The partners, read again every 2 s while any harvest runs or one asked for here has not begun; not otherwise. */
export function useNetworkPartners(asked: ReadonlyMap<number, Asked>) {
  return useQuery({ ...partnersQuery, refetchInterval: (query) => (shouldPoll(query.state.data, asked, Date.now()) ? POLL_MS : false) });
}

/** The list with `partner` in its place, or added and kept by name. */
function withPartner(list: readonly Parceiro[], partner: Parceiro): Parceiro[] {
  if (list.some((p) => p.cod_empresa === partner.cod_empresa)) return list.map((p) => (p.cod_empresa === partner.cod_empresa ? partner : p));
  return [...list, partner].sort((a, b) => a.nome.localeCompare(b.nome));
}

/**
 * A write on the partners: its answer put in the list at once (`change`), and the list read again
 * when it ends, done or refused (another administrator may have been there first); `alsoStale`,
 * other queries the write changes, read again too.
 */
function usePartnerWrite<I, O>(
  write: (input: I) => Promise<O>,
  change: (list: readonly Parceiro[], output: O, input: I) => Parceiro[],
  alsoStale: readonly (readonly string[])[] = [],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (output, input) => {
      client.setQueryData(partnersQuery.queryKey, (list) => (list ? change(list, output, input) : list));
    },
    onSettled: () => Promise.all([partnersQuery.queryKey, ...alsoStale].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/** `POST /api/equipe/rede/parceiros`: adds a partner once its address answers Identify (which may take seconds); answers it. */
export function useAddPartner() {
  return usePartnerWrite(
    (body: { endereco: string; nome: string; registro?: string }) => api(networkPartnerEndpoints.add, { body }),
    (list, partner) => withPartner(list, partner),
  );
}

/** `POST /api/equipe/rede/parceiros/:id/coleta`: asks for a harvest now (the scheduler takes it within seconds); answers the partner. */
export function useHarvestPartner() {
  return usePartnerWrite(
    (id: number) => api(networkPartnerEndpoints.harvest, { params: { id } }),
    (list, partner) => withPartner(list, partner),
  );
}

/** `DELETE /api/equipe/rede/parceiros/:id`: removes a partner and the records harvested from it; answers how many went. */
export function useRemovePartner() {
  return usePartnerWrite(
    (id: number) => api(networkPartnerEndpoints.remove, { params: { id } }),
    (list, _, id) => list.filter((p) => p.cod_empresa !== id),
    // Its records leave the network search: the network's public lists (src/api/network.ts) are read again.
    [['rede']],
  );
}
