import { type Access, type Endpoint, staffRolesOf } from '@estante/contracts/kernel';

/**
 * The words of the OpenAPI document that are not in the declarations (issue 56 item 11): what an
 * operation answers and who may call it, said from its declaration; what each path and query
 * parameter means, by its name, where the schema has no `.describe()`. They live here, on the
 * API's side, because a text in a contracts schema the web parses (the search's query, a form's
 * body) travels to the browser; the web build strips `summary` and `description` from every
 * `endpoint({…})` (vite/endpoint-addresses.ts).
 */

type Json = Record<string, unknown>;

const SCHEMA_REF = '#/components/schemas/';

/** A JSON answer's shape in a few words: the component it is, a list of them, or its first keys. */
function shapeOf(schema: Json | undefined): string {
  if (!schema) return 'JSON';
  if (typeof schema.$ref === 'string') return `\`${schema.$ref.slice(SCHEMA_REF.length)}\` (JSON)`;
  if (schema.type === 'array') {
    const items = schema.items as Json | undefined;
    return typeof items?.$ref === 'string' ? `a JSON list of \`${items.$ref.slice(SCHEMA_REF.length)}\`` : 'a JSON list';
  }
  if (schema.type === 'object') {
    const keys = Object.keys((schema.properties as Json | undefined) ?? {});
    if (keys.length === 0) return 'an empty JSON object';
    const shown = keys.slice(0, 5).map((key) => `\`${key}\``);
    return `a JSON object with ${shown.join(', ')}${keys.length > shown.length ? ', …' : ''}`;
  }
  if (schema.type === 'null') return '`null`';
  if (typeof schema.type === 'string') return `a JSON ${schema.type}`;
  return 'JSON';
}

/** What a success brings the client, from the declaration (status, answer kind) and its JSON schema. */
function answerSentence(endpoint: Endpoint, json: Json | undefined, fileTypes: readonly string[] | undefined): string {
  const status = endpoint.status ?? 200;
  if (endpoint.answer === 'redirect') return 'Answers 303: the browser goes on to the address in `Location`.';
  if (endpoint.answer === 'file') return `Answers ${status} with ${(fileTypes ?? ['bytes']).join(' or ')}.`;
  if (status === 204) return 'Answers 204 with no body.';
  const file = fileTypes ? `, or a file (${fileTypes.join(', ')}) when one is asked for` : '';
  return `Answers ${status} with ${shapeOf(json)}${file}.`;
}

/** Who may call, in words (the same as the security requirement and `x-estante-access`). */
export function accessSentence(access: Access): string {
  const roles = staffRolesOf(access);
  if (roles) {
    const named = roles.map((role) => `\`${role}\``);
    return `Staff only: a patron's token whose person holds ${named.length === 1 ? `the role ${named[0]}` : `one of the roles ${named.join(', ')}`}.`;
  }
  const sentences: Record<Exclude<Access, object>, string> = {
    open: 'No token needed.',
    public: "Takes the anonymous token (client_credentials grant) or a patron's.",
    either: "Takes a patron's token (their own view) or the anonymous one.",
    private: "Needs a patron's token (password grant); the anonymous one is refused with 403.",
  };
  return sentences[access as Exclude<Access, object>];
}

/**
 * The operation's description: the declaration's own words when it has them, then what a
 * success answers and who may call.
 */
export function operationDescription(endpoint: Endpoint, json: unknown, fileTypes: readonly string[] | undefined): string {
  return [endpoint.description, answerSentence(endpoint, json as Json | undefined, fileTypes), accessSentence(endpoint.access)].filter(Boolean).join('\n\n');
}

