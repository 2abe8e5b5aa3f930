import type { SuggestionStatus } from '@estante/contracts/acquisitions';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** A suggestion as the patron and the staff see it (its status named by the service). */
export interface SuggestionRow {
  codigo: number;
  situacao: SuggestionStatus;
  titulo: string;
  autor: string | null;
  editor: string;
  edicao: string | null;
  isbn_issn: string | null;
  biblioteca: string;
  cod_biblioteca: number;
  quantidade: number;
  data_cotacao: string | null;
  criado_em: string;
  obra_estrangeira: boolean;
  solicitante: string;
  total_entregue: number;
  previsao_entrega: string | null;
  pedido: number | null;
  cod_acervo: number | null;
  nota: string | null;
  historico: { situacao: SuggestionStatus; nota: string | null; em: string }[];
  cod_pessoa: number;
  email: string | null;
  encerrado: boolean | null;
  preco: string | null;
  fornecedor: string | null;
  categoria: string;
  cod_categoria: string | null;
}

/** Which suggestions: a patron's own, sent in a period, of a status, at a library. */
export interface SuggestionFilter {
  codPessoa?: number;
  dataIni?: string;
  dataFim?: string;
  situacao?: SuggestionStatus;
  biblioteca?: number;
  /** The requester's category code. */
  categoria?: string;
}

const UTC = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const COLUMNS = sql`s.id as codigo, s.situacao, s.titulo, s.autor, s.editor, s.edicao, s.isbn_issn, b.desc_biblioteca as biblioteca,
  s.cod_biblioteca, s.quantidade, to_char(s.data_cotacao, 'YYYY-MM-DD') as data_cotacao, ${UTC(sql`s.enviado_em`)} as criado_em,
  s.obra_estrangeira, p.nome_pessoa as solicitante, s.total_entregue, to_char(o.previsao_entrega, 'YYYY-MM-DD') as previsao_entrega,
  s.cod_pedido as pedido, s.cod_acervo, s.nota,
  coalesce((select json_agg(json_build_object('situacao', e.situacao, 'nota', e.nota, 'em', ${UTC(sql`e.em`)}) order by e.em, e.cod_evento)
            from suggestion_events e where e.cod_sugestao = s.id), '[]'::json) as historico,
  s.cod_pessoa, p.email, o.encerrado, s.preco::text as preco, s.fornecedor, coalesce(pc.descricao, p.cod_categoria, '') as categoria, p.cod_categoria`;

const FROM = sql`from acquisition_suggestions s
  join libraries b on b.cod_biblioteca = s.cod_biblioteca
  join people p on p.cod_pessoa = s.cod_pessoa
  left join patron_categories pc on pc.cod_categoria = p.cod_categoria
  left join purchase_orders o on o.cod_pedido = s.cod_pedido`;

/** The filter as a WHERE condition; the period is of the day the suggestion was sent. */
function where(f: SuggestionFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.codPessoa !== undefined) parts.push(sql`s.cod_pessoa = ${f.codPessoa}`);
  if (f.dataIni) parts.push(sql`s.enviado_em >= ${f.dataIni}::date`);
  if (f.dataFim) parts.push(sql`s.enviado_em < ${f.dataFim}::date + 1`);
  if (f.situacao) parts.push(sql`s.situacao = ${f.situacao}`);
  if (f.biblioteca !== undefined) parts.push(sql`s.cod_biblioteca = ${f.biblioteca}`);
  if (f.categoria !== undefined) parts.push(sql`p.cod_categoria = ${f.categoria}`);
  return sql.join(parts, sql` and `);
}

/** Suggestions that pass the filter: newest first (the patron), or oldest first (the staff queue). */
export function suggestionsWhere(db: Db, filter: SuggestionFilter, order: 'newest' | 'oldest') {
  const by = order === 'newest' ? sql`s.enviado_em desc, s.id desc` : sql`s.enviado_em, s.id`;
  return queryRows<SuggestionRow>(db, sql`select ${COLUMNS} ${FROM} where ${where(filter)} order by ${by} limit 1000`);
}

/** One suggestion (the patron's own when `codPessoa` is given). */
export async function suggestionById(db: Db, id: number, codPessoa?: number): Promise<SuggestionRow | undefined> {
  const whose = codPessoa === undefined ? sql`` : sql`and s.cod_pessoa = ${codPessoa}`;
  const [row] = await queryRows<SuggestionRow>(db, sql`select ${COLUMNS} ${FROM} where s.id = ${id} ${whose}`);
  return row;
}

