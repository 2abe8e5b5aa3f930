import { z } from 'zod';
import { INT4_MAX } from '../common.js';
import { recordId } from '../record-id.js';
import { EMAIL_PATTERN, splitEmails } from '../basket/basket.constants.js';
import { endpoint } from '../endpoint.js';
import { LOAN_REQUEST_FILTERS, LOAN_REQUEST_STATUS_CODES } from '../circulation/loan-requests.js';
import { isoDate } from '../catalog/title.js';

/**
 * The patron's requests to the library (spec §7 "Requests", §3 Bibliographic survey and
 * Article/part request): copies of an article, a part or a thesis (bibliographic switching), a
 * bibliographic survey, a catalogue sheet, a specialised search, an inter-library loan.
 */
export const REQUEST_TYPES = [
  'comutacao-bibliografica',
  'levantamento-bibliografico',
  'ficha-catalografica',
  'pesquisa-especializada',
  'emprestimo-inter-bibliotecas',
] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** What a bibliographic switching asks a copy of (`POST …/comutacao-bibliografica/{tipo}`). */
export const SWITCHING_KINDS = ['artigo', 'parte', 'tese'] as const;
export type SwitchingKind = (typeof SWITCHING_KINDS)[number];

/** A thesis's degree (spec §3: master's, doctorate, post-doctoral). */
export const THESIS_DEGREES = ['mestrado', 'doutorado', 'pos-doutorado'] as const;
/** The degree a catalogue sheet's work is for (its thesis note: "Dissertação (Mestrado em …)"). */
export const SHEET_DEGREES = ['especializacao', 'mestrado', 'doutorado'] as const;
/** Publication types a survey covers (spec §3: printed, online; both = both chosen). */
export const PUBLICATION_TYPES = ['impresso', 'online'] as const;

/** A request's status (spec §4) and the history filter, as for loan requests. */
export const REQUEST_STATUSES = LOAN_REQUEST_STATUS_CODES;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_FILTERS = LOAN_REQUEST_FILTERS;
/** The statuses that keep a request open (they count against the patron's limit). */
export const OPEN_REQUEST_STATUSES = ['aguardando', 'em_transito', 'disponivel'] as const satisfies readonly RequestStatus[];
/** Open requests of one type a patron may have unless the institution says otherwise (`limite_solicitacoes`). */
export const DEFAULT_REQUEST_LIMIT = 3;

/**
 * A rule a refinement checks, named so the web can say it in the patron's language
 * (`validation.<rule>`); the server's 400 carries the English text.
 */
const rule = (name: string, error: string) => ({ error, params: { rule: name } });

/** Required text: something besides blanks, at most `max` characters (kept as typed, trimmed). */
const required = (max: number) => z.string().trim().min(1, { error: 'required' }).max(max);
/** Optional text: blank is left out. */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
const year = z.number().int().min(1500).max(2999);
const page = z.number().int().min(1).max(99_999);

/** One or more e-mail addresses separated by semicolons (spec §5), each of a standard form. */
export const emailsField = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(500)
  .refine((v) => splitEmails(v).length <= 5, rule('emailsMax', 'at most 5 addresses'))
  .refine((v) => splitEmails(v).every((e) => EMAIL_PATTERN.test(e)), rule('email', 'an e-mail address is not valid'));

/** A page range as typed: "20-30" (start not after end) or a single page "20" (spec §5). */
export const PAGE_RANGE = /^\s*(\d{1,5})\s*(?:-\s*(\d{1,5})\s*)?$/;
export const pageRangeField = z
  .string()
  .trim()
  .max(20)
  .refine((v) => PAGE_RANGE.test(v), rule('pageRange', 'pages look like 20-30'))
  .refine(
    (v) => {
      const [, from, to] = PAGE_RANGE.exec(v) ?? [];
      return !from || !to || Number(from) <= Number(to);
    },
    rule('pageOrder', 'the start page cannot be after the end page'),
  );

/** Start and end page, the start not after the end. */
const pagesInOrder = <T extends { pagina_inicial?: number; pagina_final?: number }>(v: T) =>
  v.pagina_inicial === undefined || v.pagina_final === undefined || v.pagina_inicial <= v.pagina_final;

/** Years of a period in order. */
const yearsInOrder = <T extends { ano_inicio?: number; ano_fim?: number }>(v: T) =>
  v.ano_inicio === undefined || v.ano_fim === undefined || v.ano_inicio <= v.ano_fim;

/** What every request carries: the library it goes to, the patron's contact addresses, a note. */
const common = {
  biblioteca: recordId.describe('the library the request goes to'),
  email: emailsField.describe('contact e-mail(s), separated by ;'),
  observacao: optional(2000),
};

