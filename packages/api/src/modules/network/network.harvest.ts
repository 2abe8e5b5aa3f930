import { type Db, isDatabaseUnavailable } from '../../db/client.js';
import type { HarvestRecord } from '../../db/schema/index.js';
import { deriveTitle, isAuthorityRecord } from '../../marc/derive.js';
import { languageNames } from '../../marc/languages.js';
import { readMarcXml } from '../../marc/marcxml.js';
import { dataFields, type MarcRecord, subfieldValues } from '../../marc/record.js';
import { dcToMarc, isHttp } from './network.dc.js';
import {
  claimDuePartner,
  dueNow,
  knownLanguages,
  type ListState,
  type NetworkTitleRow,
  type Partner,
  allPartners,
  partnerByName,
  PartnerRemoved,
  recordFailure,
  referenceCodes,
  restartList,
  saveDiscovery,
  saveHarvestRecord,
  savePage,
} from './network.harvest.queries.js';
import {
  HarvestError,
  OaiClient,
  type OaiClientOptions,
  OaiError,
  type OaiFormat,
  type OaiIdentity,
  type OaiPage,
  type OaiRecord,
} from './network.oai-client.js';

/**
 * The partner network's harvester (issue 22, decision 0026): each partner's catalogue listed
 * over OAI-PMH (ListRecords, MARCXML or else Dublin Core), page after page, each page stored in
 * one transaction with the partner's resumption token, so a harvest cut short goes on from the
 * last page stored; incremental from the last datestamp of the previous complete list; deleted
 * records removed. A partner that fails is put off with a growing back-off and never stops the
 * others; a record that cannot be read is skipped and counted.
 */

const MARC_NAMESPACE = 'http://www.loc.gov/MARC21/slim';
const DC_NAMESPACE = 'http://www.openarchives.org/OAI/2.0/oai_dc/';
/** A partner harvested completely is due again in a little under a day (the hourly job then takes it at the same hour). */
const HARVEST_INTERVAL_SECONDS = 23.5 * 3600;
/** While a partner is being harvested its next attempt is kept this far ahead, so no other process takes it too. */
const LEASE_SECONDS = 20 * 60;
/** What a scheduled run may take: pg-boss fails a job after 15 minutes. */
const JOB_BUDGET_MS = 12 * 60_000;
const DATESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?Z)?$/;
const SKIPPED_REASONS_KEPT = 5;

/** What Identify and ListMetadataFormats tell of a partner. */
export interface Discovery {
  identity: OaiIdentity;
  formats: OaiFormat[];
  /** The format harvested: marc21 (MARCXML) when offered, else oai_dc. */
  metadataPrefix: string;
  /** Another Estante (its Identify has the toolkit description "Estante"). */
  estante: boolean;
  /** The address of a record on the partner's catalogue, `{id}` its number: another Estante's `/acervo/{id}`. */
  defaultRecordUrl: string | null;
}

/** How far a harvest has got (after every page). */
export interface HarvestProgress {
  partner: string;
  pages: number;
  received: number;
  inserted: number;
  updated: number;
  deleted: number;
  skipped: number;
  completeListSize: number | null;
}

/** What one partner's harvest did. */
export interface HarvestResult extends HarvestProgress {
  codEmpresa: number;
  /** complete: the list was read to its end; paused: the time budget ran out (goes on next run); failed; busy: already under way here. */
  status: 'complete' | 'paused' | 'failed' | 'busy';
  error: string | null;
  /** Why records were skipped (the first few). */
  skippedReasons: string[];
  /** It went on from a saved resumption token. */
  resumed: boolean;
  /** The saved token had expired: the list started again from the last complete harvest. */
  restarted: boolean;
}

export interface HarvestOptions {
  client?: OaiClientOptions;
  /** Stop between pages once this time (ms since the epoch) has passed, the token saved. */
  deadline?: number;
  onProgress?: (progress: HarvestProgress) => void;
}

