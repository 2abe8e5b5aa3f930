import type { Db } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { configuredMailer, type Mailer } from '../lib/mail.js';
import { approveComment, pendingForModeration, rejectComment } from '../modules/comments/comments.service.js';
import { institutionCode, setActivity, setInstitutionCode, setInstitutionOidc, setInstitutionText } from '../modules/parameters/parameters.service.js';
import { INSTITUTION_TEXT_FIELDS } from '@estante/contracts';
import { checkIn, checkOut, expireHolds } from '../modules/circulation/desk.service.js';
import { advanceRequest } from '../modules/circulation/loan-requests.service.js';
import { recentGeneralComments, recentSuggestions } from '../modules/units/units.service.js';
import { addGeneratedTitles, seedDemoIfEmpty } from '../seed/demo.js';
import type { AdminProgress, AdminRequest } from './channel.js';
import { importFile } from './import-file.js';
import { describeJobs, listJobs } from '../lib/scheduler.js';
import { indexArticle, receiveIssue } from '../modules/catalog/serials.desk.js';
import { moveRequest, queue } from '../modules/requests/requests.service.js';
import { ACQUISITIONS_USAGE, acquisitionsCommand } from '../modules/acquisitions/acquisitions.desk.js';
import { NETWORK_USAGE, networkCommand } from '../modules/network/network.desk.js';
import { setProviderEntry } from '../modules/links/links.service.js';
import { listValueTranslations, setValueTranslation, VALUE_KINDS, type ValueKind } from '../modules/catalog/value-names.js';
import { REQUEST_FILTERS, REQUEST_STATUSES, REQUEST_TYPES, type RequestStatus, type RequestType } from '@estante/contracts';

/** Whether a staff-given text holds a control character (a tab, a newline, NUL…). */
function hasControlCharacters(text: string): boolean {
  return [...text].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
}

function describeInstitution(code: number | null): string {
  if (code === null) return 'the institution is not set up yet';
  const flow =
    code === 571 ? 'two-step sign-in with the duplicate-person chooser' : code === 87 ? 'sign-in with the category selector' : 'the usual sign-in form';
  return `institution code ${code}: ${flow}`;
}

export const USAGE = `usage:
  npm run comments -- list            comments awaiting approval
  npm run comments -- approve <id>    publish a comment
  npm run comments -- reject <id>     delete a comment that awaits approval
  npm run comments -- general         the latest general comments sent from the footer
  npm run comments -- suggestions     the latest acquisition suggestions
  npm run institution -- show         the institution's code and sign-in behaviour
  npm run institution -- code <n>     set the institution code: 571 two-step sign-in with the
                                      duplicate chooser, 87 category selector, others the usual form
  npm run institution -- activity <n> on|off
                                      switch a feature, e.g. 1120 (captcha on sign-in), 8 (Meu Pergamum)
  npm run institution -- oidc on [logout-url] | off
                                      offer the OIDC sign-in (the server needs OIDC_ISSUER and
                                      OIDC_CLIENT_ID) and leave through its logout link
  npm run institution -- text <field> <pt|en|es> '<text>'
                                      the institution's words in one language: field denominacao_login
                                      (what the username is called), msg_login (the sign-in page's
                                      welcome) or msg_suporte_consulta (support, HTML); '' unsets a translation
  npm run institution -- translate <kind> '<valor>' <en|es> '<text>'
                                      a controlled value's name in English or Spanish: kind area,
                                      tipo_area, tipo_emprestimo (loan type) or colecao (collection),
                                      the value as written in Portuguese; '' removes the translation
  npm run institution -- translations the controlled values translated so far
  npm run institution -- provider <key> '<json>' | off
                                      configure an external provider (decision 0023), e.g.
                                      pearson '{"entrega":"assinada","url":"https://…?token={token}",
                                      "dominios":["plataforma.bvirtual.com.br"],"categorias":["01"]}'
  npm run institution -- provider-key <key>
                                      the provider's signing key (from PROVIDER_SECRET), to give to it
  npm run circ -- checkout <tombo> <login>
                                      lend a copy (by accession number) at the desk
  npm run circ -- checkin <tombo>     take a copy back: fines a late return, releases the next hold
  npm run circ -- expire              expire holds not picked up by their deadline (the server
                                      also does it daily: npm run jobs -- list)
  npm run jobs -- list                the scheduled jobs, their last run and outcome, what is queued
  npm run requests -- list [type] [status]
                                      the patrons' requests (oldest first): type comutacao-bibliografica,
                                      levantamento-bibliografico, ficha-catalografica,
                                      pesquisa-especializada or emprestimo-inter-bibliotecas; status
                                      aguardando (the default), em_transito, disponivel, retirada,
                                      atendida, cancelada or todas
  npm run requests -- status <n> <status> [note]
                                      move request n on, with a note for the patron (e-mailed)
  npm run requests -- ficha <n> <classification> <author mark> [note]
                                      release catalogue sheet n, reviewed: its PDF can be downloaded
  npm run serials -- receive <title> <library> <year> <month> [volume] [number]
                                      record a serial issue as received today (the patrons who
                                      follow the serial are told within a minute)
  npm run serials -- article <issue> <title> [authors] [pages]
                                      index an article in an issue's table of contents
  npm run circ -- request <n> <status>
                                      move loan request n on: em_transito, disponivel, retirada,
                                      atendida, or cancelada
${ACQUISITIONS_USAGE}
${NETWORK_USAGE}`;