/** `POST …/comutacao-bibliografica/artigo`: a copy of an article. */
export const comutacaoArtigoSchema = z
  .object({
    ...common,
    titulo_artigo: required(500),
    titulo_periodico: required(500),
    ano: year,
    numero: optional(30),
    pagina_inicial: page,
    pagina_final: page,
  })
  .refine(pagesInOrder, { ...rule('pageOrder', 'the start page cannot be after the end page'), path: ['pagina_final'] });

/** `POST …/comutacao-bibliografica/parte`: a copy of a part or chapter of a work. */
export const comutacaoParteSchema = z.object({
  ...common,
  titulo_parte: required(500),
  autor_parte: optional(300),
  titulo_obra: required(500),
  ano: year.optional(),
  paginas: pageRangeField,
});

/** `POST …/comutacao-bibliografica/tese`: a copy of a thesis. */
export const comutacaoTeseSchema = z.object({
  ...common,
  titulo: required(500),
  autor: required(300),
  grau: z.enum(THESIS_DEGREES),
  instituicao: optional(300),
  ano: year,
});

export const COMUTACAO_SCHEMAS = { artigo: comutacaoArtigoSchema, parte: comutacaoParteSchema, tese: comutacaoTeseSchema } as const;
export type ComutacaoBody = z.input<(typeof COMUTACAO_SCHEMAS)[SwitchingKind]>;

/** `POST …/levantamento-bibliografico` (spec §3 Bibliographic survey). */
export const levantamentoSchema = z
  .object({
    ...common,
    assunto: required(500),
    delimitacao: optional(2000),
    idioma: optional(60),
    assunto_outro_idioma: optional(500),
    ano_inicio: year.optional(),
    ano_fim: year.optional(),
    tipos_publicacao: z
      .array(z.enum(PUBLICATION_TYPES))
      .max(2)
      .refine((v) => v.length > 0, rule('publicationType', 'choose at least one publication type')),
    palavras_chave: optional(500),
  })
  .refine(yearsInOrder, { ...rule('yearOrder', 'the first year cannot be after the last'), path: ['ano_fim'] });
export type LevantamentoBody = z.input<typeof levantamentoSchema>;

/** `POST …/pesquisa-especializada`: a search by a librarian on a subject, for a purpose. */
export const pesquisaEspecializadaSchema = z
  .object({
    ...common,
    assunto: required(500),
    objetivo: required(2000),
    fontes: optional(1000),
    idiomas: optional(200),
    ano_inicio: year.optional(),
    ano_fim: year.optional(),
    prazo: isoDate.optional().describe('when the patron needs it by'),
  })
  .refine(yearsInOrder, { ...rule('yearOrder', 'the first year cannot be after the last'), path: ['ano_fim'] });
export type PesquisaEspecializadaBody = z.input<typeof pesquisaEspecializadaSchema>;

/**
 * `POST …/ficha-catalografica` (and its draft, `…/previa`): the work's data — where its title
 * page (folha de rosto), abstract, introduction and bibliography are, its total pages and
 * illustrations — and its author, advisor, programme, degree, year and keywords.
 */
export const fichaSchema = z
  .object({
    ...common,
    autor_sobrenome: required(120),
    autor_nome: required(200),
    titulo: required(500),
    subtitulo: optional(500),
    orientador: required(300),
    coorientador: optional(300),
    programa: required(200).describe('the programme: "Educação" in "Doutorado em Educação"'),
    grau: z.enum(SHEET_DEGREES),
    instituicao: required(300),
    local: required(100),
    ano: year,
    folhas_preliminares: z.number().int().min(0).max(200).optional().describe('preliminary leaves (roman-numbered)'),
    pagina_folha_rosto: page,
    pagina_resumo: page,
    pagina_introducao: page,
    bibliografia_inicio: page,
    bibliografia_fim: page,
    total_paginas: page,
    ilustracoes: z.boolean(),
    palavras_chave: z
      .array(required(200))
      .max(5)
      .refine((v) => v.length > 0, rule('keywords', 'give at least one keyword')),
  })
  .refine((v) => v.bibliografia_inicio <= v.bibliografia_fim, {
    ...rule('pageOrder', 'the start page cannot be after the end page'),
    path: ['bibliografia_fim'],
  })
  .refine((v) => v.bibliografia_fim <= v.total_paginas, { ...rule('pagesTotal', 'a page cannot be after the last page'), path: ['bibliografia_fim'] })
  .refine((v) => [v.pagina_folha_rosto, v.pagina_resumo, v.pagina_introducao].every((p) => p <= v.total_paginas), {
    ...rule('pagesTotal', 'a page cannot be after the last page'),
    path: ['total_paginas'],
  });
export type FichaBody = z.input<typeof fichaSchema>;
export type Ficha = z.output<typeof fichaSchema>;