/** Chooses the format to harvest: marc21 (or another MARCXML prefix), else oai_dc. */
export function chooseFormat(formats: OaiFormat[]): string | null {
  const marc = formats.find((f) => f.prefix === 'marc21') ?? formats.find((f) => f.namespace === MARC_NAMESPACE || /^marc(xml)?$/i.test(f.prefix));
  if (marc) return marc.prefix;
  return (formats.find((f) => f.prefix === 'oai_dc') ?? formats.find((f) => f.namespace === DC_NAMESPACE))?.prefix ?? null;
}

/** Asks a repository Identify and ListMetadataFormats; throws when it does not answer them or offers neither MARCXML nor Dublin Core. */
export async function discover(baseUrl: string, options: OaiClientOptions = {}): Promise<Discovery> {
  const client = new OaiClient(baseUrl, options);
  const identity = await client.identify();
  const formats = await client.listMetadataFormats();
  const metadataPrefix = chooseFormat(formats);
  if (!metadataPrefix) throw new HarvestError(`it offers neither marc21 nor oai_dc (only ${formats.map((f) => f.prefix).join(', ') || 'nothing'})`);
  const estante = identity.toolkit?.trim().toLowerCase() === 'estante';
  return { identity, formats, metadataPrefix, estante, defaultRecordUrl: estante ? `${new URL(baseUrl).origin}/acervo/{id}` : null };
}

/** Partners being harvested by this process (a staff command and the scheduled job must not run one twice). */
const running = new Set<number>();

/**
 * Harvests one partner: goes on from its saved resumption token, or starts a list (Identify and
 * ListMetadataFormats again, then ListRecords `from` its last complete harvest). Never throws for
 * the partner's faults (they are recorded: last_error, failures + 1, next attempt put off); only
 * when the database itself fails.
 */
export async function harvestPartner(db: Db, partner: Partner, options: HarvestOptions = {}): Promise<HarvestResult> {
  const result: HarvestResult = {
    partner: partner.nome,
    codEmpresa: partner.codEmpresa,
    status: 'complete',
    error: null,
    pages: 0,
    received: 0,
    inserted: 0,
    updated: 0,
    deleted: 0,
    skipped: 0,
    completeListSize: null,
    skippedReasons: [],
    resumed: false,
    restarted: false,
  };
  if (running.has(partner.codEmpresa)) return { ...result, status: 'busy', error: 'a harvest of this partner is already under way' };
  running.add(partner.codEmpresa);
  // What the staff screen shows: written at the start, after every page, and at the end.
  const started = new Date().toISOString();
  const record = (r: HarvestResult, situacao: HarvestRecord['situacao']) =>
    saveHarvestRecord(db, partner.codEmpresa, {
      situacao,
      paginas: r.pages,
      recebidos: r.received,
      novos: r.inserted,
      atualizados: r.updated,
      apagados: r.deleted,
      ignorados: r.skipped,
      total: r.completeListSize,
      inicio: started,
      atualizada: new Date().toISOString(),
      erro: r.error,
    });
  try {
    await record(result, 'coletando');
    await runHarvest(db, partner, { ...options, onPage: () => record(result, 'coletando') }, result);
    await record(result, result.status === 'paused' ? 'pausada' : 'completa');
    return result;
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    const message = describeError(error);
    await recordFailure(db, partner.codEmpresa, message);
    const failed: HarvestResult = { ...result, status: 'failed', error: message };
    await record(failed, 'falhou');
    return failed;
  } finally {
    running.delete(partner.codEmpresa);
  }
}

type ListRequest = { metadataPrefix: string; from?: string } | { resumptionToken: string };