/**
 * What reaches a staff terminal: patron text (comments, suggestions) may carry escape sequences
 * that would move the cursor or recolour the screen; every control character but the line
 * breaks we print is shown as U+FFFD instead.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g, '\uFFFD');
}

/** Runs a staff command against the database and returns what to print. */
export async function runAdminCommand(
  db: Db,
  request: AdminRequest,
  progress: AdminProgress = () => undefined,
  mailer: Mailer = configuredMailer(null, ''),
): Promise<string> {
  try {
    return printable(await run(db, request, progress, mailer));
  } catch (error) {
    // A service's refusal reads, at the desk, as the patron would read it (in Portuguese).
    if (error instanceof AppError) throw new Error(error.text('pt'));
    throw error;
  }
}

async function run(db: Db, { command, args }: AdminRequest, progress: AdminProgress, mailer: Mailer): Promise<string> {
  const id = (): number => {
    const value = args[0] ?? '';
    if (!/^\d{1,9}$/.test(value)) throw new Error(`a comment number is needed\n${USAGE}`);
    return Number(value);
  };
  if (command.startsWith('acquisitions.')) return acquisitionsCommand(db, command.slice('acquisitions.'.length), args, mailer, USAGE);
  if (command.startsWith('network.')) return networkCommand(db, command.slice('network.'.length), args, progress, USAGE);
  switch (command) {
    case 'comments.list': {
      const rows = await pendingForModeration(db);
      if (rows.length === 0) return 'no comments await approval';
      return rows
        .map((r) => `#${r.cod_comentario}  ${r.data_envio}  ${r.nome} on "${r.titulo}" (title ${r.cod_acervo}):\n    ${r.texto.replace(/\s+/g, ' ')}`)
        .join('\n');
    }
    case 'comments.approve': {
      const n = id();
      if (!(await approveComment(db, n))) throw new Error(`comment ${n} does not exist or is already published`);
      return `comment ${n} approved: it is now public`;
    }
    case 'comments.reject': {
      const n = id();
      if (!(await rejectComment(db, n))) throw new Error(`comment ${n} does not exist or is already published`);
      return `comment ${n} rejected and deleted`;
    }
    case 'comments.general': {
      const rows = await recentGeneralComments(db);
      if (rows.length === 0) return 'no general comments yet';
      return rows.map((r) => `#${r.id}  ${r.enviadoEm.toISOString()}  ${r.pessoa} to ${r.biblioteca}:\n    ${r.texto.replace(/\s+/g, ' ')}`).join('\n');
    }
    case 'comments.suggestions': {
      const rows = await recentSuggestions(db);
      if (rows.length === 0) return 'no acquisition suggestions yet';
      return rows
        .map(
          (r) =>
            `#${r.id}  ${r.enviadoEm.toISOString()}  [${r.situacao}]  ${r.pessoa} for ${r.biblioteca}:\n    "${r.titulo}"${r.autor ? `, ${r.autor}` : ''} (${r.editor})`,
        )
        .join('\n');
    }
    case 'institution.show':
      return describeInstitution(await institutionCode(db));
    case 'institution.code': {
      const value = args[0] ?? '';
      if (!/^\d{1,6}$/.test(value)) throw new Error(`an institution code is needed\n${USAGE}`);
      if (!(await setInstitutionCode(db, Number(value)))) throw new Error('the institution is not set up yet');
      return describeInstitution(Number(value));
    }
    case 'institution.activity': {
      const [code = '', state = ''] = args;
      if (!/^\d{1,6}$/.test(code) || !['on', 'off'].includes(state)) throw new Error(`an activity code and on or off are needed\n${USAGE}`);
      if (!(await setActivity(db, Number(code), state === 'on'))) throw new Error(`activity ${code} does not exist`);
      return `activity ${code} is ${state}`;
    }
    case 'institution.oidc': {
      const [state = '', link] = args;
      if (!['on', 'off'].includes(state) || (link !== undefined && !/^https?:\/\/\S+$/.test(link)))
        throw new Error(`on or off (and an http(s) logout link) are needed\n${USAGE}`);
      if (!(await setInstitutionOidc(db, state === 'on', state === 'on' ? (link ?? null) : null))) throw new Error('the institution is not set up yet');
      return `OIDC sign-in is ${state}${link && state === 'on' ? `, logout through ${link}` : ''}`;
    }
    case 'institution.text': {
      const [field = '', language = '', text] = args;
      if (!(INSTITUTION_TEXT_FIELDS as readonly string[]).includes(field) || !['pt', 'en', 'es'].includes(language) || text === undefined)
        throw new Error(`a field (${INSTITUTION_TEXT_FIELDS.join(', ')}), a language (pt, en, es) and a text are needed\n${USAGE}`);
      const clean = text.trim();
      if (!(await setInstitutionText(db, field as (typeof INSTITUTION_TEXT_FIELDS)[number], language as 'pt' | 'en' | 'es', clean)))
        throw new Error('the institution is not set up yet');
      return clean ? `${field} in ${language}: ${clean}` : `${field} in ${language} unset`;
    }
    case 'institution.translate': {
      const [kind = '', value = '', language = '', text] = args;
      if (!(VALUE_KINDS as readonly string[]).includes(kind) || !value.trim() || !['en', 'es'].includes(language) || text === undefined)
        throw new Error(`a kind (${VALUE_KINDS.join(', ')}), the value in Portuguese, a language (en, es) and a text are needed\n${USAGE}`);
      if (hasControlCharacters(value + text) || value.length > 300 || text.length > 300)
        throw new Error('a value and a text of at most 300 characters, without control characters');
      await setValueTranslation(db, kind as ValueKind, value.trim(), language as 'en' | 'es', text);
      return text.trim() ? `${kind} '${value.trim()}' in ${language}: ${text.trim()}` : `${kind} '${value.trim()}' in ${language} unset`;
    }
    case 'institution.translations': {
      const rows = await listValueTranslations(db);
      return rows.length
        ? rows.map((r) => `${r.kind} · ${r.valor} · en: ${r.en ?? '—'} · es: ${r.es ?? '—'}`).join('\n')
        : 'no controlled value is translated yet';
    }
    case 'institution.provider': {
      const [recurso = '', entry = ''] = args;
      if (!recurso || !entry) throw new Error(`a provider key and its entry (JSON) or off are needed\n${USAGE}`);
      return setProviderEntry(db, recurso, entry);
    }
    case 'circ.checkout': {
      const [tombo, login] = args;
      if (!tombo || !login) throw new Error(`an accession number and a login are needed\n${USAGE}`);
      const loan = await checkOut(db, tombo, login);
      return `${tombo} lent to ${loan.nome} until ${loan.devolucao} (loan ${loan.cod_emprestimo})`;
    }
    case 'circ.checkin': {
      const [tombo] = args;
      if (!tombo) throw new Error(`an accession number is needed\n${USAGE}`);
      const done = await checkIn(db, tombo);
      const fine = done.multa ? `; fine R$ ${done.multa}` : '';
      const next = done.reserva ? `; kept for hold ${done.reserva.cod_reserva} until ${done.reserva.prazo}` : '; back on the shelf';
      return `${tombo} returned${fine}${next}`;
    }
    case 'circ.request': {
      const [number = '', status = ''] = args;
      if (!/^\d{1,9}$/.test(number)) throw new Error(`a loan request number and a status are needed\n${USAGE}`);
      return advanceRequest(db, Number(number), status);
    }
    case 'circ.expire':
      return `${await expireHolds(db)} hold(s) expired`;
    case 'ping':
      return 'pong';
    case 'requests.list': {
      const [first, second] = args;
      const tipo = first && (REQUEST_TYPES as readonly string[]).includes(first) ? (first as RequestType) : undefined;
      const status = (tipo ? second : first) ?? 'aguardando';
      if ((first && !tipo && !(REQUEST_FILTERS as readonly string[]).includes(first)) || !(REQUEST_FILTERS as readonly string[]).includes(status))
        throw new Error(`a request type and / or a status are expected\n${USAGE}`);
      const rows = await queue(db, tipo, status as RequestStatus | 'todas');
      if (rows.length === 0) return 'no requests';
      return rows
        .map(
          (r) =>
            `#${r.cod_solicitacao}  ${r.criado_em}  [${r.situacao}]  ${r.tipo}${r.subtipo ? `/${r.subtipo}` : ''}  ${r.pessoa} at ${r.biblioteca}:\n    ${r.resumo}`,
        )
        .join('\n');
    }
    case 'requests.status':
    case 'requests.ficha': {
      const sheet = command === 'requests.ficha';
      const [n = '', ...rest] = args;
      const [situacao, classificacao, cutter] = sheet ? ['disponivel', rest[0], rest[1]] : [rest[0] ?? '', undefined, undefined];
      const nota = (sheet ? rest.slice(2) : rest.slice(1)).join(' ').trim().slice(0, 2000) || undefined;
      if (!/^\d{1,9}$/.test(n) || !(REQUEST_STATUSES as readonly string[]).includes(situacao) || (sheet && (!classificacao || !cutter)))
        throw new Error(`${sheet ? 'a request number, a classification and an author mark' : 'a request number and a status'} are needed\n${USAGE}`);
      const moved = await moveRequest(db, mailer, Number(n), {
        situacao: situacao as RequestStatus,
        nota,
        classificacao: classificacao?.slice(0, 40),
        cutter: cutter?.slice(0, 20),
      });
      return `request ${moved.cod_solicitacao} is now ${moved.situacao}${moved.nota ? ` ("${moved.nota}")` : ''}; shown in Meu Pergamum and e-mailed to the patron`;
    }
    case 'serials.receive': {
      const [title = '', library = '', year = '', month = '', volume, number] = args;
      if (!/^\d{1,9}$/.test(title) || !/^\d{1,9}$/.test(library) || !/^\d{4}$/.test(year) || !/^(0?[1-9]|1[0-2])$/.test(month))
        throw new Error(`a title number, a library number, a year and a month are needed\n${USAGE}`);
      const text = (v: string | undefined) => (v && v.trim() ? v.trim().slice(0, 50) : null);
      const issue = await receiveIssue(db, {
        codAcervo: Number(title),
        codBiblioteca: Number(library),
        ano: Number(year),
        mes: Number(month),
        volume: text(volume),
        numero: text(number),
      });
      return `issue ${issue.cod_fasciculo} ${issue.novo ? 'added and ' : ''}received today`;
    }
    case 'serials.article': {
      const [issue = '', titulo = '', autores, paginas] = args;
      if (!/^\d{1,9}$/.test(issue) || !titulo.trim()) throw new Error(`an issue number and an article title are needed\n${USAGE}`);
      const seq = await indexArticle(db, Number(issue), {
        titulo: titulo.trim().slice(0, 500),
        autores: autores?.trim().slice(0, 500) || null,
        paginas: paginas?.trim().slice(0, 50) || null,
      });
      return `article ${seq} of issue ${issue} indexed`;
    }
    case 'jobs.list':
      return describeJobs(await listJobs(db));
    // npm run import while the server runs: the server reads the file (same machine, same user).
    case 'catalog.import': {
      const [file] = args;
      if (!file || !file.startsWith('/')) throw new Error('an absolute file path is needed');
      return JSON.stringify(await importFile(db, file, progress));
    }
    case 'catalog.generate': {
      const [count = '', from = '1'] = args;
      if (!/^\d{1,9}$/.test(count) || !/^\d{1,9}$/.test(from) || Number(count) < 1 || Number(from) < 1)
        throw new Error('usage: npm run generate -- --titles N [--from K]');
      await seedDemoIfEmpty(db, { titles: 0 });
      const started = Date.now();
      const made = await addGeneratedTitles(db, Number(count), Number(from), (n) => progress({ n, count: Number(count) }));
      return `${made.titles} titles and ${made.copies} copies written in ${((Date.now() - started) / 1000).toFixed(1)} s (through the running server)`;
    }
    default:
      throw new Error(`unknown command ${command}\n${USAGE}`);
  }
}
