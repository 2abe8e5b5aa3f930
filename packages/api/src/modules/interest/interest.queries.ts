import type { DigestFrequency } from '@estante/contracts/interest';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executeCount, queryRows } from '../../db/client.js';
import { Pacer } from '../../lib/pacing.js';

/** An entry as the API answers it. */
export interface EntryRow {
  codigo: number;
  tipo: 'area' | 'autor' | 'assunto' | 'tipo_obra' | 'periodico';
  termo: string;
  descricao: string;
  validade: string;
  expirada: boolean;
  bibliotecas: number[];
  idiomas: string[];
  fasciculo: boolean;
  artigo: boolean;
  sumario: boolean;
}

/** `a, b, c` of bound values, for `in (…)` (callers never pass an empty list). */
const inList = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

const ENTRY_COLUMNS = sql`codigo, tipo, termo, descricao, to_char(validade, 'YYYY-MM-DD') as validade, validade < current_date as expirada, bibliotecas, idiomas, fasciculo, artigo, sumario`;

/** The patron's entries of the given kinds, by kind then description. */
export function entriesOf(db: Db, codPessoa: number, kinds: readonly string[]): Promise<EntryRow[]> {
  return queryRows<EntryRow>(
    db,
    sql`select ${ENTRY_COLUMNS} from interest_entries
        where cod_pessoa = ${codPessoa} and tipo in (${inList(kinds)})
        order by tipo, descricao, codigo`,
  );
}

/** One of the patron's entries (of one of `kinds`), or undefined: another patron's is not theirs. */
export async function entryOf(db: Db, codPessoa: number, codigo: number, kinds: readonly string[]): Promise<EntryRow | undefined> {
  const [row] = await queryRows<EntryRow>(
    db,
    sql`select ${ENTRY_COLUMNS} from interest_entries where codigo = ${codigo} and cod_pessoa = ${codPessoa} and tipo in (${inList(kinds)})`,
  );
  return row;
}