async function runHarvest(db: Db, partner: Partner, options: HarvestOptions & { onPage?: () => Promise<void> }, result: HarvestResult): Promise<void> {
  const client = new OaiClient(partner.baseUrl, options.client);
  const refs = await referenceCodes(db);
  const languages = new Set<string>();
  let highest: string | null = null;

  // A fresh list: what the partner offers now, then everything since the last complete harvest.
  const start = async (): Promise<ListRequest> => {
    const found = await discover(partner.baseUrl, options.client);
    const formatChanged = partner.metadataPrefix !== null && partner.metadataPrefix !== found.metadataPrefix;
    await saveDiscovery(db, partner.codEmpresa, { metadataPrefix: found.metadataPrefix, granularity: found.identity.granularity, formatChanged });
    await restartList(db, partner.codEmpresa);
    highest = null;
    const from = formatChanged ? null : fromValue(partner.harvestedUntil, found.identity.granularity);
    return from ? { metadataPrefix: found.metadataPrefix, from } : { metadataPrefix: found.metadataPrefix };
  };
  const fetchPage = (request: ListRequest) => {
    const page = client.listRecords(request);
    // Fetched ahead while the previous page is stored; its failure is met when it is awaited.
    page.catch(() => undefined);
    return page;
  };

  let request: ListRequest;
  if (partner.resumptionToken) {
    request = { resumptionToken: partner.resumptionToken };
    highest = partner.pendingUntil;
    result.resumed = true;
  } else request = await start();
  let next = fetchPage(request);

  for (;;) {
    let page: OaiPage;
    try {
      page = await next;
    } catch (error) {
      // The saved token has expired (or the partner restarted): list again from the last complete harvest.
      if (error instanceof OaiError && error.code === 'badResumptionToken' && 'resumptionToken' in request && !result.restarted) {
        result.restarted = true;
        request = await start();
        next = fetchPage(request);
        continue;
      }
      throw error;
    }
    result.pages++;
    result.received += page.records.length;
    if (page.completeListSize !== null) result.completeListSize = page.completeListSize;

    const { rows, deleted, skipped, pageHighest } = convertPage(page.records, partner, refs);
    result.skipped += skipped.length;
    for (const reason of skipped) if (result.skippedReasons.length < SKIPPED_REASONS_KEPT) result.skippedReasons.push(reason);
    if (pageHighest && (!highest || pageHighest > highest)) highest = pageHighest;

    const token = page.resumptionToken;
    if (token && 'resumptionToken' in request && token === request.resumptionToken)
      throw new HarvestError('the partner answered the same resumption token twice');
    const pausing = token !== null && options.deadline !== undefined && Date.now() >= options.deadline;
    if (token && !pausing) {
      request = { resumptionToken: token };
      next = fetchPage(request);
    }

    const state: ListState = token
      ? { kind: 'continue', resumptionToken: token, pendingUntil: highest, leaseSeconds: LEASE_SECONDS }
      : { kind: 'complete', harvestedUntil: highest, nextAttemptSeconds: HARVEST_INTERVAL_SECONDS };
    const newLanguages = await missingLanguages(db, rows, languages);
    let counts: Awaited<ReturnType<typeof savePage>>;
    try {
      counts = await savePage(db, partner.codEmpresa, { rows, deleted, newLanguages, state });
    } catch (error) {
      // A record the database refuses does not hold the page back: store the others one by one.
      if (isDatabaseUnavailable(error) || error instanceof PartnerRemoved) throw error;
      counts = await savePage(db, partner.codEmpresa, { rows, deleted, newLanguages, state }, { oneByOne: true });
      result.skipped += counts.refused.length;
      for (const r of counts.refused) if (result.skippedReasons.length < SKIPPED_REASONS_KEPT) result.skippedReasons.push(`${r.identifier}: ${r.reason}`);
    }
    for (const l of newLanguages) languages.add(l.codigo);
    result.inserted += counts.inserted;
    result.updated += counts.updated;
    result.deleted += counts.deleted;
    options.onProgress?.(progressOf(result));
    await options.onPage?.();

    if (!token) {
      result.status = 'complete';
      return;
    }
    if (pausing) {
      await dueNow(db, partner.codEmpresa);
      result.status = 'paused';
      return;
    }
  }
}

/** `from` for an incremental list: the last complete harvest's highest datestamp, at the partner's granularity. */
function fromValue(harvestedUntil: string | null, granularity: string): string | null {
  if (!harvestedUntil) return null;
  if (granularity === 'second' && harvestedUntil.length > 10) return harvestedUntil.replace(/\.\d+Z$/, 'Z');
  return harvestedUntil.slice(0, 10);
}