/** Locks suggestions for a change, in id order (two staff commands never deadlock); answers those found. */
export async function lockSuggestions(db: Db, ids: number[]): Promise<{ id: number; situacao: SuggestionStatus; cod_biblioteca: number }[]> {
  if (ids.length === 0) return [];
  return queryRows(
    db,
    sql`select id, situacao, cod_biblioteca from acquisition_suggestions
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id for update`,
  );
}

/** Moves a suggestion on and records the step. */
export async function changeSuggestion(
  db: Db,
  id: number,
  change: {
    situacao: SuggestionStatus;
    nota: string | null;
    quantidade?: number;
    dataCotacao?: boolean;
    obraEstrangeira?: boolean;
    totalEntregue?: number;
    codPedido?: number;
    codAcervo?: number;
    preco?: string;
    fornecedor?: string;
  },
): Promise<void> {
  const sets: SQL[] = [sql`situacao = ${change.situacao}`, sql`nota = ${change.nota}`, sql`atualizado_em = now()`];
  if (change.quantidade !== undefined) sets.push(sql`quantidade = ${change.quantidade}`);
  if (change.dataCotacao) sets.push(sql`data_cotacao = current_date`);
  if (change.obraEstrangeira !== undefined) sets.push(sql`obra_estrangeira = ${change.obraEstrangeira}`);
  if (change.totalEntregue !== undefined) sets.push(sql`total_entregue = ${change.totalEntregue}`);
  if (change.codPedido !== undefined) sets.push(sql`cod_pedido = ${change.codPedido}`);
  if (change.codAcervo !== undefined) sets.push(sql`cod_acervo = ${change.codAcervo}`);
  if (change.preco !== undefined) sets.push(sql`preco = ${change.preco}::numeric`);
  if (change.fornecedor !== undefined) sets.push(sql`fornecedor = ${change.fornecedor}`);
  await db.execute(
    sql`with changed as (update acquisition_suggestions set ${sql.join(sets, sql`, `)} where id = ${id} returning id)
        insert into suggestion_events (cod_sugestao, situacao, nota) select id, ${change.situacao}, ${change.nota} from changed`,
  );
}

/** A new purchase order; answers its number. */
export async function insertOrder(
  db: Db,
  order: { codBiblioteca: number; fornecedor: string; previsaoEntrega: string | null; nota: string | null },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into purchase_orders (cod_biblioteca, fornecedor, previsao_entrega, nota)
        values (${order.codBiblioteca}, ${order.fornecedor}, ${order.previsaoEntrega}, ${order.nota}) returning cod_pedido as id`,
  );
  return row!.id;
}

interface OrderRow {
  codigo: number;
  cod_biblioteca: number;
  biblioteca: string;
  fornecedor: string;
  criado_em: string;
  previsao_entrega: string | null;
  encerrado: boolean;
}

const ORDER = sql`select o.cod_pedido as codigo, o.cod_biblioteca, b.desc_biblioteca as biblioteca, o.fornecedor, ${UTC(sql`o.criado_em`)} as criado_em,
         to_char(o.previsao_entrega, 'YYYY-MM-DD') as previsao_entrega, o.encerrado
  from purchase_orders o join libraries b on b.cod_biblioteca = o.cod_biblioteca`;

/** A purchase order, locked for a change when asked. */
export async function orderById(db: Db, id: number, lock = false): Promise<OrderRow | undefined> {
  const [row] = await queryRows<OrderRow>(db, sql`${ORDER} where o.cod_pedido = ${id} ${lock ? sql`for update of o` : sql``}`);
  return row;
}

/** Purchase orders by number, in the order asked, in one query. */
export async function ordersByIds(db: Db, ids: number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<OrderRow>(
    db,
    sql`${ORDER} where o.cod_pedido in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return ids.map((id) => rows.find((r) => r.codigo === id)).filter((r) => r !== undefined);
}

