import {
  DIGEST_FREQUENCIES,
  DSI_TYPES,
  type DigestFrequency,
  type DsiType,
  type EntradaPerfil,
  type InfoAuxiliarPerfil,
  MAX_INTEREST_ENTRIES,
} from '@estante/contracts/interest';
import { type Language } from '@estante/contracts/kernel';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { lockPatron } from '../account/account.service.js';
import { errors, messages } from './interest.messages.js';
import {
  alertsOf,
  areasNamed,
  auxiliaryInfo,
  claimAlerts,
  releaseAlerts,
  deleteAlert,
  deleteEntry,
  type DigestRow,
  dueDigests,
  entriesOf,
  entryCount,
  entryOf,
  findAreas,
  findHeadings,
  findSerials,
  librariesNamed,
  frequencyOf,
  markRead,
  matchNewIssues,
  matchNewTitles,
  profileTitles,
  serialsNamed,
  setFrequency,
  unreadCount,
  updateEntry,
  upsertEntries,
  workTypesNamed,
} from './interest.queries.js';

const LOOKUP_LIMIT = 50;
const WORK_TYPE = ['tipo_obra'] as const;
const SERIAL = ['periodico'] as const;

/** A validity must not be in the past (today is the last day an entry of today's validity matches). */
async function checkValidity(db: Db, validade: string): Promise<void> {
  const [row] = await queryRows<{ past: boolean }>(db, sql`select ${validade}::date < current_date as past`);
  if (row?.past) throw errors.validityPast();
}

/** `GET …/areas-interesse/info-auxiliar`. */
export async function auxiliary(db: Db, codPessoa: number, language: Language): Promise<InfoAuxiliarPerfil> {
  const [{ types, libraries, languages }, frequencia, [today]] = await Promise.all([
    auxiliaryInfo(db),
    frequencyOf(db, codPessoa),
    queryRows<{ in_a_year: string }>(db, sql`select to_char(current_date + interval '1 year', 'YYYY-MM-DD') as in_a_year`),
  ]);
  return {
    tipos: DSI_TYPES.map((codigo) => ({ codigo, descricao: messages.t(`kind.${codigo}`, language) })),
    tipos_obra: types,
    bibliotecas: libraries,
    idiomas: languages.map((l) => ({ codigo: l.codigo, nome: { pt: l.nome_pt, en: l.nome_en, es: l.nome_es }[language] })),
    frequencia,
    validade_padrao: today!.in_a_year,
  };
}

/** `GET …/area-autor-assunto/pesquisa`: areas by name, or author / subject headings as catalogued. */
export function lookup(db: Db, tipo: DsiType, term: string) {
  return tipo === 'area' ? findAreas(db, term, LOOKUP_LIMIT) : findHeadings(db, tipo, term, LOOKUP_LIMIT);
}

/** Adds entries after the profile's limit is checked, the patron's limits serialised (two tabs at once stay within it). */
async function addEntries(
  db: Db,
  codPessoa: number,
  tipo: string,
  validade: string,
  items: { termo: string; descricao: string }[],
  fasciculo = false,
): Promise<EntradaPerfil[]> {
  await checkValidity(db, validade);
  return db.transaction(async (tx) => {
    await lockPatron(tx, codPessoa);
    const kept = await entryCount(tx, codPessoa);
    if (kept + items.length > MAX_INTEREST_ENTRIES) throw errors.profileFull(MAX_INTEREST_ENTRIES);
    const ids = new Set(await upsertEntries(tx, codPessoa, tipo, validade, items, fasciculo));
    return (await entriesOf(tx, codPessoa, [tipo])).filter((e) => ids.has(e.codigo));
  });
}

/**
 * `POST …/area-autor-assunto`: areas by number (each must exist), authors and subjects by their
 * heading (what the look-up answered). Following one again renews its validity.
 */
export async function addAreas(db: Db, codPessoa: number, body: { tipoDSI: DsiType; validade: string; itens: string[] }): Promise<EntradaPerfil[]> {
  const unique = [...new Set(body.itens.map((i) => i.trim()))];
  let items: { termo: string; descricao: string }[];
  if (body.tipoDSI === 'area') {
    const ids = unique.map((i) => (/^\d{1,9}$/.test(i) ? Number(i) : NaN));
    const named = await areasNamed(
      db,
      ids.filter((i) => Number.isFinite(i)),
    );
    const missing = unique.filter((i) => !named.some((a) => String(a.id) === i));
    if (missing.length) throw errors.unknownItems(missing.slice(0, 5).join(', '));
    items = named.map((a) => ({ termo: String(a.id), descricao: a.descricao }));
  } else items = unique.map((heading) => ({ termo: heading, descricao: heading }));
  return addEntries(db, codPessoa, body.tipoDSI, body.validade, items);
}

/** `GET …/area-autor-assunto`. */
export function areas(db: Db, codPessoa: number) {
  return entriesOf(db, codPessoa, DSI_TYPES);
}

