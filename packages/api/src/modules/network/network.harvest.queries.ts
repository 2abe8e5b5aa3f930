import { asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.js';
import { type HarvestRecord, networkPartners } from '../../db/schema/index.js';
import type { DerivedTitle } from '../../marc/derive.js';
import type { MarcRecord } from '../../marc/record.js';

export type Partner = typeof networkPartners.$inferSelect;
type PartnerInsert = typeof networkPartners.$inferInsert;

/** A harvested record ready to store: its OAI header, its address on the partner's catalogue, its MARC and derived columns. */
export interface NetworkTitleRow extends DerivedTitle {
  identifier: string;
  datestamp: string;
  link: string | null;
  marc: MarcRecord;
}

/** Where the partner's list stands once a page is stored. */
export type ListState =
  /** More to come: the token of the next page, the highest datestamp so far, the lease renewed. */
  | { kind: 'continue'; resumptionToken: string; pendingUntil: string | null; leaseSeconds: number }
  /** The list is complete: the next harvest asks `from` harvestedUntil, no sooner than nextAttemptAt. */
  | { kind: 'complete'; harvestedUntil: string | null; nextAttemptSeconds: number };

/** Every partner, by name. */
export function allPartners(db: Db): Promise<Partner[]> {
  return db.select().from(networkPartners).orderBy(asc(networkPartners.nome));
}

export async function partnerByName(db: Db, nome: string): Promise<Partner | null> {
  const [row] = await db.select().from(networkPartners).where(eq(networkPartners.nome, nome));
  return row ?? null;
}

export async function partnerByUrl(db: Db, baseUrl: string): Promise<Partner | null> {
  const [row] = await db.select().from(networkPartners).where(eq(networkPartners.baseUrl, baseUrl));
  return row ?? null;
}

export async function partnerById(db: Db, codEmpresa: number): Promise<Partner | null> {
  const [row] = await db.select().from(networkPartners).where(eq(networkPartners.codEmpresa, codEmpresa));
  return row ?? null;
}

export async function insertPartner(db: Db, row: PartnerInsert): Promise<Partner> {
  const [partner] = await db.insert(networkPartners).values(row).returning();
  return partner!;
}

/** Deletes a partner and (cascade) its records; how many records went with it, or null when there was no such partner. */
export async function deletePartner(db: Db, nome: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [partner] = await tx.select({ id: networkPartners.codEmpresa }).from(networkPartners).where(eq(networkPartners.nome, nome)).for('update');
    if (!partner) return null;
    const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from network_titles where cod_empresa = ${partner.id}`);
    await tx.delete(networkPartners).where(eq(networkPartners.codEmpresa, partner.id));
    return count?.n ?? 0;
  });
}

/** How many records each partner has. */
export async function recordCounts(db: Db): Promise<Map<number, number>> {
  const rows = await queryRows<{ cod_empresa: number; n: number }>(db, sql`select cod_empresa, count(*)::int as n from network_titles group by cod_empresa`);
  return new Map(rows.map((r) => [r.cod_empresa, r.n]));
}

/**
 * Takes the next partner due (next attempt come, or never tried), not one of `skip`, and leases
 * it for `leaseSeconds` (its next attempt moved on, so another process does not take it too;
 * each stored page renews the lease; a process that dies leaves it due again when it ends).
 */
export async function claimDuePartner(db: Db, skip: number[], leaseSeconds: number): Promise<Partner | null> {
  const [row] = await db
    .update(networkPartners)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      eq(
        networkPartners.codEmpresa,
        sql`(select cod_empresa from network_partners
             where (next_attempt_at is null or next_attempt_at <= now())
               and cod_empresa not in (select jsonb_array_elements_text(${JSON.stringify(skip)}::jsonb)::int)
             order by next_attempt_at nulls first, cod_empresa limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** What Identify and ListMetadataFormats said at the start of a list; a new format harvests everything again. */
export async function saveDiscovery(db: Db, codEmpresa: number, found: { metadataPrefix: string; granularity: string; formatChanged: boolean }): Promise<void> {
  await db
    .update(networkPartners)
    .set({
      metadataPrefix: found.metadataPrefix,
      granularity: found.granularity,
      ...(found.formatChanged ? { harvestedUntil: null } : {}),
    })
    .where(eq(networkPartners.codEmpresa, codEmpresa));
}

/** A list starts afresh (first page, or the token expired): forget any token and pending datestamp. */
export async function restartList(db: Db, codEmpresa: number): Promise<void> {
  await db.update(networkPartners).set({ resumptionToken: null, pendingUntil: null }).where(eq(networkPartners.codEmpresa, codEmpresa));
}

/** Writes how a partner's harvest stands (at its start, after every page, at its end). */
export async function saveHarvestRecord(db: Db, codEmpresa: number, record: HarvestRecord): Promise<void> {
  await db.update(networkPartners).set({ coleta: record }).where(eq(networkPartners.codEmpresa, codEmpresa));
}

/** A harvest stopped on its time budget with its token saved: due again at once. */
export async function dueNow(db: Db, codEmpresa: number): Promise<void> {
  await db
    .update(networkPartners)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(networkPartners.codEmpresa, codEmpresa));
}

/**
 * A failed harvest: the error kept, one more failure, and the next attempt put off 15 minutes
 * doubled for each failure before it, a day at most. The resumption token stays: the next
 * attempt goes on from the last page stored.
 */
export async function recordFailure(db: Db, codEmpresa: number, message: string): Promise<void> {
  await db
    .update(networkPartners)
    .set({
      failures: sql`${networkPartners.failures} + 1`,
      lastError: message.slice(0, 1000),
      nextAttemptAt: sql`now() + least(make_interval(mins => 15) * power(2, least(${networkPartners.failures}, 10)), make_interval(days => 1))`,
    })
    .where(eq(networkPartners.codEmpresa, codEmpresa));
}

/** The partner was removed while it was being harvested. */
export class PartnerRemoved extends Error {
  constructor() {
    super('the partner was removed while it was being harvested');
  }
}

/** The columns of network_titles a page writes, in the order of the recordset below. */
const COLUMNS = [
  ['identifier', 'text'],
  ['datestamp', 'text'],
  ['link', 'text'],
  ['marc', 'jsonb'],
  ['cod_tipo_obra', 'smallint'],
  ['title', 'text'],
  ['responsibility', 'text'],
  ['author', 'text'],
  ['added_authors', 'text[]'],
  ['subjects', 'text[]'],
  ['edition', 'text'],
  ['place', 'text'],
  ['publisher', 'text'],
  ['ano_publicacao', 'smallint'],
  ['idioma', 'text'],
  ['physical_description', 'text'],
  ['series', 'text'],
  ['notes', 'text'],
  ['call_number', 'text'],
  ['isbn', 'text[]'],
  ['issn', 'text[]'],
  ['link_capa', 'text'],
  ['acesso_remoto', 'boolean'],
  ['possui_acessibilidade', 'boolean'],
  ['cod_area_conhecimento', 'integer'],
  ['dados_adicionais', 'text[]'],
] as const;
const COLUMN_LIST = sql.raw(COLUMNS.map(([name]) => name).join(', '));
const RECORDSET = sql.raw(COLUMNS.map(([name, type]) => `${name} ${type}`).join(', '));
const UPDATES = sql.raw(
  COLUMNS.filter(([name]) => name !== 'identifier')
    .map(([name]) => `${name} = excluded.${name}`)
    .join(', '),
);

function asJson(row: NetworkTitleRow): Record<(typeof COLUMNS)[number][0], unknown> {
  return {
    identifier: row.identifier,
    datestamp: row.datestamp,
    link: row.link,
    marc: row.marc,
    cod_tipo_obra: row.codTipoObra,
    title: row.title,
    responsibility: row.responsibility,
    author: row.author,
    added_authors: row.addedAuthors,
    subjects: row.subjects,
    edition: row.edition,
    place: row.place,
    publisher: row.publisher,
    ano_publicacao: row.anoPublicacao,
    idioma: row.idioma,
    physical_description: row.physicalDescription,
    series: row.series,
    notes: row.notes,
    call_number: row.callNumber,
    isbn: row.isbn,
    issn: row.issn,
    link_capa: row.linkCapa,
    acesso_remoto: row.acessoRemoto,
    possui_acessibilidade: row.possuiAcessibilidade,
    cod_area_conhecimento: row.codAreaConhecimento,
    dados_adicionais: row.dadosAdicionais,
  };
}

/** The reference data a derived record must point at: work types and knowledge areas. */
export async function referenceCodes(db: Db): Promise<{ workTypes: Set<number>; areas: Set<number> }> {
  const types = await queryRows<{ c: number }>(db, sql`select cod_tipo_obra::int as c from work_types`);
  const areas = await queryRows<{ c: number }>(db, sql`select cod_area_conhecimento as c from knowledge_areas`);
  return { workTypes: new Set(types.map((r) => r.c)), areas: new Set(areas.map((r) => r.c)) };
}

/** The language codes among `codes` that the languages table already has. */
export async function knownLanguages(db: Db | Tx, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await queryRows<{ codigo: string }>(
    db,
    sql`select codigo from languages where codigo in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`,
  );
  return new Set(rows.map((r) => r.codigo));
}

/**
 * Stores one page in one transaction: languages the catalogue did not know yet, the records
 * (one INSERT … ON CONFLICT for the page; a record whose MARC, datestamp and address are the
 * same changes nothing), the deletions, and where the list stands (its next token and pending
 * datestamp, or its completion). An interrupted harvest therefore resumes from the last page
 * stored, and never stores a page twice over.
 */
export async function savePage(
  db: Db,
  codEmpresa: number,
  page: { rows: NetworkTitleRow[]; deleted: string[]; newLanguages: { codigo: string; nomePt: string; nomeEn: string; nomeEs: string }[]; state: ListState },
  { oneByOne = false }: { oneByOne?: boolean } = {},
): Promise<{ inserted: number; updated: number; deleted: number; refused: { identifier: string; reason: string }[] }> {
  return db.transaction(async (tx) => {
    // The partner first: its row locked (a removal waits), and a partner removed meanwhile stops the harvest.
    const state = page.state;
    let partner: { id: number }[];
    if (state.kind === 'continue') {
      partner = await tx
        .update(networkPartners)
        .set({
          resumptionToken: state.resumptionToken,
          pendingUntil: state.pendingUntil,
          nextAttemptAt: sql`greatest(${networkPartners.nextAttemptAt}, now() + make_interval(secs => ${state.leaseSeconds}))`,
        })
        .where(eq(networkPartners.codEmpresa, codEmpresa))
        .returning({ id: networkPartners.codEmpresa });
    } else {
      partner = await tx
        .update(networkPartners)
        .set({
          harvestedUntil: sql`coalesce(${state.harvestedUntil}::text, ${networkPartners.harvestedUntil})`,
          resumptionToken: null,
          pendingUntil: null,
          lastHarvestAt: sql`now()`,
          lastError: null,
          failures: 0,
          nextAttemptAt: sql`now() + make_interval(secs => ${state.nextAttemptSeconds})`,
        })
        .where(eq(networkPartners.codEmpresa, codEmpresa))
        .returning({ id: networkPartners.codEmpresa });
    }
    if (partner.length === 0) throw new PartnerRemoved();
    if (page.newLanguages.length > 0) {
      await tx.execute(sql`insert into languages (codigo, nome_pt, nome_en, nome_es)
        select codigo, nome_pt, nome_en, nome_es
        from jsonb_to_recordset(${JSON.stringify(page.newLanguages.map((l) => ({ codigo: l.codigo, nome_pt: l.nomePt, nome_en: l.nomeEn, nome_es: l.nomeEs })))}::jsonb)
             as x(codigo text, nome_pt text, nome_en text, nome_es text)
        on conflict (codigo) do nothing`);
    }
    const upsert = (q: Pick<Db, 'execute'>, rows: NetworkTitleRow[]) =>
      queryRows<{ inserted: boolean }>(
        q,
        sql`insert into network_titles (cod_empresa, ${COLUMN_LIST})
            select ${codEmpresa}, ${COLUMN_LIST} from jsonb_to_recordset(${JSON.stringify(rows.map(asJson))}::jsonb) as x(${RECORDSET})
            on conflict (cod_empresa, identifier) do update set ${UPDATES}, updated_at = now()
            where network_titles.marc is distinct from excluded.marc
               or network_titles.datestamp is distinct from excluded.datestamp
               or network_titles.link is distinct from excluded.link
            returning (xmax = 0) as inserted`,
      );
    const written: { inserted: boolean }[] = [];
    const refused: { identifier: string; reason: string }[] = [];
    if (page.rows.length > 0 && !oneByOne) written.push(...(await upsert(tx, page.rows)));
    // After the database refused the page: each record behind its own savepoint, the refused ones left out.
    if (oneByOne) {
      for (const row of page.rows) {
        try {
          written.push(...(await tx.transaction((savepoint) => upsert(savepoint, [row]))));
        } catch (error) {
          const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
          refused.push({
            identifier: row.identifier,
            reason: `the database refused it: ${(cause instanceof Error ? cause.message : String(cause)).split('\n')[0]}`,
          });
        }
      }
    }
    const inserted = written.filter((r) => r.inserted).length;
    const updated = written.length - inserted;
    let deleted = 0;
    if (page.deleted.length > 0) {
      const gone = await queryRows<{ n: number }>(
        tx,
        sql`with d as (delete from network_titles
                       where cod_empresa = ${codEmpresa} and identifier in (select jsonb_array_elements_text(${JSON.stringify(page.deleted)}::jsonb))
                       returning 1)
            select count(*)::int as n from d`,
      );
      deleted = gone[0]?.n ?? 0;
    }
    return { inserted, updated, deleted, refused };
  });
}