/** The purchase orders' numbers, open first then newest, at a library when asked (at most 500). */
export async function orderIds(db: Db, biblioteca?: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select cod_pedido as id from purchase_orders ${biblioteca === undefined ? sql`` : sql`where cod_biblioteca = ${biblioteca}`}
        order by encerrado, criado_em desc, cod_pedido desc limit 500`,
  );
  return rows.map((r) => r.id);
}

/**
 * Every library's budget for a year beside what the year's orders commit (price × copies still
 * awaited, open orders) and spent (price × copies delivered); suggestions quoted without a price
 * counted apart.
 */
export function budgetsOf(db: Db, ano: number, biblioteca?: number) {
  return queryRows<{ cod_biblioteca: number; biblioteca: string; valor: string | null; comprometido: string; gasto: string; sem_preco: number }>(
    db,
    sql`select b.cod_biblioteca, b.desc_biblioteca as biblioteca, g.valor::text as valor,
               coalesce(sum(s.preco * (s.quantidade - s.total_entregue)) filter (where not o.encerrado), 0)::numeric(14, 2)::text as comprometido,
               coalesce(sum(s.preco * s.total_entregue), 0)::numeric(14, 2)::text as gasto,
               count(s.id) filter (where s.preco is null)::int as sem_preco
        from libraries b
        left join acquisition_budgets g on g.cod_biblioteca = b.cod_biblioteca and g.ano = ${ano}
        left join purchase_orders o on o.cod_biblioteca = b.cod_biblioteca and extract(year from o.criado_em) = ${ano}
        left join acquisition_suggestions s on s.cod_pedido = o.cod_pedido
        ${biblioteca === undefined ? sql`` : sql`where b.cod_biblioteca = ${biblioteca}`}
        group by b.cod_biblioteca, b.desc_biblioteca, g.valor
        order by b.desc_biblioteca`,
  );
}

/** Sets (or replaces) a library's budget for a year; answers what it was. */
export async function upsertBudget(db: Db, codBiblioteca: number, ano: number, valor: string): Promise<string | null> {
  const [before] = await queryRows<{ valor: string }>(
    db,
    sql`select valor::text as valor from acquisition_budgets where cod_biblioteca = ${codBiblioteca} and ano = ${ano} for update`,
  );
  await db.execute(
    sql`insert into acquisition_budgets (cod_biblioteca, ano, valor) values (${codBiblioteca}, ${ano}, ${valor}::numeric)
        on conflict (cod_biblioteca, ano) do update set valor = excluded.valor`,
  );
  return before?.valor ?? null;
}

/** Marks an order closed. */
export async function markOrderClosed(db: Db, id: number): Promise<void> {
  await db.execute(sql`update purchase_orders set encerrado = true where cod_pedido = ${id}`);
}

/** The suggestions an order holds (a patron's own when `codPessoa` is given). */
export function orderItems(db: Db, orderIds: number[], codPessoa?: number) {
  if (orderIds.length === 0) return Promise.resolve([]);
  const whose = codPessoa === undefined ? sql`` : sql`and s.cod_pessoa = ${codPessoa}`;
  return queryRows<SuggestionRow>(
    db,
    sql`select ${COLUMNS} ${FROM} where s.cod_pedido in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )}) ${whose} order by s.id`,
  );
}

/** The orders that hold a patron's suggestions, newest first. */
export function ordersOf(db: Db, codPessoa: number) {
  return queryRows<{ codigo: number }>(
    db,
    sql`select distinct o.cod_pedido as codigo, o.criado_em from purchase_orders o
        join acquisition_suggestions s on s.cod_pedido = o.cod_pedido
        where s.cod_pessoa = ${codPessoa} order by o.criado_em desc, o.cod_pedido desc limit 200`,
  );
}

/** The filter's suggestions counted by status, library and month. */
export async function countsWhere(db: Db, filter: SuggestionFilter) {
  const w = where(filter);
  const [totals, byStatus, byLibrary, byMonth] = await Promise.all([
    queryRows<{ total: number; sugeridos: number; entregues: number }>(
      db,
      sql`select count(*)::int as total, coalesce(sum(s.quantidade), 0)::int as sugeridos, coalesce(sum(s.total_entregue), 0)::int as entregues
          from acquisition_suggestions s where ${w}`,
    ),
    queryRows<{ situacao: SuggestionStatus; total: number }>(
      db,
      sql`select s.situacao, count(*)::int as total from acquisition_suggestions s where ${w} group by s.situacao order by total desc, s.situacao`,
    ),
    queryRows<{ cod_biblioteca: number; biblioteca: string; total: number }>(
      db,
      sql`select s.cod_biblioteca, b.desc_biblioteca as biblioteca, count(*)::int as total
          from acquisition_suggestions s join libraries b on b.cod_biblioteca = s.cod_biblioteca
          where ${w} group by s.cod_biblioteca, b.desc_biblioteca order by total desc, b.desc_biblioteca`,
    ),
    queryRows<{ mes: string; total: number }>(
      db,
      sql`select to_char(s.enviado_em at time zone 'UTC', 'YYYY-MM') as mes, count(*)::int as total
          from acquisition_suggestions s where ${w} group by 1 order by 1`,
    ),
  ]);
  return { ...totals[0]!, byStatus, byLibrary, byMonth };
}

export async function libraryExists(db: Db, id: number): Promise<boolean> {
  return (await queryRows(db, sql`select 1 from libraries where cod_biblioteca = ${id}`)).length > 0;
}

export async function titleExists(db: Db, id: number): Promise<boolean> {
  return (await queryRows(db, sql`select 1 from titles where cod_acervo = ${id}`)).length > 0;
}