/** `DELETE …/area-autor-assunto`: 404 for an entry that is not the patron's, or not of that kind. */
export async function removeArea(db: Db, codPessoa: number, codigo: number, tipo: DsiType) {
  if (!(await deleteEntry(db, codPessoa, codigo, [tipo]))) throw errors.entryNotFound(codigo);
  return { ok: true as const };
}

/** `PUT …/area-autor-assunto/validade`. */
export async function changeAreaValidity(db: Db, codPessoa: number, body: { codigo: number; tipoDSI: DsiType; validade: string }) {
  await checkValidity(db, body.validade);
  if (!(await updateEntry(db, codPessoa, body.codigo, [body.tipoDSI], { validade: body.validade }))) throw errors.entryNotFound(body.codigo);
  return (await entryOf(db, codPessoa, body.codigo, [body.tipoDSI]))!;
}

/** `POST …/tipo-obra`: work types by number (each must exist). */
export async function addWorkTypes(db: Db, codPessoa: number, body: { validade: string; itens: number[] }) {
  const unique = [...new Set(body.itens)];
  const named = await workTypesNamed(db, unique);
  const missing = unique.filter((i) => !named.some((w) => w.id === i));
  if (missing.length) throw errors.unknownItems(missing.slice(0, 5).join(', '));
  return addEntries(
    db,
    codPessoa,
    'tipo_obra',
    body.validade,
    named.map((w) => ({ termo: String(w.id), descricao: w.descricao })),
  );
}

/** `GET …/tipo-obra`. */
export function workTypes(db: Db, codPessoa: number) {
  return entriesOf(db, codPessoa, WORK_TYPE);
}

/** `PUT …/tipo-obra`: validity, libraries (each must exist) and languages. */
export async function changeWorkType(db: Db, codPessoa: number, body: { codigo: number; validade?: string; bibliotecas?: number[]; idiomas?: string[] }) {
  if (body.validade) await checkValidity(db, body.validade);
  const bibliotecas = await knownLibraries(db, body.bibliotecas);
  const idiomas = body.idiomas && [...new Set(body.idiomas)];
  if (!(await updateEntry(db, codPessoa, body.codigo, WORK_TYPE, { validade: body.validade, bibliotecas, idiomas }))) throw errors.entryNotFound(body.codigo);
  return (await entryOf(db, codPessoa, body.codigo, WORK_TYPE))!;
}

/** The libraries given, once each, after checking each exists (422 naming those that do not). */
async function knownLibraries(db: Db, given: number[] | undefined): Promise<number[] | undefined> {
  const bibliotecas = given && [...new Set(given)];
  if (!bibliotecas?.length) return bibliotecas;
  const known = await librariesNamed(db, bibliotecas);
  const missing = bibliotecas.filter((b) => !known.some((k) => k.id === b));
  if (missing.length) throw errors.unknownItems(missing.join(', '));
  return bibliotecas;
}

/** `GET …/periodicos/pesquisa`: serials by title, held at the libraries given (each must exist). */
export async function lookupSerials(db: Db, term: string, bibliotecas: number[] = []) {
  return findSerials(db, term, (await knownLibraries(db, bibliotecas)) ?? [], LOOKUP_LIMIT);
}

/** `POST …/periodicos`: serials by title number (each must be a serial); new issues are told of from now on. */
export async function addSerials(db: Db, codPessoa: number, body: { validade: string; itens: number[] }) {
  const unique = [...new Set(body.itens)];
  const named = await serialsNamed(db, unique);
  const missing = unique.filter((i) => !named.some((w) => w.id === i));
  if (missing.length) throw errors.unknownItems(missing.slice(0, 5).join(', '));
  return addEntries(
    db,
    codPessoa,
    'periodico',
    body.validade,
    named.map((w) => ({ termo: String(w.id), descricao: w.descricao })),
    true,
  );
}

/** `GET …/periodicos`. */
export function serials(db: Db, codPessoa: number) {
  return entriesOf(db, codPessoa, SERIAL);
}

/** `PUT …/periodicos`: validity, what it tells of (issues, articles, contents), libraries. */
export async function changeSerial(
  db: Db,
  codPessoa: number,
  body: { codigo: number; validade?: string; fasciculo?: boolean; artigo?: boolean; sumario?: boolean; bibliotecas?: number[] },
) {
  if (body.validade) await checkValidity(db, body.validade);
  const bibliotecas = await knownLibraries(db, body.bibliotecas);
  const { fasciculo, artigo, sumario, validade } = body;
  if (!(await updateEntry(db, codPessoa, body.codigo, SERIAL, { validade, bibliotecas, fasciculo, artigo, sumario }))) throw errors.entryNotFound(body.codigo);
  return (await entryOf(db, codPessoa, body.codigo, SERIAL))!;
}

/** `DELETE …/periodicos`. */
export async function removeSerial(db: Db, codPessoa: number, codigo: number) {
  if (!(await deleteEntry(db, codPessoa, codigo, SERIAL))) throw errors.entryNotFound(codigo);
  return { ok: true as const };
}