/** What `{id}` numbers, by the path segment before it. */
const ID_OF: Record<string, string> = {
  acervo: "The title's number (`cod_acervo`).",
  abnt: "The title's number (`cod_acervo`).",
  reserva: "The title's number (`cod_acervo`).",
  'solicitacao-emprestimo': "The title's number (`cod_acervo`).",
  sumario: "The title's number (`cod_acervo`).",
  kardex: "The serial title's number (`cod_acervo`).",
  target: "The technical standard's title number (`cod_acervo`).",
  'cesta-permanente': "The title's number (`cod_acervo`) in the permanent basket.",
  autoridade: "The authority record's number.",
  sugestoes: "The acquisition suggestion's number.",
  pedidos: "The purchase order's number.",
  campus: "The campus's number.",
  biblioteca: "The library's number.",
  bibliotecas: "The library's number.",
  curso: "The course's number.",
  disciplina: "The discipline's number.",
  professor: "The professor's number.",
  fasciculos: "The serial issue's number.",
  'solicitacoes-emprestimo': "The loan request's number.",
  usuario: "The comment's number.",
  comentarios: "The comment's number.",
  alertas: "The alert's number.",
  correio: "The logged message's number.",
  parceiros: "The network partner's number.",
  atividade: "The activity's code (a feature of the catalogue).",
  notas: "The note's number.",
  'ficha-catalografica': "The catalogue sheet request's number.",
  balcao: "The request's number.",
  'pesquisas-salvas': "The saved search's number.",
};

/** The search's rows (`termo1`…`termo5` and the rest of each row): spec §5's advanced search. */
const SEARCH_ROW: Record<string, string> = {
  termo: 'The words of search row {n}.',
  campo: 'The field row {n} searches: livre (every field), titulo, autor, assunto, serie, editora, chamada or isbn.',
  tipo: 'How row {n} matches its words: palavras (all of them, anywhere), frase (the exact phrase) or inicio (starting with).',
  operador:
    "How row {n} joins the rows before it: E (and), OU (or), NAO (and not), ANTES / DEPOIS / PROXIMO (the words before, after or near the previous row's).",
  similar: 'Row {n} also finds similar spellings (1 or true).',
};

/** Parameters whose meaning is the same wherever they appear (query parameters unless said). */
const BY_NAME: Record<string, string> = {
  codPessoa: "The person's number (`cod_pessoa`) of the patron concerned.",
  codDebito: "The debt's number.",
  dataIni: 'The first day of the period (YYYY-MM-DD).',
  dataFim: 'The last day of the period (YYYY-MM-DD), not before `dataIni`.',
  de: 'From this day (YYYY-MM-DD).',
  ate: 'Up to this day (YYYY-MM-DD).',
  situacao: 'Only those in this state.',
  status: 'Only those in this state (todas: all).',
  biblioteca: "The library's number (`cod_biblioteca`).",
  cod_biblioteca: "The library's number (`cod_biblioteca`).",
  codBib: "The library's number (`cod_biblioteca`).",
  cod_unidade: "Only this library's copies (its number, `cod_biblioteca`).",
  bibliotecas: "The libraries' numbers, comma-separated.",
  campus: "The campus's number.",
  codCampus: 'Only those of this campus (its number).',
  categoria: "The patron category's code (`cod_categoria`).",
  ano: 'The year (YYYY).',
  year: 'The year (YYYY).',
  semestre: 'The semester (1 or 2).',
  periodo: 'The course period (term) number.',
  departamento: "The department's number.",
  disciplina: "The discipline's number.",
  curso: 'Only titles in the teaching plans of this course (its number).',
  professor: 'Only titles in the teaching plans of this professor (their number).',
  login: 'The login to suggest at the provider (optional).',
  redirect: 'Where in the site to land after signing in: a path of this site (starting with one `/`).',
  destino: 'Where to land after the redirect: a path of this site (starting with one `/`).',
  code: "The provider's authorization code (OIDC).",
  state: 'The state this site sent to the provider, echoed back (OIDC).',
  error: "The provider's error code, when the sign-in failed (OIDC).",
  user: 'The login or registration code of the person.',
  usuario: 'The username whose registrations are listed.',
  recaptcha_token: "The captcha's answer when activity 1120 is on: an ALTCHA payload (base64) or a reCAPTCHA token.",
  tipoBusca: 'todos: the whole basket; periodo: only what was added between `dataIni` and `dataFim`.',
  search_text: 'Words of the name (or code) to look for.',
  page: 'The page, from 1.',
  pagina: 'The page, from 1.',
  quantPag: 'Titles a page.',
  quantidade: 'How many headings to answer.',
  estilo: 'The citation style: abnt (default), apa or vancouver.',
  liberacao: '1 adds the record as MARCXML and ISO 2709.',
  codPar: 'The part of the serial: F (issues), S (supplements) or I (indexes).',
  codPeriod: 'The frequency (MARC 008/18): m monthly, b bimonthly, q quarterly, t three times a year, f half-yearly, a yearly, u unknown.',
  seqPar: "The issue's sequence number in its part.",
  seqSec: "The table of contents entry's sequence number.",
  cod_acervo: "The title's number (`cod_acervo`).",
  acervo: "The title's number (`cod_acervo`).",
  acervos: "The titles' numbers (`cod_acervo`), comma-separated.",
  autoridades: "The authority records' numbers, comma-separated.",
  limite: 'At most this many.',
  seq: "The link's sequence number in the title record.",
  volume: 'Only this volume.',
  tomo: 'Only this tome.',
  parte: 'Only this part.',
  reservas: "The holds' numbers (`cod_reserva`), comma-separated.",
  showDetails: 'Any value asks for each loan with its details.',
  multa: 'S: only the loans fined; N: only those not fined.',
  formato: 'The file: csv or pdf.',
  idioma: 'The language: pt, en or es.',
  chave: 'The secret key of the feed (43 characters), from the address the patron made.',
  tipoPesquisa: 'What to look for: area (knowledge area), autor or assunto.',
  termoPesquisa: 'Words to look for (each of three characters or more).',
  tipoDSI: 'What is followed: area, autor or assunto.',
  nome: "The job's name (`<module>.<job>`).",
  para: 'Only messages sent to this address.',
  recurso: "The external provider's key.",
  busca: 'Login, CPF or words of the name (each of three letters or more).',
  termo: 'The beginning typed so far (three characters or more).',
  campo: 'Where to suggest from: livre (any), titulo, autor or assunto.',
  inicio: 'Start the index at this heading (empty: the beginning).',
  search_tab: 'The search tab whose facets are asked for.',
  autor: "Only acts of this staff member (their person's number).",
  filtro: 'A facet filter, `<facet>:<value>`; repeat the parameter for several.',
  ordenacao: 'The sort order: C relevance (default), T title, A author, N newest, O oldest.',
  base: 'The search base (the catalogue unless given: rede for the partner network, target_gedweb, …).',
  novas: 'Only titles acquired in the last this-many days.',
  exato: '1: the words exactly as typed; a search that finds nothing is not replaced by its "did you mean".',
};

