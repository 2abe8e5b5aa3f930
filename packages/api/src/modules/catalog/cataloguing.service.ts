/**
 * The cataloguing screens (issue 57, item 3; role catalogação; decision 0057): a MARC file
 * uploaded from the staff area and imported in the background, as `npm run import` asks a running
 * server to (admin/import-file.ts `importFile`, inside lib/import-window.ts `asImport`), its
 * progress and report kept in catalog_uploads; a title's copies added, edited, moved and
 * withdrawn; a title suppressed from the OPAC or deleted (catalog.queries.ts `deleteTitle`, the
 * rules of deletes from the source). Every write audited in its own transaction.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  type CatalogTitleDetail,
  CATALOGUER_STATUSES,
  type CopyBody,
  type CopyEditBody,
  UPLOAD_MAX_BYTES,
  type UploadQuery,
  type UploadReport,
  type UploadState,
} from '@estante/contracts/catalog';
import type { Db } from '../../db/client.js';
import { audited } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { asImport } from '../../lib/import-window.js';
import { importFile } from '../../admin/import-file.js';
import type { ImportResult } from './catalog.import.js';
import { errors } from './catalog.messages.js';
import { deleteTitle } from './catalog.queries.js';
import { readyHoldings } from './holdings.import.js';
import type { CopyStatus, HoldingsArgs } from './holdings.map.js';
import {
  claimUpload,
  copiesOfTitle,
  copyForUpdate,
  copyOptions,
  copyReferences,
  type CopyRow,
  type CopyWrite,
  deleteCopy,
  endUpload,
  findTitles,
  insertCopy,
  lastUpload,
  libraryExists,
  loanTypeExists,
  setSuppressed,
  titleRow,
  type TitleRow,
  updateCopy,
  type UploadRow,
  uploadProgress,
} from './cataloguing.queries.js';

/** Copy statuses circulation set: a copy in one is in someone's hands or on its way to them. */
const CIRCULATING = new Set(['emprestado', 'reservado', 'em_transito']);

// ---- Titles and copies ----

function titleOut(t: TitleRow) {
  return {
    cod_acervo: t.cod_acervo,
    numero_controle: t.control_number,
    titulo: t.title,
    autor: t.author,
    ano: t.ano_publicacao,
    suprimido: t.suppressed,
    exemplares: t.copies,
  };
}

function copyOut(c: CopyRow) {
  return {
    cod_exemplar: c.cod_exemplar,
    tombo: c.tombo,
    cod_biblioteca: c.cod_biblioteca,
    biblioteca: c.biblioteca,
    cod_tipo_emprestimo: c.cod_tipo_emprestimo,
    tipo_emprestimo: c.tipo_emprestimo,
    localizacao: c.localizacao,
    colecao: c.colecao,
    volume: c.volume,
    material: c.material,
    situacao: c.status as CopyStatus,
    acervo_fechado: c.acervo_fechado,
    data_aquisicao: c.data_aquisicao,
  };
}

/** The libraries and loan types a copy may name, and the statuses a cataloguer sets. */
export async function cataloguingOptions(db: Db) {
  const { libraries, loanTypes } = await copyOptions(db);
  return { bibliotecas: libraries, tipos_emprestimo: loanTypes, situacoes: [...CATALOGUER_STATUSES] };
}

/** Titles by number, control number or words (suppressed ones too). */
export async function searchTitles(db: Db, term: string) {
  return (await findTitles(db, term.trim())).map(titleOut);
}

/** A title with its copies; 404 when there is none. */
export async function titleDetail(db: Db, id: number): Promise<CatalogTitleDetail> {
  const title = await titleRow(db, id);
  if (!title) throw errors.titleNotFound(id);
  return { ...titleOut(title), copias: (await copiesOfTitle(db, id)).map(copyOut) };
}

/** A copy's body as written, with the title it belongs to and its status. */
function written(body: CopyBody, codAcervo: number, status: string, closedStacks: boolean): CopyWrite {
  const blank = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
  return {
    tombo: body.tombo.trim(),
    codAcervo,
    codBiblioteca: body.cod_biblioteca,
    codTipoEmprestimo: body.cod_tipo_emprestimo,
    localizacao: body.localizacao.trim(),
    colecao: blank(body.colecao),
    volume: blank(body.volume),
    material: blank(body.material),
    status,
    acervoFechado: body.acervo_fechado ?? closedStacks,
  };
}

