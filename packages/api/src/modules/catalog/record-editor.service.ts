import {
  checkRecord,
  type MarcFormat,
  type MarcIssue,
  type PreviaRegistro,
  type RegistroAutoridade,
  type RegistroTitulo,
  type SalvarAutoridadeBody,
  type SalvarRegistroBody,
  type VersaoRegistro,
} from '@estante/contracts/catalog';
import type { Language } from '@estante/contracts/kernel';
import type { Db, Tx } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
import { deriveAuthority, deriveTitle, isAuthorityRecord } from '../../marc/derive.js';
import { controlNumber, type DataField, isDataField, type MarcRecord, storedLeader } from '../../marc/record.js';
import { cslItem, formatReference } from '../citations/citation.js';
import { workTypeName } from '../search/search.config.js';
import { writeRecord } from './catalog.import.js';
import { errors } from './catalog.messages.js';
import {
  authorityForEditing,
  type EditedTitleRow,
  findTitles,
  keepVersion,
  titleForEditing,
  titlesLinkedTo,
  versionOf,
  versionsOf,
  workTypePortuguese,
} from './record-editor.queries.js';

/** Titles the editor's finder lists at most. */
const FOUND_LIMIT = 20;

/** The record as stored: the leader as every import stores it (record.ts `storedLeader`), the fields as sent. */
function stored(record: MarcRecord): MarcRecord {
  return { leader: storedLeader(record.leader), fields: record.fields };
}

/** Refuses (400, the field named) a record with what the tag table finds wrong, or of the other format. */
function requireValid(record: MarcRecord, format: MarcFormat): void {
  const [issue] = checkRecord(record, format);
  if (issue) throw errors.recordInvalid(`Marc_${issue.codigo}`, { tag: issue.tag, valor: issue.valor });
  if ((record.leader.charAt(6) === 'z') !== (format === 'authority')) throw errors.recordInvalid('Marc_tipo_registro', { tag: 'LDR' });
}

function requireSameNumber(record: MarcRecord, number: string): void {
  if (controlNumber(record) !== number) throw errors.recordInvalid('Marc_numero_controle', { tag: '001', valor: number });
}

function titleAnswer(row: EditedTitleRow): RegistroTitulo {
  return {
    cod_acervo: row.cod_acervo,
    numero_controle: row.control_number,
    titulo: row.title,
    versao: row.versions + 1,
    atualizado_em: row.updated_at,
    registro: row.marc,
  };
}

/** `GET /api/equipe/registros/titulos`: titles by words of their title or by control number. */
export function findTitlesForEditing(db: Db, term: string) {
  return findTitles(db, term.trim(), FOUND_LIMIT);
}

/** `GET /api/equipe/registros/titulos/:id`: the record and its version. */
export async function titleRecord(db: Db | Tx, id: number): Promise<RegistroTitulo> {
  const row = await titleForEditing(db, id);
  if (!row) throw errors.titleNotFound(id);
  return titleAnswer(row);
}

/**
 * Replaces a title's record in the caller's transaction: the record it replaces kept as its
 * version, the new one written as an import writes it (derived columns, search vectors, the
 * catalogue's version, so the search index follows), the act audited. Nothing happens for a
 * record equal to the current one.
 */
async function replaceTitleRecord(tx: Tx, row: EditedTitleRow, record: MarcRecord, actor: string, motivo: string | null): Promise<boolean> {
  if (JSON.stringify(row.marc) === JSON.stringify(record)) return false;
  try {
    deriveTitle(record);
  } catch {
    throw errors.recordInvalid('Marc_derivacao', { tag: '245' });
  }
  const versao = row.versions + 1;
  await keepVersion(tx, { codAcervo: row.cod_acervo, versao, marc: row.marc, criadaEm: row.updated_at, por: actor });
  await writeRecord(tx, record);
  await recordStaffAct(tx, { autor: actor, acao: 'catalog.record_save', alvo: `acervo:${row.cod_acervo}`, motivo, detalhes: { versao: versao + 1 } });
  return true;
}

