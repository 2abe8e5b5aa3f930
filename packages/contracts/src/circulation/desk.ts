import { z } from 'zod';
import { INT4_MAX } from '../common.js';
import { endpoint } from '../endpoint.js';
import { notaLeitorSchema } from '../people/patron-record.js';

/** A copy's accession number (tombo), as the desk types or scans it. */
const tombo = z.string().trim().min(1).max(40);
/** A row's number in the database (an integer column). */
const rowId = z.coerce.number().int().positive().max(INT4_MAX);
/** Why a librarian did what the rules refuse, or what the patron is told: words, not a checkbox. */
const reason = z.string().trim().min(3).max(500);

/**
 * The refusals of a check-out a librarian may override with a reason (recorded in the staff
 * audit): the patron's category limit, debts, others waiting in the hold queue for the title,
 * a copy of a loan type that does not lend (library use only), the patron away. Overdue loans
 * are shown, never refused (Koha's default).
 * Not overridable: no such copy or patron, a copy already lent, a blocked patron (unblock first).
 */
export const CHECKOUT_OVERRIDABLE = ['LimiteEmprestimos', 'PossuiDebitos', 'ReservadoParaOutro', 'ExemplarNaoEmprestavel', 'PessoaAfastada'] as const;
export type CheckoutOverridable = (typeof CHECKOUT_OVERRIDABLE)[number];

/** A patron as the desk sees them: who, their standing, and everything they have with the library. */
export const deskPatronSchema = z
  .object({
    cod_pessoa: z.number().int(),
    nome: z.string(),
    logins: z.array(z.string()),
    categoria: z.string(),
    email: z.string().nullable(),
    validade: z.string().nullable(),
    bloqueio: z.boolean(),
    motivo_bloqueio: z.string().nullable(),
    /** The reason the patron is away from the library (an open deviation), or null. */
    afastamento: z.string().nullable(),
    limite_emprestimos: z.number().int(),
    /** The language the patron last signed in with (null: not yet): the receipt's, unless the desk chooses. */
    idioma: z.enum(['pt', 'en', 'es']).nullable(),
    /** The libraries the patron is registered at. */
    bibliotecas: z.array(z.string()),
    /** The staff's notes about the patron, newest first. */
    notas: z.array(notaLeitorSchema),
    /** The patron's requests still open (loan requests and the service requests of §7), oldest first. */
    solicitacoes: z.array(
      z.object({
        /** `solicitacoes-emprestimo` (a loan request) or a service request's kind: `comutacao-bibliografica`, `ficha-catalografica`… */
        tipo: z.string(),
        codigo: z.number().int(),
        /** What is asked for: the title, or the request's subject. */
        titulo: z.string(),
        situacao: z.string(),
        data: z.string().describe('When it was made, YYYY-MM-DD'),
      }),
    ),
    emprestimos: z.array(
      z.object({
        cod_emprestimo: z.number().int(),
        tombo: z.string(),
        titulo: z.string(),
        devolucao: z.string().describe('Due date, YYYY-MM-DD'),
        atrasado: z.boolean(),
        renovacoes: z.number().int(),
      }),
    ),
    reservas: z.array(
      z.object({
        cod_reserva: z.number().int(),
        titulo: z.string(),
        biblioteca: z.string(),
        situacao: z.string(),
        /** Released: the copy kept, and the last day to pick it up. */
        tombo: z.string().nullable(),
        prazo: z.string().nullable(),
      }),
    ),
    debitos: z.array(
      z.object({
        cod_debito: z.number().int(),
        servico: z.string(),
        titulo: z.string().nullable(),
        /** What is left to pay (amount less discount and payments), as a decimal string. */
        valor: z.string(),
        data: z.string(),
      }),
    ),
    total_debitos: z.string(),
  })
  .meta({ id: 'LeitorBalcao' });
export type DeskPatron = z.infer<typeof deskPatronSchema>;

/** A patron among those a search at the desk found. */
const patronHit = z.object({ cod_pessoa: z.number().int(), nome: z.string(), categoria: z.string(), logins: z.array(z.string()), bloqueio: z.boolean() });

/** What the one input at the desk read: a patron's card, a copy, or words naming patrons. */
export const deskReadingSchema = z
  .discriminatedUnion('tipo', [
    z.object({ tipo: z.literal('leitor'), leitor: deskPatronSchema }),
    z.object({
      tipo: z.literal('exemplar'),
      exemplar: z.object({
        tombo: z.string(),
        titulo: z.string(),
        status: z.string(),
        emprestado_a: z.object({ cod_pessoa: z.number().int(), nome: z.string() }).nullable(),
      }),
    }),
    z.object({ tipo: z.literal('leitores'), leitores: z.array(patronHit) }),
  ])
  .meta({ id: 'LeituraBalcao' });
export type DeskReading = z.infer<typeof deskReadingSchema>;

const checkInSchema = z.object({
  tombo: z.string(),
  titulo: z.string(),
  /** Who had it. */
  pessoa: z.object({ cod_pessoa: z.number().int(), nome: z.string() }).nullable(),
  multa: z.string().nullable(),
  /** The hold it now serves: kept at the desk for that patron (who is e-mailed) until `prazo`. */
  reserva: z.object({ cod_reserva: z.number().int(), prazo: z.string(), nome: z.string(), biblioteca: z.string() }).nullable(),
  /** The library it must travel to (it belongs elsewhere, or the hold is to be picked up elsewhere), or null. */
  transito: z.string().nullable(),
});

