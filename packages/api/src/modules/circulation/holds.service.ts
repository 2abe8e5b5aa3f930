import type { Reserva, ReservaInicial } from '@estante/contracts/circulation';
import type { Db } from '../../db/client.js';
import { errors } from './circulation.messages.js';
import { holdRefusal } from './circulation.policy.js';
import { titleExists, titlesForExport } from '../catalog/title.service.js';
import { institutionNumber } from '../parameters/parameters.service.js';
import { setCopyStatus } from './desk.queries.js';
import { activeDeviation, lockPatron, patronCategory } from '../account/account.service.js';
import {
  activeHoldsList,
  activeHoldsOf,
  closeHolds,
  copyForQueue,
  hasActiveHold,
  holdCopiesByLibrary,
  holdHistory,
  type HoldTarget,
  insertHold,
  lockHoldsOf,
  lockTitle,
  nextInQueue,
  openDayFrom,
  queueLength,
  releaseHold,
  titleParts,
} from './holds.queries.js';

/** Days a released copy waits at the desk (from the first open day). */
export const PICK_UP_DAYS = 3;
/** Active holds a patron may have, unless the institution sets `limite_reservas`. */
const DEFAULT_HOLD_LIMIT = 5;

/** `GET /reserva/{id}/informacoes-iniciais`: the libraries where the title can be held, with their queues, and its parts. */
export async function holdStart(db: Db, codAcervo: number, codPessoa: number | null): Promise<ReservaInicial> {
  if (!(await titleExists(db, codAcervo))) throw errors.titleNotFound(codAcervo);
  const category = codPessoa === null ? null : await patronCategory(db, codPessoa);
  const [title] = await titlesForExport(db, [codAcervo]);
  const libraries = await holdCopiesByLibrary(db, codAcervo, category);
  const parts = await titleParts(db, codAcervo);
  return {
    cod_acervo: codAcervo,
    titulo: title?.title ?? '',
    bibliotecas: libraries.map((l) => ({
      cod_biblioteca: l.cod_biblioteca,
      desc_biblioteca: l.desc_biblioteca,
      exemplares: l.reservaveis,
      disponiveis: l.disponiveis,
      fila: l.fila,
    })),
    volumes: parts.volumes,
    tomos: parts.tomos,
    partes: parts.partes,
    materiais: parts.materiais,
  };
}

interface HoldRequest extends HoldTarget {
  cod_acervo: number;
  biblioteca: number;
  material_adicional: string | null;
}

/**
 * The hold rules (spec §8 "Hold", holdRefusal in circulation.policy.ts) over what the patron and
 * the title are now: copies counted by status and loan type (and the patron's category); a chosen
 * location (`localizacao`) counts only the copies shelved there, and queues apart like a volume.
 * The caller has found the title (placing a hold finds it by locking it). Answers the place the
 * hold would take.
 */
async function checkHold(db: Db, codPessoa: number, request: HoldRequest): Promise<number> {
  const category = await patronCategory(db, codPessoa);
  const refusal = holdRefusal({
    parts: await titleParts(db, request.cod_acervo),
    chosen: request,
    away: await activeDeviation(db, codPessoa),
    here: (await holdCopiesByLibrary(db, request.cod_acervo, category, request)).find((l) => l.cod_biblioteca === request.biblioteca),
    alreadyHeld: await hasActiveHold(db, codPessoa, request.cod_acervo, request.biblioteca, request),
    activeHolds: await activeHoldsOf(db, codPessoa),
    limit: await institutionNumber(db, 'limite_reservas', DEFAULT_HOLD_LIMIT),
  });
  if (refusal) throw refusal;
  return (await queueLength(db, request.cod_acervo, request.biblioteca, request)) + 1;
}

/** `POST /reserva/validar-fila`: whether the hold can be placed, and its place in the queue. */
export async function validateHold(db: Db, codPessoa: number, request: HoldRequest): Promise<{ posicao: number }> {
  if (!(await titleExists(db, request.cod_acervo))) throw errors.titleNotFound(request.cod_acervo);
  return { posicao: await checkHold(db, codPessoa, request) };
}

/**
 * `POST /reserva`: places the hold. The patron and then the title are locked for the check and
 * the insert: a patron's holds sent at once are counted one after the other against the limit,
 * two patrons holding the last copy queue one after the other, and the unique index refuses a
 * double click's second hold.
 */
export async function placeHold(db: Db, codPessoa: number, request: HoldRequest): Promise<{ cod_reserva: number; posicao: number }> {
  return db.transaction(async (tx) => {
    await lockPatron(tx, codPessoa);
    if (!(await lockTitle(tx, request.cod_acervo))) throw errors.titleNotFound(request.cod_acervo);
    const posicao = await checkHold(tx, codPessoa, request);
    const codReserva = await insertHold(tx, {
      codAcervo: request.cod_acervo,
      codBiblioteca: request.biblioteca,
      codPessoa,
      material: request.material_adicional,
      ...request,
    });
    return { cod_reserva: codReserva, posicao };
  });
}

/** `GET /api/reserva`: the patron's holds in the queue (with their place) or waiting at the desk. */
export function myHolds(db: Db, codPessoa: number): Promise<Reserva[]> {
  return activeHoldsList(db, codPessoa);
}

/** `GET /api/reserva/historico`: every hold placed in the period. */
export function myHoldHistory(db: Db, codPessoa: number, from: string, to: string): Promise<Reserva[]> {
  return holdHistory(db, codPessoa, from, to);
}

/**
 * `DELETE /api/reserva`: cancels the patron's holds, all or none. A hold that is not theirs
 * or does not exist → 404; one already served, cancelled or expired → 422 (the spec's "error
 * cancelling a reservation"). A released hold's copy goes to the next in the queue, or back
 * to the shelf.
 */
export async function cancelHolds(db: Db, codPessoa: number, ids: number[]): Promise<{ canceladas: number }> {
  return db.transaction(async (tx) => {
    const found = await lockHoldsOf(tx, codPessoa, ids);
    if (found.length !== ids.length) throw errors.holdNotFound(ids.find((id) => !found.some((f) => f.cod_reserva === id))!);
    const closed = found.find((h) => h.situacao !== 'fila' && h.situacao !== 'liberada');
    if (closed) throw errors.holdCancelFailed(closed.cod_reserva);
    await closeHolds(tx, ids, 'cancelada');
    for (const hold of found) if (hold.cod_exemplar !== null && hold.situacao === 'liberada') await passOnCopy(tx, hold.cod_exemplar);
    return { canceladas: ids.length };
  });
}

/**
 * A copy comes free (returned, or its hold ended): the next hold in its queue gets it — kept
 * at the desk until the pick-up deadline — or it goes back on the shelf. Answers the hold released.
 */
export async function passOnCopy(db: Db, codExemplar: number): Promise<{ cod_reserva: number; cod_pessoa: number; prazo: string } | null> {
  const copy = await copyForQueue(db, codExemplar);
  const next = await nextInQueue(db, copy);
  if (!next) {
    await setCopyStatus(db, codExemplar, 'disponivel');
    return null;
  }
  const prazo = await openDayFrom(db, copy.cod_biblioteca, PICK_UP_DAYS);
  await releaseHold(db, next.cod_reserva, codExemplar, prazo);
  await setCopyStatus(db, codExemplar, 'reservado');
  return { ...next, prazo };
}