/** 404 when the library or the loan type a copy names does not exist. */
async function checkReferences(db: Db, body: CopyBody): Promise<void> {
  if (!(await libraryExists(db, body.cod_biblioteca))) throw errors.lookupNotFound('BibliotecaNaoEncontrada', body.cod_biblioteca);
  if (!(await loanTypeExists(db, body.cod_tipo_emprestimo))) throw errors.loanTypeNotFound(body.cod_tipo_emprestimo);
}

/** Adds a copy to a title (its barcode unique: 409); audited. Answers the title with its copies. */
export async function addCopy(db: Db, codAcervo: number, body: CopyBody, actor: string): Promise<CatalogTitleDetail> {
  await checkReferences(db, body);
  const copy = written(body, codAcervo, body.situacao ?? 'disponivel', false);
  await audited(db, { autor: actor, acao: 'catalog.copy_add', alvo: `exemplar:${copy.tombo}`, detalhes: { cod_acervo: codAcervo, ...body } }, async (tx) => {
    if (!(await titleRow(tx, codAcervo, true))) throw errors.titleNotFound(codAcervo);
    if ((await insertCopy(tx, copy)) === undefined) throw errors.barcodeTaken(copy.tombo);
  });
  return titleDetail(db, codAcervo);
}

/**
 * Edits a copy: its barcode, library (a move), loan type, location, collection, volume, material,
 * status (one a cataloguer sets), or its title (a move to another). A copy circulation holds (on
 * loan, on the hold shelf, in transit) keeps its title, library and status; audited with before
 * and after. Answers the title the copy is now in.
 */
export async function editCopy(db: Db, id: number, body: CopyEditBody, actor: string): Promise<CatalogTitleDetail> {
  await checkReferences(db, body);
  const target = await audited(
    db,
    (done: { before: CopyRow; after: CopyWrite }) => ({
      autor: actor,
      acao: 'catalog.copy_edit',
      alvo: `exemplar:${done.before.tombo}`,
      detalhes: { antes: copyOut(done.before), depois: body },
    }),
    async (tx) => {
      const before = await copyForUpdate(tx, id);
      if (!before) throw errors.copyNotFound(id);
      const codAcervo = body.cod_acervo ?? before.cod_acervo;
      if (codAcervo !== before.cod_acervo && !(await titleRow(tx, codAcervo, true))) throw errors.titleNotFound(codAcervo);
      const status = body.situacao ?? before.status;
      const moved = codAcervo !== before.cod_acervo || body.cod_biblioteca !== before.cod_biblioteca || status !== before.status;
      if (moved && CIRCULATING.has(before.status)) throw errors.copyCirculating(before.tombo);
      const after = written(body, codAcervo, status, before.acervo_fechado);
      if (!(await updateCopy(tx, id, after))) throw errors.barcodeTaken(after.tombo);
      return { before, after };
    },
  );
  return titleDetail(db, target.after.codAcervo);
}

/**
 * Withdraws a copy: its row deleted. Refused (409) while circulation holds it, and while rows
 * refer to it (its loans past or present, holds, requests…): a copy with a history is marked lost
 * or in processing instead, so that history keeps its copy (decision 0057). Audited.
 */
export async function withdrawCopy(db: Db, id: number, actor: string) {
  return audited(
    db,
    (done: CopyRow) => ({
      autor: actor,
      acao: 'catalog.copy_withdraw',
      alvo: `exemplar:${done.tombo}`,
      detalhes: { cod_acervo: done.cod_acervo, copia: copyOut(done) },
    }),
    async (tx) => {
      const copy = await copyForUpdate(tx, id);
      if (!copy) throw errors.copyNotFound(id);
      if (CIRCULATING.has(copy.status)) throw errors.copyCirculating(copy.tombo);
      const references = await copyReferences(tx, id);
      if (references.length > 0) throw errors.copyHasHistory(copy.tombo, references.join(', '));
      await deleteCopy(tx, id);
      return copy;
    },
  ).then((copy) => ({ cod_exemplar: copy.cod_exemplar, tombo: copy.tombo, cod_acervo: copy.cod_acervo }));
}