/** `DELETE …/tipo-obra`. */
export async function removeWorkType(db: Db, codPessoa: number, codigo: number) {
  if (!(await deleteEntry(db, codPessoa, codigo, WORK_TYPE))) throw errors.entryNotFound(codigo);
  return { ok: true as const };
}

/** `PUT …/frequencia`. */
export async function changeFrequency(db: Db, codPessoa: number, frequencia: DigestFrequency) {
  await setFrequency(db, codPessoa, frequencia);
  return { frequencia };
}

/** `GET …/titulos`: the titles the profile matches, catalogued from a month ago up to today unless a period is given (spec §9). */
export async function titles(db: Db, codPessoa: number, query: { dataIni?: string; dataFim?: string }) {
  let { dataIni, dataFim } = query;
  if (!dataIni || !dataFim) {
    const [period] = await queryRows<{ from: string; to: string }>(
      db,
      sql`select to_char(current_date - interval '1 month', 'YYYY-MM-DD') as "from", to_char(current_date, 'YYYY-MM-DD') as "to"`,
    );
    ({ from: dataIni, to: dataFim } = period!);
  }
  return profileTitles(db, codPessoa, dataIni, dataFim);
}

/** `GET /api/solicitacoes/alertas`: the patron's alerts (in the period, when given) and how many are unread. */
export async function alerts(db: Db, codPessoa: number, query: { dataIni?: string; dataFim?: string }) {
  const period = query.dataIni && query.dataFim ? { from: query.dataIni, to: query.dataFim } : undefined;
  const [itens, nao_lidos] = await Promise.all([alertsOf(db, codPessoa, period), unreadCount(db, codPessoa)]);
  return { itens, nao_lidos };
}

/** `PUT /api/solicitacoes/alertas/{id}`: read (lido becomes true); 404 for another patron's. */
export async function readAlert(db: Db, codPessoa: number, id: number) {
  const alert = await markRead(db, codPessoa, id);
  if (!alert) throw errors.alertNotFound(id);
  return alert;
}

/** `DELETE /api/solicitacoes/alertas/{id}`. */
export async function removeAlert(db: Db, codPessoa: number, id: number) {
  if (!(await deleteAlert(db, codPessoa, id))) throw errors.alertNotFound(id);
  return { ok: true as const };
}

/** An alert's lines in a digest: a title and why; a serial's new issue, article, or contents (its articles listed). */
function digestLines(a: DigestRow['alerts'][number], language: Language): string[] {
  const title = a.autor ? `${a.titulo} / ${a.autor}` : a.titulo;
  if (a.tipo === 'titulo') return [messages.t('digest.line', language, { title, reason: a.motivo })];
  const line = messages.t(`digest.${a.tipo}`, language, { title: a.titulo, detail: a.detalhe ?? '' });
  return a.tipo === 'sumario' ? [line, ...(a.artigos ?? []).map((article) => `    · ${article}`)] : [line];
}

/**
 * The digests due, e-mailed: one message per patron listing their new alerts. Each patron's
 * alerts are claimed (committed: two servers never both send one), then sent outside any
 * transaction (a slow mail server holds no connection, issue 52); a failed send gives the claim
 * back for the next run. The institution's language: patrons read it at the desk too.
 */
export async function sendDigests(
  db: Db,
  mailer: Mailer,
  frequencies: readonly DigestFrequency[] = DIGEST_FREQUENCIES,
  only?: number[],
  language: Language = 'pt',
) {
  let sent = 0;
  let failures = 0;
  for (const due of await dueDigests(db, frequencies, only)) {
    const claim = await claimAlerts(
      db,
      due.cod_pessoa,
      due.alerts.map((a) => a.id),
    );
    const claimed = new Set(claim.ids);
    const mine = due.alerts.filter((a) => claimed.has(a.id));
    if (mine.length === 0) continue;
    const lines = mine.flatMap((a) => digestLines(a, language));
    try {
      await mailer.send({
        to: [due.email],
        subject: messages.t('digest.subject', language, { count: mine.length }),
        text: [messages.t('digest.intro', language, { name: due.nome.split(' ')[0] ?? '' }), ...lines, '', messages.t('digest.close', language)].join('\n'),
      });
      sent++;
    } catch {
      await releaseAlerts(db, due.cod_pessoa, claim.ids, claim.previousSend);
      failures++;
    }
  }
  const outcome = `${sent} digest(s) sent`;
  if (failures > 0) throw new Error(`${outcome}; ${failures} patron(s) could not be e-mailed`);
  return outcome;
}

/** The matching job: new titles against every profile; the immediate digests go out at once. */
export async function matchAndNotify(db: Db, mailer: Mailer): Promise<string> {
  const titles = await matchNewTitles(db);
  const issues = await matchNewIssues(db);
  const created = titles.alerts + issues.alerts;
  const patrons = [...new Set([...titles.patrons, ...issues.patrons])];
  const digests = patrons.length ? await sendDigests(db, mailer, ['imediata'], patrons) : '0 digest(s) sent';
  return `${created} alert(s) for ${patrons.length} patron(s); ${digests}`;
}