/** `PUT /api/equipe/registros/titulos/:id`: saves the record as a new version; 409 when `versao` is not the current one. */
export async function saveTitleRecord(db: Db, id: number, body: SalvarRegistroBody, actor: string): Promise<RegistroTitulo> {
  const record = stored(body.registro);
  requireValid(record, 'bibliographic');
  return db.transaction(async (tx) => {
    const row = await titleForEditing(tx, id, true);
    if (!row) throw errors.titleNotFound(id);
    if (row.versions + 1 !== body.versao) throw errors.versionStale(String(row.versions + 1));
    requireSameNumber(record, row.control_number);
    await replaceTitleRecord(tx, row, record, actor, null);
    return titleRecord(tx, id);
  });
}

/** `GET /api/equipe/registros/titulos/:id/versoes`: the current version and the earlier ones, newest first. */
export async function titleVersions(db: Db, id: number): Promise<VersaoRegistro[]> {
  const row = await titleForEditing(db, id);
  if (!row) throw errors.titleNotFound(id);
  const earlier = await versionsOf(db, id);
  const current: VersaoRegistro = {
    versao: row.versions + 1,
    atual: true,
    criada_em: earlier[0]?.substituida_em ?? row.updated_at,
    substituida_em: null,
    substituida_por: null,
  };
  return [current, ...earlier.map((v) => ({ ...v, atual: false }))];
}

/** `GET /api/equipe/registros/titulos/:id/versoes/:versao`: one version with its record (the current one too). */
export async function titleVersion(db: Db, id: number, versao: number) {
  const versions = await titleVersions(db, id);
  const listed = versions.find((v) => v.versao === versao);
  if (!listed) throw errors.versionNotFound(id, versao);
  if (listed.atual) return { ...listed, registro: (await titleRecord(db, id)).registro };
  const row = await versionOf(db, id, versao);
  if (!row) throw errors.versionNotFound(id, versao);
  return { ...listed, registro: row.marc };
}

/** `POST /api/equipe/registros/previa`: what the tag table finds wrong, the title page's fields and the ABNT reference of an unsaved record. */
export async function previewRecord(db: Db, codAcervo: number | undefined, registro: MarcRecord, language: Language): Promise<PreviaRegistro> {
  const record = stored(registro);
  const problemas: MarcIssue[] = checkRecord(record, 'bibliographic');
  let derived: ReturnType<typeof deriveTitle> | null = null;
  try {
    derived = deriveTitle(record);
  } catch {
    derived = null;
  }
  const empty: PreviaRegistro = {
    problemas,
    titulo: null,
    responsabilidade: null,
    autor: null,
    autores_secundarios: [],
    assuntos: [],
    edicao: null,
    local: null,
    editora: null,
    ano_publicacao: null,
    descricao_fisica: null,
    serie: null,
    notas: null,
    isbn: [],
    issn: [],
    desc_tipo_obra: null,
    referencia: null,
  };
  if (!derived) return empty;
  const item = cslItem(
    { codAcervo: codAcervo ?? 0, codTipoObra: derived.codTipoObra, anoPublicacao: derived.anoPublicacao, acessoRemoto: derived.acessoRemoto, marc: record },
    new Date(),
  );
  const portuguese = await workTypePortuguese(db, derived.codTipoObra);
  return {
    ...empty,
    titulo: derived.title,
    responsabilidade: derived.responsibility,
    autor: derived.author,
    autores_secundarios: derived.addedAuthors,
    assuntos: derived.subjects,
    edicao: derived.edition,
    local: derived.place,
    editora: derived.publisher,
    ano_publicacao: derived.anoPublicacao,
    descricao_fisica: derived.physicalDescription,
    serie: derived.series,
    notas: derived.notes,
    isbn: derived.isbn,
    issn: derived.issn,
    desc_tipo_obra: portuguese ? workTypeName(derived.codTipoObra, portuguese, language) : null,
    referencia: { cod_acervo: codAcervo ?? 0, estilo: 'abnt', ...formatReference([item], 'abnt', language) },
  };
}

/** The authority's heading field (its 1XX). */
function headingField(record: MarcRecord): DataField | undefined {
  return record.fields.find((f): f is DataField => isDataField(f) && /^1\d\d$/.test(f.tag));
}

/** Subfields of a title's linked heading that are the title's own, kept when the heading follows its authority: relators, subdivisions, links, sources. */
const TITLE_OWN_SUBFIELDS = 'evxyz0124568';
/** Subfields of an authority heading that are no part of it in a title (linkage, field link). */
const NOT_HEADING = '68';