/** How many entries the patron has. */
export async function entryCount(db: Db, codPessoa: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from interest_entries where cod_pessoa = ${codPessoa}`);
  return row?.n ?? 0;
}

/**
 * Adds entries (or renews their validity when the patron already follows them): one row per
 * item, `termo_fold` folded by the database as the matching folds the catalogue.
 */
export async function upsertEntries(
  db: Db,
  codPessoa: number,
  tipo: string,
  validade: string,
  items: { termo: string; descricao: string }[],
  /** A serial tells of new issues unless the patron chooses otherwise. */
  fasciculo = false,
): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await queryRows<{ codigo: number }>(
    db,
    sql`insert into interest_entries (cod_pessoa, tipo, termo, termo_fold, descricao, validade, fasciculo)
        values ${sql.join(
          items.map((i) => sql`(${codPessoa}, ${tipo}, ${i.termo}, estante_fold(${i.termo}), ${i.descricao}, ${validade}::date, ${fasciculo})`),
          sql`, `,
        )}
        on conflict (cod_pessoa, tipo, termo_fold) do update set validade = excluded.validade
        returning codigo`,
  );
  return rows.map((r) => r.codigo);
}

/** Changes an entry of the patron's; false when there is none. */
export async function updateEntry(
  db: Db,
  codPessoa: number,
  codigo: number,
  kinds: readonly string[],
  change: { validade?: string; bibliotecas?: number[]; idiomas?: string[]; fasciculo?: boolean; artigo?: boolean; sumario?: boolean },
): Promise<boolean> {
  const sets: SQL[] = [];
  for (const flag of ['fasciculo', 'artigo', 'sumario'] as const) if (change[flag] !== undefined) sets.push(sql`${sql.identifier(flag)} = ${change[flag]}`);
  if (change.validade !== undefined) sets.push(sql`validade = ${change.validade}::date`);
  if (change.bibliotecas !== undefined) sets.push(sql`bibliotecas = ${`{${change.bibliotecas.join(',')}}`}::int[]`);
  if (change.idiomas !== undefined) sets.push(sql`idiomas = ${`{${change.idiomas.join(',')}}`}::text[]`);
  if (sets.length === 0) sets.push(sql`codigo = codigo`);
  const changed = await executeCount(
    db,
    sql`update interest_entries set ${sql.join(sets, sql`, `)}
        where codigo = ${codigo} and cod_pessoa = ${codPessoa} and tipo in (${inList(kinds)})`,
  );
  return changed > 0;
}

/** Removes an entry of the patron's; false when there is none. */
export async function deleteEntry(db: Db, codPessoa: number, codigo: number, kinds: readonly string[]): Promise<boolean> {
  const removed = await executeCount(
    db,
    sql`delete from interest_entries where codigo = ${codigo} and cod_pessoa = ${codPessoa} and tipo in (${inList(kinds)})`,
  );
  return removed > 0;
}

/** Every word of `term` folded, as a LIKE pattern per word (the look-ups' rule, spec §5). */
function wordsLike(column: SQL, term: string): SQL {
  const words = term.trim().split(/\s+/);
  return sql.join(
    words.map((w) => sql`${column} like '%' || estante_fold(${w.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'`),
    sql` and `,
  );
}

/** Knowledge areas by name, with their title counts. */
export function findAreas(db: Db, term: string, limit: number) {
  return queryRows<{ codigo: string; descricao: string; titulos: number }>(
    db,
    sql`select a.cod_area_conhecimento::text as codigo, a.descricao,
               (select count(*)::int from titles t where t.cod_area_conhecimento = a.cod_area_conhecimento) as titulos
        from knowledge_areas a
        where ${wordsLike(sql`estante_fold(a.descricao)`, term)}
        order by titulos desc, a.descricao limit ${limit}`,
  );
}

/** Headings (authors or subjects, main headings and whole ones) by name, with their title counts. */
export function findHeadings(db: Db, kind: 'autor' | 'assunto', term: string, limit: number) {
  const headings =
    kind === 'autor'
      ? sql`select t.cod_acervo, h from titles t, unnest(array_prepend(t.author, t.added_authors)) h where h is not null`
      : sql`select t.cod_acervo, split_part(h, ' -- ', 1) as h from titles t, unnest(t.subjects) h`;
  return queryRows<{ codigo: string; descricao: string; titulos: number }>(
    db,
    sql`select h as codigo, h as descricao, count(distinct cod_acervo)::int as titulos
        from (${headings}) x
        where ${wordsLike(sql`estante_fold(h)`, term)}
        group by h order by titulos desc, h limit ${limit}`,
  );
}

/** A serial: catalogued as one (work type 2) or with issues in a Kardex. */
const IS_SERIAL = sql`(t.cod_tipo_obra = 2 or exists (select 1 from serial_issues s where s.cod_acervo = t.cod_acervo))`;

/**
 * Serials by words of their title, those with issues at `libraries` when any are given; each with
 * its ISSN, how many issues the libraries hold, and which libraries.
 */
export function findSerials(db: Db, term: string, libraries: number[], limit: number) {
  const at = libraries.length ? sql`and s.cod_biblioteca in (${inList(libraries)})` : sql``;
  return queryRows<{ codigo: number; descricao: string; issn: string | null; fasciculos: number; bibliotecas: string[] }>(
    db,
    sql`select t.cod_acervo as codigo, t.title as descricao, t.issn[1] as issn,
               (select count(*)::int from serial_issues s where s.cod_acervo = t.cod_acervo ${at}) as fasciculos,
               array(select distinct b.desc_biblioteca from serial_issues s join libraries b on b.cod_biblioteca = s.cod_biblioteca
                     where s.cod_acervo = t.cod_acervo ${at} order by 1) as bibliotecas
        from titles t
        where ${IS_SERIAL} and ${wordsLike(sql`t.title_fold`, term)}
          ${libraries.length ? sql`and exists (select 1 from serial_issues s where s.cod_acervo = t.cod_acervo ${at})` : sql``}
        order by fasciculos desc, t.title limit ${limit}`,
  );
}

/** Which of these titles are serials, with their titles. */
export function serialsNamed(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<{ id: number; descricao: string }>(
    db,
    sql`select t.cod_acervo as id, t.title as descricao from titles t where t.cod_acervo in (${inList(ids)}) and ${IS_SERIAL}`,
  );
}

/** Which of these libraries exist. */
export function librariesNamed(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<{ id: number }>(db, sql`select cod_biblioteca as id from libraries where cod_biblioteca in (${inList(ids)})`);
}

/** Which of these knowledge areas exist, with their names. */
export function areasNamed(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<{ id: number; descricao: string }>(
    db,
    sql`select cod_area_conhecimento as id, descricao from knowledge_areas where cod_area_conhecimento in (${inList(ids)})`,
  );
}

/** Which of these work types exist, with their names. */
export function workTypesNamed(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<{ id: number; descricao: string }>(
    db,
    sql`select cod_tipo_obra as id, desc_tipo_obra as descricao from work_types where cod_tipo_obra in (${inList(ids)})`,
  );
}

/** What the profile screens choose from. */
export async function auxiliaryInfo(db: Db) {
  const [types, libraries, languages] = await Promise.all([
    queryRows<{ cod_tipo_obra: number; descricao: string }>(db, sql`select cod_tipo_obra, desc_tipo_obra as descricao from work_types order by cod_tipo_obra`),
    queryRows<{ cod_biblioteca: number; desc_biblioteca: string }>(db, sql`select cod_biblioteca, desc_biblioteca from libraries order by desc_biblioteca`),
    queryRows<{ codigo: string; nome_pt: string; nome_en: string; nome_es: string }>(
      db,
      sql`select l.codigo, l.nome_pt, l.nome_en, l.nome_es from languages l where exists (select 1 from titles t where t.idioma = l.codigo) order by l.nome_pt`,
    ),
  ]);
  return { types, libraries, languages };
}

/** The patron's digest frequency (weekly when never chosen). */
export async function frequencyOf(db: Db, codPessoa: number): Promise<DigestFrequency> {
  const [row] = await queryRows<{ frequencia: DigestFrequency }>(db, sql`select frequencia from alert_settings where cod_pessoa = ${codPessoa}`);
  return row?.frequencia ?? 'semanal';
}

export async function setFrequency(db: Db, codPessoa: number, frequencia: DigestFrequency): Promise<void> {
  await db.execute(
    sql`insert into alert_settings (cod_pessoa, frequencia) values (${codPessoa}, ${frequencia})
        on conflict (cod_pessoa) do update set frequencia = excluded.frequencia`,
  );
}

/**
 * The titles `which` selects that the entries in force match, each once per patron, with the
 * first entry it matched (by kind: area, author, subject, work type). `only` limits it to one
 * patron (the profile's "check titles"); without it, every patron (the matching job).
 */
export function matches(which: SQL, only?: number): SQL {
  const who = only === undefined ? sql`true` : sql`e.cod_pessoa = ${only}`;
  return sql`
    with fresh as (
      select cod_acervo, cod_area_conhecimento, cod_tipo_obra, idioma, author, added_authors, subjects
      from titles where ${which}
    ),
    entries as (select * from interest_entries e where e.validade >= current_date and ${who}),
    hits as (
      select e.cod_pessoa, f.cod_acervo, e.descricao, 1 as rank
        from fresh f join entries e on e.tipo = 'area' and e.termo_fold = f.cod_area_conhecimento::text
      union all
      select e.cod_pessoa, f.cod_acervo, e.descricao, 2
        from fresh f cross join lateral unnest(array_prepend(f.author, f.added_authors)) h(name)
        join entries e on e.tipo = 'autor' and e.termo_fold = estante_fold(h.name)
      union all
      -- A subject entry matches the whole heading or its main heading ("Educação" in "Educação -- Brasil"):
      -- both folded once per title, then one equality join (a hash join over every entry).
      select e.cod_pessoa, f.cod_acervo, e.descricao, 3
        from fresh f cross join lateral (
          select distinct k from unnest(f.subjects) h(name), lateral (values (estante_fold(h.name)), (estante_fold(split_part(h.name, ' -- ', 1)))) v(k)
        ) s
        join entries e on e.tipo = 'assunto' and e.termo_fold = s.k
      union all
      select e.cod_pessoa, f.cod_acervo, e.descricao, 4
        from fresh f join entries e on e.tipo = 'tipo_obra' and e.termo_fold = f.cod_tipo_obra::text
        where (cardinality(e.idiomas) = 0 or f.idioma = any(e.idiomas))
          and (cardinality(e.bibliotecas) = 0 or exists (select 1 from copies c where c.cod_acervo = f.cod_acervo and c.cod_biblioteca = any(e.bibliotecas)))
    )
    select distinct on (cod_pessoa, cod_acervo) cod_pessoa, cod_acervo, descricao as motivo from hits order by cod_pessoa, cod_acervo, rank`;
}

/** The titles the patron's profile matches among those catalogued in the period, newest first. */
export function profileTitles(db: Db, codPessoa: number, from: string, to: string) {
  return queryRows<{
    cod_acervo: number;
    titulo: string;
    autor: string | null;
    ano_publicacao: number | null;
    desc_tipo_obra: string;
    catalogado_em: string;
    motivo: string;
  }>(
    db,
    sql`select t.cod_acervo, t.title as titulo, t.author as autor, t.ano_publicacao, w.desc_tipo_obra,
               to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as catalogado_em, m.motivo
        from (${matches(sql`created_at >= ${from}::date and created_at < ${to}::date + 1`, codPessoa)}) m
        join titles t on t.cod_acervo = m.cod_acervo join work_types w on w.cod_tipo_obra = t.cod_tipo_obra
        order by t.created_at desc, t.cod_acervo desc limit 500`,
  );
}

/**
 * Titles matched per transaction: a large import is matched in slices of 2,500 on a machine the
 * job has to itself, and of 250 while others keep it busy (the job yielded after the last slice),
 * so that no slice holds a core for long while patrons search (decision 0018). The first slice is
 * a small one: the job does not know yet whether the machine is busy.
 */
const MATCH_BATCH = 2500;
const BUSY_BATCH = 250;

/**
 * The matching job's step: the titles queued since (interest_pending, filled by a trigger on
 * every new title) matched against every profile in force, slice by slice; each slice is taken
 * off the queue and its alerts made (once per patron and title) in one transaction, SKIP LOCKED,
 * so two servers running it at once share the queue and match each title once. Between slices
 * it yields to other work when the machine is busy (lib/pacing.ts).
 */
export async function matchNewTitles(db: Db, pacer = new Pacer()): Promise<{ alerts: number; patrons: number[] }> {
  let alerts = 0;
  const patrons = new Set<number>();
  let batch = BUSY_BATCH;
  for (;;) {
    const started = Date.now();
    const slice = await db.transaction(async (tx) => {
      // Nobody has an entry in force: nothing can match, and the whole queue goes in one statement
      // (a generated or first-loaded catalogue of a million titles, with no profile yet).
      const [inForce] = await queryRows<{ any: boolean }>(tx, sql`select exists (select 1 from interest_entries where validade >= current_date) as any`);
      if (!inForce?.any) {
        const dropped = await executeCount(tx, sql`delete from interest_pending`);
        return dropped === 0 ? null : { taken: 0, created: [] };
      }
      const taken = await queryRows<{ id: number }>(
        tx,
        sql`delete from interest_pending where cod_acervo in (
              select cod_acervo from interest_pending order by cod_acervo limit ${batch} for update skip locked)
            returning cod_acervo as id`,
      );
      if (taken.length === 0) return null;
      // The alerts made, counted per patron in PostgreSQL: a slice can make a hundred thousand.
      const created = await queryRows<{ cod_pessoa: number; n: number }>(
        tx,
        sql`with made as (
              insert into patron_alerts (cod_pessoa, cod_acervo, motivo)
              select cod_pessoa, cod_acervo, motivo from (${matches(sql`cod_acervo = any(${`{${taken.map((t) => t.id).join(',')}}`}::int[])`)}) m
              on conflict do nothing
              returning cod_pessoa)
            select cod_pessoa, count(*)::int as n from made group by cod_pessoa`,
      );
      return { taken: taken.length, created };
    });
    if (!slice) break;
    for (const row of slice.created) {
      alerts += row.n;
      patrons.add(row.cod_pessoa);
    }
    if (slice.taken < batch) break;
    // A large import yields to the patrons' searches between slices when the machine is busy,
    // and goes on in small slices while it is.
    const paused = await pacer.step(Date.now() - started);
    batch = paused > 0 ? BUSY_BATCH : MATCH_BATCH;
  }
  return { alerts, patrons: [...patrons] };
}

/**
 * The serial half of the matching job: issues received and articles indexed since the last run
 * (interest_serial_pending, filled by triggers), slice by slice as for titles, against the
 * serials followed — a new issue for those who chose issues, each article for those who chose
 * articles, and one "contents" alert per issue (at its first indexed article) for those who
 * chose contents; only for issues at the entry's libraries when it names any.
 */
export async function matchNewIssues(db: Db): Promise<{ alerts: number; patrons: number[] }> {
  let alerts = 0;
  const patrons = new Set<number>();
  for (;;) {
    const slice = await queryRows<{ taken: number; cod_pessoa: number | null }>(
      db,
      sql`with taken as (
            delete from interest_serial_pending where id in (
              select id from interest_serial_pending order by id limit ${MATCH_BATCH} for update skip locked)
            returning cod_fasciculo, cod_artigo),
          events as (
            select k.cod_fasciculo, k.cod_artigo, s.cod_acervo, s.cod_biblioteca from taken k join serial_issues s on s.cod_fasciculo = k.cod_fasciculo),
          hits as (
            select distinct e.cod_pessoa, v.cod_acervo, v.cod_fasciculo, kind.cod_artigo, kind.tipo, e.descricao
            from events v
            join interest_entries e on e.tipo = 'periodico' and e.termo_fold = v.cod_acervo::text and e.validade >= current_date
              and (cardinality(e.bibliotecas) = 0 or v.cod_biblioteca = any(e.bibliotecas))
            cross join lateral (values
              ('fasciculo', null::int, v.cod_artigo is null and e.fasciculo),
              ('artigo', v.cod_artigo, v.cod_artigo is not null and e.artigo),
              ('sumario', null::int, v.cod_artigo is not null and e.sumario)) kind(tipo, cod_artigo, wanted)
            where kind.wanted),
          created as (
            insert into patron_alerts (cod_pessoa, cod_acervo, cod_fasciculo, cod_artigo, tipo, motivo)
            select cod_pessoa, cod_acervo, cod_fasciculo, cod_artigo, tipo, descricao from hits
            on conflict do nothing
            returning cod_pessoa)
          select (select count(*)::int from taken) as taken, c.cod_pessoa from (select 1) one left join created c on true`,
    );
    const taken = slice[0]?.taken ?? 0;
    for (const row of slice)
      if (row.cod_pessoa !== null) {
        alerts++;
        patrons.add(row.cod_pessoa);
      }
    if (taken < MATCH_BATCH) break;
  }
  return { alerts, patrons: [...patrons] };
}

/** How an issue is cited in an alert: "v. 12, n. 3, 11/2026". */
const ISSUE_LABEL = sql`concat_ws(', ', 'v. ' || s.volume, 'n. ' || s.numero, lpad(s.mes::text, 2, '0') || '/' || s.ano)`;

/** An alert as the API answers it. */
export interface AlertRow {
  id: number;
  cod_acervo: number;
  titulo: string;
  autor: string | null;
  motivo: string;
  data: string;
  lido: boolean;
  tipo: 'titulo' | 'fasciculo' | 'artigo' | 'sumario';
  detalhe: string | null;
}

/** What an alert is about besides its title: the issue, or the article and its issue. */
const ALERT_DETAIL = sql`case a.tipo when 'titulo' then null
  when 'artigo' then (select ar.titulo || ' (' || ${ISSUE_LABEL} || ')' from issue_articles ar join serial_issues s on s.cod_fasciculo = ar.cod_fasciculo where ar.cod_artigo = a.cod_artigo)
  else (select ${ISSUE_LABEL} from serial_issues s where s.cod_fasciculo = a.cod_fasciculo) end`;

const ALERT_COLUMNS = sql`a.cod_alerta as id, a.cod_acervo, t.title as titulo, t.author as autor, a.motivo,
  to_char(a.criado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as data, a.lido, a.tipo, ${ALERT_DETAIL} as detalhe`;

/** The patron's alerts, newest first, created in the period when one is given. */
export function alertsOf(db: Db, codPessoa: number, period?: { from: string; to: string }) {
  const when = period ? sql`and a.criado_em >= ${period.from}::date and a.criado_em < ${period.to}::date + 1` : sql``;
  return queryRows<AlertRow>(
    db,
    sql`select ${ALERT_COLUMNS} from patron_alerts a join titles t on t.cod_acervo = a.cod_acervo
        where a.cod_pessoa = ${codPessoa} ${when} order by a.criado_em desc, a.cod_alerta desc limit 1000`,
  );
}

export async function unreadCount(db: Db, codPessoa: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from patron_alerts where cod_pessoa = ${codPessoa} and not lido`);
  return row?.n ?? 0;
}

/** Marks the patron's alert read; its row, or undefined when it is not theirs. */
export async function markRead(db: Db, codPessoa: number, id: number): Promise<AlertRow | undefined> {
  const [row] = await queryRows<AlertRow>(
    db,
    sql`with changed as (update patron_alerts set lido = true where cod_alerta = ${id} and cod_pessoa = ${codPessoa} returning *)
        select ${ALERT_COLUMNS} from changed a join titles t on t.cod_acervo = a.cod_acervo`,
  );
  return row;
}

export async function deleteAlert(db: Db, codPessoa: number, id: number): Promise<boolean> {
  return (await executeCount(db, sql`delete from patron_alerts where cod_alerta = ${id} and cod_pessoa = ${codPessoa}`)) > 0;
}

/** A patron due a digest: their address, name and language-neutral list of unsent alerts. */
export interface DigestRow {
  cod_pessoa: number;
  nome: string;
  email: string;
  alerts: {
    id: number;
    titulo: string;
    autor: string | null;
    motivo: string;
    tipo: AlertRow['tipo'];
    detalhe: string | null;
    /** A contents alert: the issue's articles as indexed when the digest goes. */
    artigos: string[] | null;
  }[];
}

/**
 * Patrons with unsent alerts whose frequency is due (`imediata` always; `diaria` a day after the
 * last digest; `semanal` a week after). Each is then claimed (claimAlerts) before it is sent.
 */
export function dueDigests(tx: Db, frequencies: readonly DigestFrequency[], only?: number[]) {
  const who = only ? sql`and p.cod_pessoa in (${inList(only)})` : sql``;
  return queryRows<DigestRow>(
    tx,
    sql`select p.cod_pessoa, p.nome_pessoa as nome, p.email,
               json_agg(json_build_object('id', a.cod_alerta, 'titulo', t.title, 'autor', t.author, 'motivo', a.motivo, 'tipo', a.tipo, 'detalhe', ${ALERT_DETAIL},
                 'artigos', case when a.tipo = 'sumario' then (select json_agg(ar.titulo order by ar.seq) from issue_articles ar where ar.cod_fasciculo = a.cod_fasciculo) end)
                 order by a.cod_alerta) as alerts
        from people p
        join patron_alerts a on a.cod_pessoa = p.cod_pessoa and a.enviado_em is null
        join titles t on t.cod_acervo = a.cod_acervo
        left join alert_settings s on s.cod_pessoa = p.cod_pessoa
        where p.email is not null and p.email <> ''
          and coalesce(s.frequencia, 'semanal') in (${inList(frequencies)})
          and (coalesce(s.frequencia, 'semanal') = 'imediata'
               or s.ultimo_envio is null
               or s.ultimo_envio <= now() - case coalesce(s.frequencia, 'semanal') when 'diaria' then interval '1 day' else interval '7 days' end)
          ${who}
        group by p.cod_pessoa, p.nome_pessoa, p.email
        limit 500`,
  );
}

/**
 * Claims the patron's unsent alerts among `ids` for a digest (marks them sent) and notes the
 * digest; answers those claimed. In the sending transaction: a failed send rolls the claim back,
 * and of two servers sending at once the second waits on the rows and then claims none.
 */
export async function claimAlerts(db: Db, codPessoa: number, ids: number[]): Promise<{ ids: number[]; previousSend: string | null }> {
  if (ids.length === 0) return { ids: [], previousSend: null };
  return db.transaction(async (tx) => {
    const [settings] = await queryRows<{ ultimo_envio: string | null }>(
      tx,
      sql`select ultimo_envio::text from alert_settings where cod_pessoa = ${codPessoa} for update`,
    );
    const claimed = await queryRows<{ id: number }>(
      tx,
      sql`update patron_alerts set enviado_em = now()
          where cod_pessoa = ${codPessoa} and enviado_em is null and cod_alerta in (${inList(ids)})
          returning cod_alerta as id`,
    );
    if (claimed.length > 0)
      await tx.execute(
        sql`insert into alert_settings (cod_pessoa, ultimo_envio) values (${codPessoa}, now())
            on conflict (cod_pessoa) do update set ultimo_envio = now()`,
      );
    return { ids: claimed.map((r) => r.id), previousSend: settings?.ultimo_envio ?? null };
  });
}

/** Gives back alerts whose digest could not be sent, and the patron's last-sent time as it was: the next run sends them. */
export async function releaseAlerts(db: Db, codPessoa: number, ids: number[], previousSend: string | null): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`update patron_alerts set enviado_em = null where cod_pessoa = ${codPessoa} and cod_alerta in (${inList(ids)})`);
    await tx.execute(sql`update alert_settings set ultimo_envio = ${previousSend}::timestamptz where cod_pessoa = ${codPessoa}`);
  });
}
