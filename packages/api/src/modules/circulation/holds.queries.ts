import type { Reserva } from '@estante/contracts/circulation';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** Statuses in which a copy can be held for someone: on the shelf, lent, in transit, kept for another. */
export const HOLDABLE_STATUSES = ['disponivel', 'emprestado', 'em_transito', 'reservado'] as const;
const holdable = sql.raw(HOLDABLE_STATUSES.map((s) => `'${s}'`).join(', '));

export interface HoldParts {
  volume: string | null;
  tomo: string | null;
  parte: string | null;
}

/** What a hold asks for besides title and library: the parts, and the copies' shelf location (spec §3 Hold `localizacao`). */
export interface HoldTarget extends HoldParts {
  localizacao: string | null;
}

const ANY: HoldTarget = { volume: null, tomo: null, parte: null, localizacao: null };

/** A hold matches a copy when each chosen part and the chosen location are the copy's (an unchosen one matches any). */
const targetMatch = (target: HoldTarget) =>
  sql`(${target.volume}::text is null or c.volume = ${target.volume})
      and (${target.tomo}::text is null or c.tomo = ${target.tomo})
      and (${target.parte}::text is null or c.parte = ${target.parte})
      and (${target.localizacao}::text is null or c.localizacao = ${target.localizacao})`;

/** Holds `h` asking for the same target as `target` (each volume, and each location, has its own queue). */
const sameTarget = (target: HoldTarget) =>
  sql`coalesce(volume, '') = coalesce(${target.volume}::text, '') and coalesce(tomo, '') = coalesce(${target.tomo}::text, '')
      and coalesce(parte, '') = coalesce(${target.parte}::text, '') and coalesce(localizacao, '') = coalesce(${target.localizacao}::text, '')`;

/**
 * The title's copies, per library, as the hold rules see them for a person of `category`:
 * every copy, the ones whose status and loan type (and the category's policy) allow holds,
 * and of those the ones on the shelf now.
 */
export async function holdCopiesByLibrary(db: Db, codAcervo: number, category: string | null, target: HoldTarget = ANY) {
  return queryRows<{ cod_biblioteca: number; desc_biblioteca: string; total: number; reservaveis: number; disponiveis: number; fila: number }>(
    db,
    sql`select c.cod_biblioteca, l.desc_biblioteca, count(*)::int as total,
               count(*) filter (where ok.allowed and c.status in (${holdable}))::int as reservaveis,
               count(*) filter (where ok.allowed and c.status = 'disponivel')::int as disponiveis,
               (select count(*)::int from holds h where h.cod_acervo = c.cod_acervo and h.cod_biblioteca = c.cod_biblioteca and h.situacao = 'fila') as fila
        from copies c
        join libraries l on l.cod_biblioteca = c.cod_biblioteca
        join loan_types lt on lt.cod_tipo_emprestimo = c.cod_tipo_emprestimo
        left join circulation_policies p on p.cod_tipo_emprestimo = c.cod_tipo_emprestimo and p.cod_categoria = ${category}
        cross join lateral (select lt.permite_reserva and coalesce(p.permite_reserva, true) as allowed) ok
        where c.cod_acervo = ${codAcervo} and not c.acervo_fechado and ${targetMatch(target)}
        group by c.cod_acervo, c.cod_biblioteca, l.desc_biblioteca
        order by l.desc_biblioteca`,
  );
}

/** The distinct volumes, tomes, parts and materials of a title's copies. */
export async function titleParts(db: Db, codAcervo: number) {
  const [row] = await queryRows<{ volumes: string[]; tomos: string[]; partes: string[]; materiais: string[] }>(
    db,
    sql`select coalesce(array_agg(distinct volume) filter (where volume is not null), '{}') as volumes,
               coalesce(array_agg(distinct tomo) filter (where tomo is not null), '{}') as tomos,
               coalesce(array_agg(distinct parte) filter (where parte is not null), '{}') as partes,
               coalesce(array_agg(distinct material) filter (where material is not null), '{}') as materiais
        from copies where cod_acervo = ${codAcervo} and not acervo_fechado`,
  );
  return row ?? { volumes: [], tomos: [], partes: [], materiais: [] };
}

/** Serialises hold placement on one title (two patrons holding its last copy at once queue one after the other). */
export async function lockTitle(db: Db, codAcervo: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select cod_acervo from titles where cod_acervo = ${codAcervo} for update`);
  return rows.length > 0;
}

/** Holds waiting for the same title, library, parts and location (each volume has its own queue). */
export async function queueLength(db: Db, codAcervo: number, codBiblioteca: number, target: HoldTarget): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from holds where cod_acervo = ${codAcervo} and cod_biblioteca = ${codBiblioteca} and situacao = 'fila'
          and ${sameTarget(target)}`,
  );
  return row?.n ?? 0;
}

export async function activeHoldsOf(db: Db, codPessoa: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from holds where cod_pessoa = ${codPessoa} and situacao in ('fila', 'liberada')`,
  );
  return row?.n ?? 0;
}

export async function hasActiveHold(db: Db, codPessoa: number, codAcervo: number, codBiblioteca: number, target: HoldTarget): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from holds where cod_pessoa = ${codPessoa} and cod_acervo = ${codAcervo} and cod_biblioteca = ${codBiblioteca}
          and ${sameTarget(target)} and situacao in ('fila', 'liberada')`,
  );
  return rows.length > 0;
}