/** Suppresses a title from the OPAC, or shows it again; audited (only when it changes). */
export async function suppressTitle(db: Db, id: number, suppressed: boolean, actor: string): Promise<CatalogTitleDetail> {
  await audited(
    db,
    (changed: boolean) => (changed ? { autor: actor, acao: suppressed ? 'catalog.title_suppress' : 'catalog.title_unsuppress', alvo: `acervo:${id}` } : null),
    async (tx) => {
      const title = await titleRow(tx, id, true);
      if (!title) throw errors.titleNotFound(id);
      if (title.suppressed === suppressed) return false;
      await setSuppressed(tx, id, suppressed);
      return true;
    },
  );
  return titleDetail(db, id);
}

/**
 * Deletes a title and its copies, as a deletion from the source does (catalog.queries.ts
 * `deleteTitle`: kept while a copy is on loan or rows refer to it or its copies — then 409 with
 * the reasons); the OAI-PMH tombstone follows. Audited.
 */
export async function removeTitle(db: Db, id: number, actor: string) {
  const title = await titleRow(db, id);
  if (!title) throw errors.titleNotFound(id);
  const copies = await audited(
    db,
    (n: number) => ({
      autor: actor,
      acao: 'catalog.title_delete',
      alvo: `acervo:${id}`,
      detalhes: { numero_controle: title.control_number, exemplares: n, titulo: title.title },
    }),
    async (tx) => {
      const outcome = await deleteTitle(tx, title.control_number);
      if (outcome.kind === 'absent') throw errors.titleNotFound(id);
      if (outcome.kind === 'kept') throw errors.titleKept(id, outcome.blockers);
      return outcome.copies;
    },
  );
  return { cod_acervo: id, numero_controle: title.control_number, exemplares_apagados: copies };
}

// ---- Uploads ----

/** A running upload's row not moved for this long is an import its process did not finish. */
const STALE_SECONDS = 300;
/** Progress is written at most this often (ms). */
const PROGRESS_EVERY = 250;

/** The upload running in this process, if any: tests await its end (`uploadSettled`). */
let running: Promise<void> = Promise.resolve();

/** Resolves when the upload this process runs in the background has ended. */
export function uploadSettled(): Promise<void> {
  return running;
}

/** `CPL=1,FPL=2` → { CPL: '1', FPL: '2' }. */
function pairsOf(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (text ?? '').split(',')) {
    const at = pair.lastIndexOf('=');
    if (at > 0) out[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return out;
}

/** The holdings options of an upload, as `npm run import`'s flags say them; undefined for none. */
export function holdingsArgsOf(query: UploadQuery): HoldingsArgs | undefined {
  if (!query.exemplares || query.exemplares === 'nenhum') return undefined;
  const numbers = (text: string | undefined) => Object.fromEntries(Object.entries(pairsOf(text)).map(([k, v]) => [k, Number(v)]));
  return {
    map: query.exemplares,
    libraries: numbers(query.bibliotecas),
    loanTypes: numbers(query.tipos),
    collections: {},
    statuses: pairsOf(query.situacoes) as HoldingsArgs['statuses'],
  };
}

function stateOut(row: UploadRow): UploadState {
  return {
    id: row.id,
    arquivo: row.arquivo,
    estado: row.estado,
    bytes: row.bytes,
    total: row.total,
    lidos: row.lidos,
    iniciada_em: row.iniciada_em,
    terminada_em: row.terminada_em,
    erro: row.erro,
    relatorio: (row.relatorio as UploadReport | null) ?? null,
  };
}

/** The importer's report as the screen shows it. */
export function reportOut(report: ImportResult, lines: string[]): UploadReport {
  const h = report.holdings;
  return {
    lidos: report.read,
    novos: report.inserted,
    atualizados: report.updated,
    iguais: report.unchanged,
    apagados: report.deleted,
    rejeitados: report.rejected.map((r) => ({ registro: r.position, byte: r.offset, motivo: r.reason })),
    rejeitados_omitidos: report.omitted.rejected,
    avisos: report.warnings.map((w) => ({ registro: w.position, mensagem: w.message })),
    avisos_omitidos: report.omitted.warnings,
    lixo: report.junk.map((j) => ({ byte: j.offset, bytes: j.bytes })),
    exemplares: h
      ? {
          mapa: h.map,
          novos: h.inserted,
          atualizados: h.updated,
          iguais: h.unchanged,
          apagados: h.deleted,
          nao_importados: h.leftOut,
          baixados: h.withdrawn,
          nao_mapeados: { biblioteca: h.unmapped.library, tipo: h.unmapped.loanType, situacao: h.unmapped.status },
          colecoes_novas: h.newCollections,
        }
      : null,
    linhas: lines,
  };
}

/** Copies a request's body to `file`, refusing (400) past `limit` bytes; answers the bytes written. */
async function receive(body: Readable, file: string, limit: number): Promise<number> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > limit) done(errors.fileTooLarge(Math.round(limit / 2 ** 20)));
      else done(null, chunk);
    },
  });
  await pipeline(body, counter, createWriteStream(file));
  return bytes;
}