/** A released hold on the holds shelf. */
const shelfHold = z.object({
  cod_reserva: z.number().int(),
  tombo: z.string(),
  titulo: z.string(),
  biblioteca: z.string(),
  cod_pessoa: z.number().int(),
  nome: z.string(),
  prazo: z.string(),
  /** Not picked up in time: to re-shelve or pass on (the daily job passes it on). */
  vencida: z.boolean(),
});

const patronParams = z.object({ codPessoa: rowId });

/**
 * The circulation desk's calls (role `circulacao`): read what was scanned or typed, the
 * patron's whole account, lend (rules checked, overridable with a reason), take back, renew,
 * receipts, payments and waivers, blocks, the holds shelf. Every write is recorded in the staff
 * audit in its transaction. `npm run staff -- circ …` calls the same services.
 */
export const deskEndpoints = {
  read: endpoint({
    method: 'GET',
    path: '/api/balcao/leitura',
    access: { staff: ['circulacao'] },
    tag: 'Balcão',
    summary: "Whatever the desk's one input read: a patron's card or login, a copy's accession number, or words naming patrons (name, registration, CPF)",
    query: z.object({ codigo: z.string().trim().min(1).max(200) }),
    response: deskReadingSchema,
  }),
  patron: endpoint({
    method: 'GET',
    path: '/api/balcao/leitores/:codPessoa',
    access: { staff: ['circulacao'] },
    tag: 'Balcão',
    summary: "A patron's loans, holds, debts, block and limits, as the desk shows them",
    params: patronParams,
    response: deskPatronSchema,
    errors: [404],
  }),
  checkOut: endpoint({
    method: 'POST',
    path: '/api/circulacao/emprestimo',
    access: { staff: ['circulacao'] },
    tag: 'Balcão',
    summary: 'Lend a copy (by accession number) to a patron (by person or login); a refusal in CHECKOUT_OVERRIDABLE passes with a reason',
    body: z
      .object({
        tombo,
        cod_pessoa: rowId.optional(),
        login: z.string().trim().min(1).max(200).optional(),
        /** The librarian's reason to lend despite an overridable refusal. */
        motivo: reason.optional(),
      })
      .refine((b) => (b.cod_pessoa === undefined) !== (b.login === undefined), { message: 'cod_pessoa or login, one of them', path: ['cod_pessoa'] }),
    response: z.object({
      cod_emprestimo: z.number().int(),
      devolucao: z.string(),
      nome: z.string(),
      titulo: z.string(),
      tombo: z.string(),
      liberado: z.array(z.string()),
    }),
    status: 201,
    errors: [404, 422, 430],
  }),
  checkIn: endpoint({
    method: 'POST',
    path: '/api/circulacao/devolucao',
    access: { staff: ['circulacao'] },
    tag: 'Balcão',
    summary: 'Take a copy back: a late return is fined; the next hold is released (its patron e-mailed); a copy of another library goes in transit',
    body: z.object({ tombo, biblioteca: rowId.optional().describe("The desk's library: a copy of another one goes in transit there") }),
    response: checkInSchema,
    errors: [404, 422],
  }),
  renew: endpoint({
    method: 'POST',
    path: '/api/balcao/renovacao',
    access: { staff: ['circulacao'] },
    tag: 'Balcão',
    summary: "Renew a patron's loan at the desk (the same rules as the patron's own renewal)",
    body: z.object({ cod_emprestimo: rowId }),
    response: z.object({ cod_emprestimo: z.number().int(), devolucao: z.string() }),
    errors: [404, 422],
  }),
  receipt: endpoint({
    method: 'POST',
    path: '/api/balcao/leitores/:codPessoa/recibo',
    access: { staff: ['circulacao'] },
    tag: 'Balcão',
    summary:
      "E-mail the patron a receipt of their loans and due dates, in the patron's language (the one they last signed in with, unless the desk chooses another)",
    params: patronParams,
    body: z.object({ idioma: z.enum(['pt', 'en', 'es']).optional() }),
    response: z.object({ email: z.string(), emprestimos: z.number().int(), idioma: z.enum(['pt', 'en', 'es']) }),
    errors: [404, 422, 502],
  }),
  settleDebt: endpoint({
    method: 'POST',
    path: '/api/balcao/debitos/:codDebito',
    access: { staff: ['circulacao'] },
    tag: 'Balcão',
    summary: 'Record the payment of what is left of a debt, or waive it, with a reason',
    params: z.object({ codDebito: rowId }),
    body: z.object({ forma: z.enum(['pagamento', 'abono']), motivo: reason }),
    response: deskPatronSchema,
    errors: [404, 422],
  }),
  standing: endpoint({
    method: 'POST',
    path: '/api/balcao/leitores/:codPessoa/bloqueio',
    access: { staff: ['circulacao'] },
    tag: 'Balcão',
    summary: 'Block or unblock a patron, with a reason (their open sessions end at once when blocked)',
    params: patronParams,
    body: z.object({ bloquear: z.boolean(), motivo: reason }),
    response: deskPatronSchema,
    errors: [404],
  }),
  holdsShelf: endpoint({
    method: 'GET',
    path: '/api/balcao/estante-reservas',
    access: { staff: ['circulacao'] },
    tag: 'Balcão',
    summary: 'The holds shelf: copies kept for patrons, with their pick-up deadline; lapsed ones first',
    response: z.array(shelfHold),
  }),
};