/** `POST …/emprestimo-inter-bibliotecas`: a title another institution's library holds, to pick up at one of ours. */
export const emprestimoInterSchema = z.object({
  ...common,
  instituicao: required(300).describe('the institution and library that hold the title'),
  titulo: required(500),
  autor: optional(300),
  ano: year.optional(),
  isbn: optional(20),
});
export type EmprestimoInterBody = z.input<typeof emprestimoInterSchema>;

/** A status change as the patron sees it: when, to what, and the library's note. */
export const requestEventSchema = z.object({ situacao: z.enum(REQUEST_STATUSES), nota: z.string().nullable(), em: z.string() });

/** A request in the patron's history (and in the staff queue). */
export const pedidoSchema = z
  .object({
    cod_solicitacao: z.number().int(),
    tipo: z.enum(REQUEST_TYPES),
    subtipo: z.enum(SWITCHING_KINDS).nullable(),
    resumo: z.string().describe('what was asked for, in a line'),
    biblioteca: z.string(),
    situacao: z.enum(REQUEST_STATUSES),
    nota: z.string().nullable().describe("the library's latest note"),
    criado_em: z.string(),
    historico: z.array(requestEventSchema),
    ficha_pronta: z.boolean().describe('a catalogue sheet the library has reviewed: its PDF can be downloaded'),
  })
  .meta({ id: 'Pedido' });
export type Pedido = z.infer<typeof pedidoSchema>;

/** The answer to a new request: its number and the confirmation to show. */
export const pedidoCriadoSchema = z.object({ codigo: z.number().int(), mensagem: z.string() }).meta({ id: 'PedidoCriado' });

/** `GET /api/solicitacoes/emprestimo-inter-bibliotecas/dados` (and what every request form starts from). */
export const dadosPedidoSchema = z
  .object({
    bibliotecas: z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() })),
    email: z.string().nullable().describe("the patron's address, to start the contact field with"),
    instituicao: z.string().describe("the institution's name (a catalogue sheet's university)"),
    limite: z.number().int().describe('open requests of one type a patron may have'),
  })
  .meta({ id: 'DadosPedido' });
export type DadosPedido = z.infer<typeof dadosPedidoSchema>;

export const pedidosQuerySchema = z.object({ status: z.enum(REQUEST_FILTERS).default('todas') });

/** The staff queue's filter, and a status change with the library's note (and a sheet's classification). */
export const filaPedidosQuerySchema = z.object({
  tipo: z.enum(REQUEST_TYPES).optional(),
  status: z.enum(REQUEST_FILTERS).default('todas'),
  biblioteca: z.coerce.number().int().positive().max(INT4_MAX).optional().describe('the library the request was made to'),
});

/** A request as the library's queue shows it: the patron's request and what the staff need to serve it. */
export const pedidoFilaSchema = pedidoSchema
  .extend({
    pessoa: z.string(),
    cod_pessoa: z.number().int(),
    cod_biblioteca: z.number().int(),
    dados: z.record(z.string(), z.unknown()).describe('every field the patron filled in'),
    classificacao: z.string().nullable(),
    cutter: z.string().nullable(),
    responsavel: z.object({ cod_pessoa: z.number().int(), nome: z.string() }).nullable().describe('the colleague the request is assigned to'),
  })
  .meta({ id: 'PedidoFila' });
export type PedidoFila = z.infer<typeof pedidoFilaSchema>;
export const mudancaPedidoSchema = z.object({
  situacao: z.enum(REQUEST_STATUSES),
  nota: optional(2000),
  classificacao: optional(40).describe('a catalogue sheet: its classification (CDD / CDU)'),
  cutter: optional(20).describe('a catalogue sheet: the author mark (Cutter-Sanborn, PHA)'),
});

const idParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });
const TAG = 'Solicitações';