/** The languages the page's records name that the catalogue does not know yet, with their names. */
async function missingLanguages(db: Db, rows: NetworkTitleRow[], known: Set<string>) {
  const codes = [...new Set(rows.map((r) => r.idioma).filter((c): c is string => c !== null && !known.has(c)))];
  const present = await knownLanguages(db, codes);
  for (const code of present) known.add(code);
  return codes
    .filter((c) => !present.has(c))
    .map((codigo) => {
      const names = languageNames(codigo);
      return { codigo, nomePt: names.pt, nomeEn: names.en, nomeEs: names.es };
    });
}

/**
 * A page's records as rows to store and identifiers to delete (the last word on an identifier
 * wins when a page names it twice), the records skipped with why, and the page's highest datestamp.
 */
export function convertPage(
  records: OaiRecord[],
  partner: Pick<Partner, 'recordUrl'>,
  refs: { workTypes: Set<number>; areas: Set<number> },
): { rows: NetworkTitleRow[]; deleted: string[]; skipped: string[]; pageHighest: string | null } {
  const last = new Map<string, NetworkTitleRow | null>();
  const skipped: string[] = [];
  let pageHighest: string | null = null;
  for (const record of records) {
    if (!record.identifier) {
      skipped.push('a record without an identifier');
      continue;
    }
    if (!DATESTAMP.test(record.datestamp)) {
      skipped.push(`${record.identifier}: datestamp "${record.datestamp.slice(0, 40)}" is not a UTC date`);
      continue;
    }
    if (!pageHighest || record.datestamp > pageHighest) pageHighest = record.datestamp;
    if (record.deleted) {
      last.set(record.identifier, null);
      continue;
    }
    const row = toRow(record, partner.recordUrl, refs);
    if (typeof row === 'string') {
      skipped.push(`${record.identifier}: ${row}`);
      continue;
    }
    last.delete(record.identifier);
    last.set(record.identifier, row);
  }
  const rows: NetworkTitleRow[] = [];
  const deleted: string[] = [];
  for (const [identifier, row] of last) {
    if (row) rows.push(row);
    else deleted.push(identifier);
  }
  return { rows, deleted, skipped, pageHighest };
}