/**
 * The title's record with the headings linked to `number` ($0) rewritten to the authority's
 * heading, where the heading is of the same kind (the tag's last two digits: 100 → 100, 600, 700,
 * 800; 150 → 650); the fields it leaves alone are listed as not updated.
 */
function relinked(record: MarcRecord, number: string, heading: DataField): { record: MarcRecord; tags: string[]; updated: boolean } {
  const tags: string[] = [];
  let updated = false;
  const fields = record.fields.map((field) => {
    if (!isDataField(field) || !field.subfields.some((s) => s.code === '0' && s.value === number)) return field;
    tags.push(field.tag);
    if (field.tag.slice(1) !== heading.tag.slice(1)) return field;
    const subfields = [
      ...heading.subfields.filter((s) => !NOT_HEADING.includes(s.code) && !TITLE_OWN_SUBFIELDS.includes(s.code)),
      ...field.subfields.filter((s) => TITLE_OWN_SUBFIELDS.includes(s.code)),
    ];
    const ind1 = /^[1678]00$|^[1678]1[01]$/.test(field.tag) ? heading.ind1 : field.ind1;
    const next = { ...field, ind1, subfields };
    if (JSON.stringify(next) !== JSON.stringify(field)) updated = true;
    return next;
  });
  return { record: { ...record, fields }, tags, updated };
}

async function authorityAnswer(db: Db | Tx, id: number, updatedTitles: Set<number> = new Set()): Promise<RegistroAutoridade> {
  const row = await authorityForEditing(db, id);
  if (!row) throw errors.authorityNotFound(id);
  const linked = await titlesLinkedTo(db, row.control_number);
  return {
    cod_autoridade: row.cod_autoridade,
    numero_controle: row.control_number,
    tipo: row.tipo,
    cabecalho: row.heading,
    atualizado_em: row.updated_at,
    registro: row.marc,
    titulos_vinculados: linked.map((t) => ({
      cod_acervo: t.cod_acervo,
      titulo: t.title,
      tag: relinkedTags(t.marc, row.control_number).join(', '),
      atualizado: updatedTitles.has(t.cod_acervo),
    })),
  };
}

function relinkedTags(record: MarcRecord, number: string): string[] {
  return record.fields.filter((f) => isDataField(f) && f.subfields.some((s) => s.code === '0' && s.value === number)).map((f) => f.tag);
}

/** `GET /api/equipe/registros/autoridades/:id`: the authority's record and the titles linked to it. */
export function authorityRecord(db: Db, id: number): Promise<RegistroAutoridade> {
  return authorityAnswer(db, id);
}

/**
 * `PUT /api/equipe/registros/autoridades/:id`: saves the authority's record as the import does,
 * then rewrites the linked headings of its titles (each title a new version of its record, through
 * the same path as the editor's save), all in one transaction; 409 when the authority changed
 * since `atualizado_em`.
 */
export async function saveAuthorityRecord(db: Db, id: number, body: SalvarAutoridadeBody, actor: string): Promise<RegistroAutoridade> {
  const record = stored(body.registro);
  requireValid(record, 'authority');
  return db.transaction(async (tx) => {
    const row = await authorityForEditing(tx, id, true);
    if (!row) throw errors.authorityNotFound(id);
    if (row.updated_at !== body.atualizado_em) throw errors.versionStale(row.updated_at);
    requireSameNumber(record, row.control_number);
    if (!isAuthorityRecord(record)) throw errors.recordInvalid('Marc_tipo_registro', { tag: 'LDR' });
    deriveAuthority(record);
    const updatedTitles = new Set<number>();
    if (JSON.stringify(row.marc) !== JSON.stringify(record)) {
      await writeRecord(tx, record);
      await recordStaffAct(tx, { autor: actor, acao: 'catalog.authority_save', alvo: `autoridade:${id}`, detalhes: { numero_controle: row.control_number } });
      const heading = headingField(record)!;
      for (const linked of await titlesLinkedTo(tx, row.control_number)) {
        const next = relinked(linked.marc, row.control_number, heading);
        if (!next.updated) continue;
        const title = await titleForEditing(tx, linked.cod_acervo, true);
        if (!title) continue;
        const motivo = `autoridade:${id}`;
        if (await replaceTitleRecord(tx, title, next.record, actor, motivo)) updatedTitles.add(linked.cod_acervo);
      }
    }
    return authorityAnswer(tx, id, updatedTitles);
  });
}