/**
 * An upload: the holdings map checked (400 before anything), the one import slot claimed (409
 * while another runs, in any process), the body written to a temporary file (400 past
 * UPLOAD_MAX_BYTES, or empty), then the import started in the background. Answers its state
 * at once (202); the screen polls `lastUploadState`.
 */
export async function startUpload(
  db: Db,
  body: Readable,
  query: UploadQuery,
  actor: string,
  { maxBytes = UPLOAD_MAX_BYTES, declaredBytes = 0 }: { maxBytes?: number; declaredBytes?: number } = {},
): Promise<UploadState> {
  if (declaredBytes > maxBytes) throw errors.fileTooLarge(Math.round(maxBytes / 2 ** 20));
  const holdings = holdingsArgsOf(query);
  if (holdings) {
    try {
      await readyHoldings(db, holdings);
    } catch (error) {
      throw errors.holdingsMapInvalid(error instanceof Error ? error.message : String(error));
    }
  }
  const claim = await claimUpload(db, { arquivo: query.arquivo.trim(), autor: actor, total: declaredBytes }, STALE_SECONDS);
  if ('running' in claim) throw errors.importRunning(claim.running.arquivo);
  const row = claim.started;
  const dir = await mkdtemp(join(tmpdir(), 'estante-upload-'));
  const file = join(dir, `${randomUUID()}.mrc`);
  let size: number;
  try {
    size = await receive(body, file, maxBytes);
    if (size === 0) throw errors.fileEmpty();
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    // Kept in the institution's language: whoever sent it got the refusal in theirs.
    const erro = error instanceof AppError ? error.text('pt') : error instanceof Error ? error.message : String(error);
    await endUpload(db, row.id, { estado: 'falhou', erro });
    throw error;
  }
  size = (await stat(file)).size;
  await uploadProgress(db, row.id, 0, 0, size);
  running = runImport(db, row.id, file, dir, holdings, actor);
  return { ...stateOut(row), total: size };
}

/** The import of an uploaded file, in the background: progress written as it goes, the report at its end, the file removed. */
async function runImport(db: Db, id: number, file: string, dir: string, holdings: HoldingsArgs | undefined, actor: string): Promise<void> {
  let written: Promise<void> = Promise.resolve();
  let last = 0;
  let report: ImportResult | undefined;
  const progress = ({ offset, size, read }: { offset: number; size: number; read: number }) => {
    const now = Date.now();
    if (now - last < PROGRESS_EVERY && offset < size) return;
    last = now;
    written = written.then(() => uploadProgress(db, id, offset, read, size)).catch(() => undefined);
  };
  try {
    const result = await asImport(() => importFile(db, file, progress, { shared: true, actor, holdings, onReport: (r) => (report = r) }));
    await written;
    await endUpload(db, id, { estado: 'concluida', relatorio: reportOut(report!, result.lines), bytes: (await stat(file)).size, lidos: report!.read });
  } catch (error) {
    await written;
    await endUpload(db, id, { estado: 'falhou', erro: error instanceof Error ? error.message.split('\n')[0]!.slice(0, 500) : String(error) }).catch(
      () => undefined,
    );
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The last upload's state (404 when none was ever made). */
export async function lastUploadState(db: Db): Promise<UploadState> {
  const row = await lastUpload(db);
  if (!row) throw errors.noUpload();
  return stateOut(row);
}