/** A record as a row, or why it cannot be one. */
function toRow(record: OaiRecord, recordUrl: string | null, refs: { workTypes: Set<number>; areas: Set<number> }): NetworkTitleRow | string {
  const metadata = record.metadata;
  if (!metadata) return 'no metadata';
  let marc: MarcRecord;
  if (metadata.kind === 'marc') {
    const [item] = readMarcXml(metadata.xml);
    if (!item) return 'no MARC record in the metadata';
    if (item.kind === 'rejected') return item.reason;
    if (item.kind !== 'record') return 'no MARC record in the metadata';
    marc = item.record;
    if (isAuthorityRecord(marc)) return 'an authority record, not a title';
  } else if (metadata.kind === 'dc') {
    marc = dcToMarc(metadata.values, record.identifier, record.datestamp);
  } else return `metadata <${metadata.root}> is neither MARCXML nor Dublin Core`;
  let derived;
  try {
    derived = deriveTitle(marc);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return {
    ...derived,
    codTipoObra: refs.workTypes.has(derived.codTipoObra) ? derived.codTipoObra : 1,
    codAreaConhecimento: derived.codAreaConhecimento !== null && refs.areas.has(derived.codAreaConhecimento) ? derived.codAreaConhecimento : null,
    identifier: record.identifier.slice(0, 1000),
    datestamp: record.datestamp,
    link: recordLink(recordUrl, record.identifier, marc),
    marc,
  };
}

/**
 * The record's address on the partner's catalogue: the partner's template with `{id}` the local
 * part of the OAI identifier (after its last ':'), else the record's first http(s) 856 $u (the
 * dc:identifier addresses of a Dublin Core record land there).
 */
export function recordLink(template: string | null, identifier: string, marc: MarcRecord): string | null {
  if (template) {
    const local = identifier.slice(identifier.lastIndexOf(':') + 1);
    const url = template.replaceAll('{id}', encodeURIComponent(local));
    return isHttp(url) ? url : null;
  }
  for (const field of dataFields(marc, '856')) for (const url of subfieldValues(field, 'u')) if (isHttp(url)) return url.trim();
  return null;
}

function progressOf(r: HarvestResult): HarvestProgress {
  return {
    partner: r.partner,
    pages: r.pages,
    received: r.received,
    inserted: r.inserted,
    updated: r.updated,
    deleted: r.deleted,
    skipped: r.skipped,
    completeListSize: r.completeListSize,
  };
}

function describeError(error: unknown): string {
  if (error instanceof OaiError || error instanceof HarvestError || error instanceof PartnerRemoved) return error.message;
  return `unexpected: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * The scheduled run: every partner whose next attempt has come, one after another, each on its
 * own (one that fails is put off and the next goes on), until none is due or the run's time
 * budget is spent (a partner still listing keeps its token and is due again at once).
 */
export async function harvestDue(db: Db, options: { budgetMs?: number; client?: OaiClientOptions } = {}): Promise<HarvestResult[]> {
  const deadline = Date.now() + (options.budgetMs ?? JOB_BUDGET_MS);
  const done: number[] = [];
  const results: HarvestResult[] = [];
  while (Date.now() < deadline) {
    const partner = await claimDuePartner(db, done, LEASE_SECONDS);
    if (!partner) break;
    done.push(partner.codEmpresa);
    results.push(await harvestPartner(db, partner, { deadline, client: options.client }));
  }
  return results;
}

/** Staff's "harvest now": one partner by name, or every partner, each to the end of its list. */
export async function harvestNow(
  db: Db,
  name: string | null,
  options: { client?: OaiClientOptions; onProgress?: (progress: HarvestProgress) => void } = {},
): Promise<HarvestResult[]> {
  const partners = name === null ? await allPartners(db) : [await partnerByName(db, name)].filter((p): p is Partner => p !== null);
  if (name !== null && partners.length === 0) throw new Error(`no partner named "${name}"`);
  const results: HarvestResult[] = [];
  for (const partner of partners) results.push(await harvestPartner(db, partner, options));
  return results;
}

/** One partner's harvest in a line. */
export function describeHarvest(r: HarvestResult): string {
  const counts = `${r.received} record(s) in ${r.pages} page(s): ${r.inserted} new, ${r.updated} updated, ${r.deleted} deleted, ${r.skipped} skipped`;
  const how = [r.resumed ? 'resumed from the saved token' : '', r.restarted ? 'the saved token had expired: listed again' : ''].filter(Boolean).join('; ');
  const head = `${r.partner}: ${r.status}${how ? ` (${how})` : ''}`;
  if (r.status === 'busy') return `${r.partner}: ${r.error}`;
  if (r.status === 'failed') return `${head} after ${counts} — ${r.error}`;
  if (r.status === 'paused') return `${head}: ${counts}; goes on at the next run`;
  return `${head}: ${counts}`;
}

/** A run of several partners in one line (the scheduled job's outcome). */
export function summarizeHarvests(results: HarvestResult[]): string {
  if (results.length === 0) return 'no partner due';
  const sum = (key: 'received' | 'inserted' | 'updated' | 'deleted' | 'skipped') => results.reduce((n, r) => n + r[key], 0);
  const failed = results.filter((r) => r.status === 'failed');
  const paused = results.filter((r) => r.status === 'paused');
  const parts = [
    `${results.length - failed.length} of ${results.length} partner(s) harvested: ${sum('received')} record(s), ${sum('inserted')} new, ${sum('updated')} updated, ${sum('deleted')} deleted, ${sum('skipped')} skipped`,
  ];
  if (paused.length > 0) parts.push(`${paused.map((r) => r.partner).join(', ')} to go on at the next run`);
  if (failed.length > 0) parts.push(`failed: ${failed.map((r) => `${r.partner} (${r.error})`).join('; ')}`);
  return parts.join('; ');
}