/** `tipo` and `categoria` name different things in different places: told by the path. */
function byPath(name: string, path: string): string | undefined {
  if (name === 'codigo') {
    if (path.includes('/nada-consta/')) return "The declaration's verification code (XXXX-XXXX-XXXX).";
    if (path.includes('/atividades/')) return "The activity's code.";
    if (path.includes('/leitura')) return "What the desk's one input read: a patron's card or login, a copy's barcode.";
    if (path.includes('/perfil-interesse/')) return 'The code of what is no longer followed.';
  }
  if (name === 'tipo') {
    if (path.includes('/politicas/')) return "The loan type (the copy's `tipo_emprestimo`).";
    if (path.includes('/feeds/')) return 'Which private feed: alertas (Atom) or vencimentos (iCalendar).';
    if (path.includes('/comutacao-bibliografica/')) return 'What is asked for: artigo (an article), parte (a part or chapter) or tese (a thesis).';
    if (path.includes('/solicitacoes/')) return 'The kind of request (spec §4).';
    if (path.includes('/autoridades')) return 'Only authorities of this kind.';
    if (path.includes('/indice')) return 'The index to browse.';
  }
  return undefined;
}

/**
 * The description of a path or query parameter (its schema's own `.describe()` comes first):
 * `{id}` by the path segment before it, a search row's by its number, the rest by name; undefined
 * when the name is unknown (the docs test then fails: add it here or describe the schema).
 */
export function parameterDescription(name: string, where: string, path: string): string | undefined {
  if (where === 'path' && name === 'id') {
    const segment = path.split('/{id}')[0]!.split('/').at(-1) ?? '';
    return ID_OF[segment];
  }
  const row = /^([a-z]+)([1-5])$/.exec(name);
  if (row && SEARCH_ROW[row[1]!]) return SEARCH_ROW[row[1]!]!.replace('{n}', row[2]!);
  return byPath(name, path) ?? BY_NAME[name];
}