export async function insertHold(
  db: Db,
  hold: { codAcervo: number; codBiblioteca: number; codPessoa: number; material: string | null } & HoldTarget,
): Promise<number> {
  const [row] = await queryRows<{ cod_reserva: number }>(
    db,
    sql`insert into holds (cod_acervo, cod_biblioteca, cod_pessoa, volume, tomo, parte, localizacao, material)
        values (${hold.codAcervo}, ${hold.codBiblioteca}, ${hold.codPessoa}, ${hold.volume}, ${hold.tomo}, ${hold.parte}, ${hold.localizacao}, ${hold.material})
        returning cod_reserva`,
  );
  return row!.cod_reserva;
}

const holdColumns = sql`h.cod_reserva, h.cod_acervo, t.title as titulo, h.cod_biblioteca, l.desc_biblioteca, h.volume, h.tomo, h.parte, h.localizacao, h.material, h.situacao,
  case when h.situacao = 'fila' then (select count(*)::int from holds q where q.cod_acervo = h.cod_acervo and q.cod_biblioteca = h.cod_biblioteca
    and q.situacao = 'fila' and q.cod_reserva <= h.cod_reserva and coalesce(q.volume, '') = coalesce(h.volume, '')
    and coalesce(q.tomo, '') = coalesce(h.tomo, '') and coalesce(q.parte, '') = coalesce(h.parte, '')
    and coalesce(q.localizacao, '') = coalesce(h.localizacao, '')) end as posicao,
  h.criada_em::text as data_reserva, h.liberada_em::text as data_liberacao, h.prazo_retirada::text as prazo_retirada,
  case when h.situacao in ('cancelada', 'expirada') then h.encerrada_em::text end as data_cancelamento,
  case when h.situacao = 'liberada' then e.tombo end as observacao`;

type HoldRow = Reserva;

/** The patron's holds in the queue or released, oldest first. */
export async function activeHoldsList(db: Db, codPessoa: number) {
  return queryRows<HoldRow>(
    db,
    sql`select ${holdColumns} from holds h join titles t on t.cod_acervo = h.cod_acervo join libraries l on l.cod_biblioteca = h.cod_biblioteca
        left join copies e on e.cod_exemplar = h.cod_exemplar
        where h.cod_pessoa = ${codPessoa} and h.situacao in ('fila', 'liberada') order by h.cod_reserva`,
  );
}

/** Every hold the patron placed in a period (dates inclusive), newest first. */
export async function holdHistory(db: Db, codPessoa: number, from: string, to: string) {
  return queryRows<HoldRow>(
    db,
    sql`select ${holdColumns} from holds h join titles t on t.cod_acervo = h.cod_acervo join libraries l on l.cod_biblioteca = h.cod_biblioteca
        left join copies e on e.cod_exemplar = h.cod_exemplar
        where h.cod_pessoa = ${codPessoa} and h.criada_em >= ${from}::date and h.criada_em < ${to}::date + 1 order by h.cod_reserva desc`,
  );
}

/** Locks the patron's holds among `ids` (others' and unknown numbers are simply not there). */
export async function lockHoldsOf(db: Db, codPessoa: number, ids: number[]) {
  return queryRows<{ cod_reserva: number; situacao: string; cod_exemplar: number | null }>(
    db,
    sql`select cod_reserva, situacao, cod_exemplar from holds where cod_pessoa = ${codPessoa} and cod_reserva in ${ids} order by cod_reserva for update`,
  );
}

export async function closeHolds(db: Db, ids: number[], situacao: 'cancelada' | 'atendida' | 'expirada'): Promise<void> {
  await db.execute(sql`update holds set situacao = ${situacao}, encerrada_em = now() where cod_reserva in ${ids}`);
}

type QueueCopy = { cod_acervo: number; cod_biblioteca: number; localizacao: string | null } & HoldParts;

/**
 * The next hold waiting for a copy: same title and library, parts compatible with the copy,
 * the oldest first; locked so two check-ins never release one hold twice.
 */
export async function nextInQueue(db: Db, copy: QueueCopy) {
  const [row] = await queryRows<{ cod_reserva: number; cod_pessoa: number }>(
    db,
    sql`select cod_reserva, cod_pessoa from holds
        where cod_acervo = ${copy.cod_acervo} and cod_biblioteca = ${copy.cod_biblioteca} and situacao = 'fila'
          and (volume is null or volume = ${copy.volume}) and (tomo is null or tomo = ${copy.tomo}) and (parte is null or parte = ${copy.parte})
          and (localizacao is null or localizacao = ${copy.localizacao})
        order by cod_reserva limit 1 for update skip locked`,
  );
  return row;
}

/** The first day from `from` (YYYY-MM-DD) plus `days` on which the library is open. */
export async function openDayFrom(db: Db, codBiblioteca: number, days: number): Promise<string> {
  const [row] = await queryRows<{ dia: string }>(
    db,
    sql`select d::date::text as dia from generate_series(current_date + ${days}::int, current_date + ${days}::int + 366, interval '1 day') d
        where not exists (select 1 from library_closed_days x where x.cod_biblioteca = ${codBiblioteca} and x.dia = d::date)
        order by d limit 1`,
  );
  return row!.dia;
}

export async function releaseHold(db: Db, codReserva: number, codExemplar: number, pickUpBy: string): Promise<void> {
  await db.execute(
    sql`update holds set situacao = 'liberada', cod_exemplar = ${codExemplar}, liberada_em = now(), prazo_retirada = ${pickUpBy}::date where cod_reserva = ${codReserva}`,
  );
}

/** What decides which queue a copy serves: its title, library, parts and location. */
export async function copyForQueue(db: Db, codExemplar: number) {
  const [row] = await queryRows<QueueCopy>(
    db,
    sql`select cod_acervo, cod_biblioteca, volume, tomo, parte, localizacao from copies where cod_exemplar = ${codExemplar}`,
  );
  return row!;
}
