import { deskEndpoints, type DeskPatron } from '@estante/contracts/circulation';
import type { EndpointOutput } from '@estante/contracts/kernel';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { KeepNotes } from '../patrons/patrons.api';

/** Every desk query starts with this key: a write at the desk reads them all again. */
const DESK = ['balcao'] as const;

/** `GET /api/balcao/leitores/:codPessoa`: the open patron's account, as the desk shows it. */
export function patronQuery(codPessoa: number) {
  return queryOptions({
    queryKey: [...DESK, 'leitor', codPessoa],
    queryFn: ({ signal }) => api(deskEndpoints.patron, { params: { codPessoa } }, signal),
  });
}

/** The open patron (none while `codPessoa` is null). */
export function useDeskPatron(codPessoa: number | null) {
  return useQuery({ ...patronQuery(codPessoa ?? 0), enabled: codPessoa !== null });
}

/** `GET /api/balcao/estante-reservas`: the holds shelf (shown while no patron is open). */
export function useHoldsShelf() {
  return useQuery(queryOptions({ queryKey: [...DESK, 'estante-reservas'], queryFn: ({ signal }) => api(deskEndpoints.holdsShelf, {}, signal) }));
}

/** `GET /api/balcao/leitura`: what the desk's one input read (a patron, a copy, or patrons by name). */
export function useDeskRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (codigo: string) => api(deskEndpoints.read, { query: { codigo } }),
    // A patron read comes whole: kept as the patron's query, so opening them asks nothing more.
    onSuccess: (reading) => {
      if (reading.tipo === 'leitor') client.setQueryData(patronQuery(reading.leitor.cod_pessoa).queryKey, reading.leitor);
    },
  });
}

/** A write at the desk: the desk's queries are read again when it ends (the patron answered, when it answers them, kept at once). */
function useDeskWrite<I, O>(write: (input: I) => Promise<O>, patronOf?: (output: O) => DeskPatron) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (output) => {
      if (patronOf) {
        const patron = patronOf(output);
        client.setQueryData(patronQuery(patron.cod_pessoa).queryKey, patron);
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: DESK }),
  });
}

/** The body of a check-out: the copy, the patron, and the reason to lend despite an overridable refusal. */
export interface CheckOutBody {
  tombo: string;
  cod_pessoa: number;
  motivo?: string;
}

/** A loan made at the desk, as the check-out answers it. */
export type LentNow = EndpointOutput<typeof deskEndpoints.checkOut>;

/** `POST /api/circulacao/emprestimo`: lends a copy to the open patron. */
export function useCheckOut() {
  return useDeskWrite((body: CheckOutBody) => api(deskEndpoints.checkOut, { body }));
}

/** The body of a check-in: the copy, and the desk's library when one is chosen (a copy of another library then goes in transit). */
export interface CheckInBody {
  tombo: string;
  biblioteca?: number;
}

/** `POST /api/circulacao/devolucao`: takes a copy back (the fine, the hold it serves, its transit). */
export function useCheckIn() {
  return useDeskWrite((body: CheckInBody) => api(deskEndpoints.checkIn, { body }));
}

/** `POST /api/balcao/renovacao`: renews one of the patron's loans. */
export function useDeskRenew() {
  return useDeskWrite((codEmprestimo: number) => api(deskEndpoints.renew, { body: { cod_emprestimo: codEmprestimo } }));
}

/** `POST /api/balcao/leitores/:codPessoa/recibo`: e-mails the patron the receipt of their loans. */
export function useEmailReceipt() {
  return useDeskWrite(({ codPessoa, idioma }: { codPessoa: number; idioma?: 'pt' | 'en' | 'es' }) =>
    api(deskEndpoints.receipt, { params: { codPessoa }, body: idioma ? { idioma } : {} }),
  );
}

/** `POST /api/balcao/debitos/:codDebito`: records a debt paid, or waives it; answers the patron. */
export function useSettleDebt() {
  return useDeskWrite(
    ({ codDebito, forma, motivo }: { codDebito: number; forma: 'pagamento' | 'abono'; motivo: string }) =>
      api(deskEndpoints.settleDebt, { params: { codDebito }, body: { forma, motivo } }),
    (patron) => patron,
  );
}

/** `POST /api/balcao/leitores/:codPessoa/bloqueio`: blocks or unblocks the patron; answers the patron. */
export function useStanding() {
  return useDeskWrite(
    ({ codPessoa, bloquear, motivo }: { codPessoa: number; bloquear: boolean; motivo: string }) =>
      api(deskEndpoints.standing, { params: { codPessoa }, body: { bloquear, motivo } }),
    (patron) => patron,
  );
}

/**
 * Where the desk keeps a patron's notes once a note call ends (the notes are the patrons' screen's
 * calls, allowed to the desk): the notes answered set at once in the patron, then the desk's
 * queries read again.
 */
export function useKeepDeskNotes(): KeepNotes {
  const client = useQueryClient();
  return (codPessoa, notas) => {
    if (notas) client.setQueryData(patronQuery(codPessoa).queryKey, (patron) => patron && { ...patron, notas });
    void client.invalidateQueries({ queryKey: DESK });
  };
}