/** The request calls (spec §7 "Requests"), their catalogue sheet PDFs, and the library's queue. */
export const requestsEndpoints = {
  startData: endpoint({
    method: 'GET',
    path: '/api/solicitacoes/emprestimo-inter-bibliotecas/dados',
    access: 'private',
    tag: TAG,
    summary: "What a request form starts from: the libraries, the patron's e-mail, the institution, the limit",
    response: dadosPedidoSchema,
  }),
  switching: endpoint({
    method: 'POST',
    path: '/api/solicitacoes/comutacao-bibliografica/:tipo',
    access: 'private',
    tag: TAG,
    summary: 'Ask for a copy of an article, a part or chapter, or a thesis (bibliographic switching)',
    description: 'The body is that of the kind in the path: COMUTACAO_SCHEMAS.artigo, .parte or .tese (checked against it, field by field).',
    params: z.object({ tipo: z.enum(SWITCHING_KINDS) }),
    body: z.record(z.string(), z.unknown()),
    response: pedidoCriadoSchema,
    status: 201,
    errors: [422, 502],
  }),
  survey: endpoint({
    method: 'POST',
    path: '/api/solicitacoes/levantamento-bibliografico',
    access: 'private',
    tag: TAG,
    summary: 'Ask for a bibliographic survey on a subject',
    body: levantamentoSchema,
    response: pedidoCriadoSchema,
    status: 201,
    errors: [422, 502],
  }),
  sheet: endpoint({
    method: 'POST',
    path: '/api/solicitacoes/ficha-catalografica',
    access: 'private',
    tag: TAG,
    summary: "Ask the library for a thesis's catalogue sheet",
    body: fichaSchema,
    response: pedidoCriadoSchema,
    status: 201,
    errors: [422, 502],
  }),
  sheetDraft: endpoint({
    method: 'POST',
    path: '/api/solicitacoes/ficha-catalografica/previa',
    access: 'private',
    tag: TAG,
    summary: 'The catalogue sheet as it would be printed, marked as a draft (PDF)',
    body: fichaSchema,
    response: z.string(),
    answer: 'file',
  }),
  sheetPdf: endpoint({
    method: 'GET',
    path: '/api/solicitacoes/ficha-catalografica/:id/pdf',
    access: 'private',
    tag: TAG,
    summary: 'The catalogue sheet the library reviewed (PDF)',
    params: idParams,
    response: z.string(),
    answer: 'file',
    errors: [404, 409],
  }),
  specialised: endpoint({
    method: 'POST',
    path: '/api/solicitacoes/pesquisa-especializada',
    access: 'private',
    tag: TAG,
    summary: 'Ask for a specialised search by a librarian',
    body: pesquisaEspecializadaSchema,
    response: pedidoCriadoSchema,
    status: 201,
    errors: [422, 502],
  }),
  interLibrary: endpoint({
    method: 'POST',
    path: '/api/solicitacoes/emprestimo-inter-bibliotecas',
    access: 'private',
    tag: TAG,
    summary: "Ask for an inter-library loan of a title another institution's library holds",
    body: emprestimoInterSchema,
    response: pedidoCriadoSchema,
    status: 201,
    errors: [422, 502],
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/solicitacoes/:tipo',
    access: 'private',
    tag: TAG,
    summary: "The patron's requests of a type, newest first, by status (spec §4)",
    params: z.object({ tipo: z.enum(REQUEST_TYPES) }),
    query: pedidosQuerySchema,
    response: z.array(pedidoSchema),
  }),
  queue: endpoint({
    method: 'GET',
    path: '/api/solicitacoes/balcao/fila',
    access: { staff: ['atendimento'] },
    tag: TAG,
    summary: "The library's queue of requests, by type and status (staff)",
    query: filaPedidosQuerySchema,
    response: z.array(pedidoFilaSchema),
  }),
  queueCounts: endpoint({
    method: 'GET',
    path: '/api/solicitacoes/balcao/contagem',
    access: { staff: ['atendimento'] },
    tag: TAG,
    summary: 'How many requests of each type are open (awaiting, in transit, available): the queue menu (staff)',
    response: z.record(z.enum(REQUEST_TYPES), z.number().int()),
  }),
  colleagues: endpoint({
    method: 'GET',
    path: '/api/solicitacoes/balcao/equipe',
    access: { staff: ['atendimento'] },
    tag: TAG,
    summary: 'The staff a request may be assigned to (those with the atendimento role)',
    response: z.array(z.object({ cod_pessoa: z.number().int(), nome: z.string() })),
  }),
  assign: endpoint({
    method: 'PUT',
    path: '/api/solicitacoes/balcao/:id/responsavel',
    access: { staff: ['atendimento'] },
    tag: TAG,
    summary: 'Assign a request to a colleague with the atendimento role, or to nobody (staff)',
    params: idParams,
    body: z.object({ cod_pessoa: z.number().int().positive().max(INT4_MAX).nullable() }),
    response: pedidoFilaSchema,
    errors: [404, 422],
  }),
  sheetPreview: endpoint({
    method: 'POST',
    path: '/api/solicitacoes/balcao/:id/ficha-previa',
    access: { staff: ['atendimento'] },
    tag: TAG,
    summary: "A catalogue sheet request's sheet as it would be released, with the classification and author mark given (PDF, staff)",
    params: idParams,
    body: z.object({ classificacao: required(40), cutter: required(20) }),
    response: z.string(),
    answer: 'file',
    errors: [404, 422],
  }),
  change: endpoint({
    method: 'PUT',
    path: '/api/solicitacoes/balcao/:id',
    access: { staff: ['atendimento'] },
    tag: TAG,
    summary: "Move a request on, with the library's note; the patron is e-mailed (staff)",
    params: idParams,
    body: mudancaPedidoSchema,
    response: pedidoFilaSchema,
    errors: [404, 422],
  }),
};
