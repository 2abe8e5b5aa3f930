import type { Parceiro } from '@estante/contracts/network';
import type { Db } from '../../db/client.js';
import type { HarvestRecord } from '../../db/schema/index.js';
import { audited, recordStaffAct } from '../../lib/audit.js';
import type { Scheduler } from '../../lib/scheduler.js';
import { errors } from './network.messages.js';
import { discover } from './network.harvest.js';
import type { OaiClientOptions } from './network.oai-client.js';
import {
  allPartners,
  deletePartner,
  dueNow,
  insertPartner,
  type Partner,
  partnerById,
  partnerByName,
  partnerByUrl,
  recordCounts,
} from './network.harvest.queries.js';

// eslint-disable-next-line no-control-regex -- taking control characters out of a partner's answer is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** A harvest that has not moved for this long stopped with its process: shown as interrupted (it goes on at the next run). */
const STALLED_MS = 5 * 60_000;

/** A partner as the administration's screen shows it. */
function asParceiro(p: Partner, registros: number, now = Date.now()): Parceiro {
  const coleta: HarvestRecord | null = p.coleta ?? null;
  const stalled = coleta?.situacao === 'coletando' && now - Date.parse(coleta.atualizada) > STALLED_MS;
  return {
    cod_empresa: p.codEmpresa,
    nome: p.nome,
    endereco: p.baseUrl,
    formato: p.metadataPrefix,
    registro_url: p.recordUrl,
    registros,
    ultima_coleta: p.lastHarvestAt?.toISOString() ?? null,
    proxima_tentativa: p.nextAttemptAt?.toISOString() ?? null,
    ultimo_erro: p.lastError,
    falhas: p.failures,
    coleta: coleta ? { ...coleta, situacao: stalled ? 'interrompida' : coleta.situacao } : null,
  };
}

/** Every partner, by name, with the records held from each and its last (or running) harvest. */
export async function partnerList(db: Db): Promise<Parceiro[]> {
  const [partners, counts] = await Promise.all([allPartners(db), recordCounts(db)]);
  return partners.map((p) => asParceiro(p, counts.get(p.codEmpresa) ?? 0));
}

async function partnerOrFail(db: Db, id: number): Promise<Partner> {
  const partner = await partnerById(db, id);
  if (!partner) throw errors.partnerNotFound(id);
  return partner;
}

/**
 * Adds a partner: its name and address not taken (409), the address answering Identify and
 * ListMetadataFormats (422 with what it answered), saved and audited in one transaction. Answers
 * the partner and what its Identify said (the command prints it).
 */
export async function addPartner(
  db: Db,
  input: { endereco: string; nome: string; registro?: string | null },
  actor: string,
  client?: OaiClientOptions,
): Promise<{ parceiro: Parceiro; repositorio: string; estante: boolean; granularidade: string }> {
  const byName = await partnerByName(db, input.nome);
  if (byName) throw errors.partnerNameTaken(input.nome, byName.baseUrl);
  const byUrl = await partnerByUrl(db, input.endereco);
  if (byUrl) throw errors.partnerAddressTaken(input.endereco, byUrl.nome);
  let found: Awaited<ReturnType<typeof discover>>;
  try {
    found = await discover(input.endereco, client);
  } catch (error) {
    throw errors.partnerSilent(input.endereco, (error instanceof Error ? error.message : String(error)).replace(CONTROL, '\uFFFD').slice(0, 300));
  }
  const row = {
    nome: input.nome,
    baseUrl: input.endereco,
    metadataPrefix: found.metadataPrefix,
    granularity: found.identity.granularity,
    recordUrl: input.registro ?? found.defaultRecordUrl,
  };
  let made: Partner;
  try {
    made = await audited(
      db,
      (p: Partner) => ({ autor: actor, acao: 'network.add', alvo: `parceiro:${p.codEmpresa}`, detalhes: { depois: row } }),
      (tx) => insertPartner(tx, row),
    );
  } catch (error) {
    // Added by another desk meanwhile (the unique name or address).
    const again = (await partnerByName(db, input.nome)) ?? (await partnerByUrl(db, input.endereco));
    if (again) throw again.nome === input.nome ? errors.partnerNameTaken(input.nome, again.baseUrl) : errors.partnerAddressTaken(input.endereco, again.nome);
    throw error;
  }
  return { parceiro: asParceiro(made, 0), repositorio: found.identity.repositoryName, estante: found.estante, granularidade: found.identity.granularity };
}

/** Removes a partner and (cascade) its records, audited; answers how many records went. */
export async function removePartner(db: Db, id: number, actor: string): Promise<{ registros: number }> {
  const partner = await partnerOrFail(db, id);
  const registros = await audited(
    db,
    (n: number | null) =>
      n === null ? null : { autor: actor, acao: 'network.remove', alvo: `parceiro:${id}`, detalhes: { nome: partner.nome, registros: n } },
    (tx) => deletePartner(tx, partner.nome),
  );
  if (registros === null) throw errors.partnerNotFound(id);
  return { registros };
}

/**
 * "Harvest now" from the screen: the partner is made due and the scheduler's harvest is queued
 * (it runs within seconds, on whichever node takes it; its progress is written after every page).
 * 409 while a harvest of it is moving.
 */
export async function harvestSoon(db: Db, scheduler: Scheduler, id: number, actor: string): Promise<Parceiro> {
  const partner = await partnerOrFail(db, id);
  const shown = asParceiro(partner, 0);
  if (shown.coleta?.situacao === 'coletando') throw errors.harvestUnderWay(partner.nome);
  if (!scheduler.running) throw errors.schedulerStopped();
  await dueNow(db, id);
  await recordStaffAct(db, { autor: actor, acao: 'network.harvest', alvo: `parceiro:${id}`, detalhes: { nome: partner.nome, pedida: true } });
  await scheduler.runSoon('network.harvest');
  return (await partnerList(db)).find((p) => p.cod_empresa === id)!;
}
