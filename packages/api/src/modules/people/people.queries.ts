import { type SQL, sql } from 'drizzle-orm';
import { type Db, executeCount, queryRows, type Tx } from '../../db/client.js';

/** The columns of the personal-data answer, as one registration's row. */
export interface PersonalRow {
  nome: string;
  cod_categoria: string;
  categoria: string;
  validade: string | null;
  cpf: string | null;
  email: string | null;
  telefone: string | null;
  logradouro: string | null;
  complemento: string | null;
  cep: string | null;
  cidade: string | null;
  bairro: string | null;
  documento_identidade: string | null;
  nacionalidade: string | null;
  genero: string | null;
  data_nascimento: string | null;
  escolaridade: string | null;
  lotacao: number | null;
  profissao: string | null;
  estado_civil: string | null;
  recebe_emails: boolean | null;
  atualizado_em: string | null;
}

/** What the patron writes: the personal-data row without what the library controls or the stamp. */
export type PersonalFields = Omit<PersonalRow, 'nome' | 'cod_categoria' | 'categoria' | 'validade' | 'cpf' | 'email' | 'recebe_emails' | 'atualizado_em'> & {
  recebe_emails: boolean;
};

/** A registration's personal data, with what the library controls (people, its category); undefined when there is no such person. */
export async function personalRowOf(db: Db, codPessoa: number): Promise<PersonalRow | undefined> {
  const [row] = await queryRows<PersonalRow>(
    db,
    sql`select p.nome_pessoa as nome, p.cod_categoria, c.descricao as categoria, p.validade::text as validade, p.cpf, p.email,
               d.telefone, d.logradouro, d.complemento, d.cep, d.cidade, d.bairro, d.documento_identidade, d.nacionalidade,
               d.genero, d.data_nascimento::text as data_nascimento, d.escolaridade, d.lotacao, d.profissao, d.estado_civil,
               d.recebe_emails, to_char(d.atualizado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as atualizado_em
        from people p join patron_categories c on c.cod_categoria = p.cod_categoria
        left join personal_data d on d.cod_pessoa = p.cod_pessoa
        where p.cod_pessoa = ${codPessoa}`,
  );
  return row;
}

/** Locks the registration's row for the change and answers its CPF as it is now (undefined: no such person). */
export async function lockRegistration(tx: Db, codPessoa: number): Promise<{ cpf: string | null } | undefined> {
  const [row] = await queryRows<{ cpf: string | null }>(tx, sql`select cpf from people where cod_pessoa = ${codPessoa} for no key update`);
  return row;
}

/**
 * Serialises every change that sets this CPF (until the transaction ends): two people giving the
 * same new CPF at once cannot both find it free.
 */
export async function lockTaxNumber(tx: Db, cpf: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cpf:${cpf}`}))`);
}

/** Whether any registration has this CPF. */
export async function taxNumberInUse(tx: Db, cpf: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(tx, sql`select 1 as one from people where cpf = ${cpf} limit 1`);
  return rows.length > 0;
}

/** A CPF corrected: on every registration that shares the old one (the same person's). */
export async function replaceTaxNumber(tx: Db, from: string, to: string): Promise<void> {
  await tx.execute(sql`update people set cpf = ${to} where cpf = ${from}`);
}

export async function setEmail(tx: Db, codPessoa: number, email: string | null): Promise<void> {
  await tx.execute(sql`update people set email = ${email} where cod_pessoa = ${codPessoa}`);
}

export async function departmentExists(db: Db, codigo: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from courses where cod_curso = ${codigo}`);
  return rows.length > 0;
}

/** The personal data written whole (inserted the first time). */
export async function upsertPersonalData(tx: Db, codPessoa: number, d: PersonalFields): Promise<void> {
  await tx.execute(
    sql`insert into personal_data as d (cod_pessoa, telefone, logradouro, complemento, cep, cidade, bairro, documento_identidade, nacionalidade,
                                        genero, data_nascimento, escolaridade, lotacao, profissao, estado_civil, recebe_emails, atualizado_em)
        values (${codPessoa}, ${d.telefone}, ${d.logradouro}, ${d.complemento}, ${d.cep}, ${d.cidade}, ${d.bairro}, ${d.documento_identidade},
                ${d.nacionalidade}, ${d.genero}, ${d.data_nascimento}::date, ${d.escolaridade}, ${d.lotacao}, ${d.profissao}, ${d.estado_civil},
                ${d.recebe_emails}, now())
        on conflict (cod_pessoa) do update set
          telefone = excluded.telefone, logradouro = excluded.logradouro, complemento = excluded.complemento, cep = excluded.cep,
          cidade = excluded.cidade, bairro = excluded.bairro, documento_identidade = excluded.documento_identidade,
          nacionalidade = excluded.nacionalidade, genero = excluded.genero, data_nascimento = excluded.data_nascimento,
          escolaridade = excluded.escolaridade, lotacao = excluded.lotacao, profissao = excluded.profissao,
          estado_civil = excluded.estado_civil, recebe_emails = excluded.recebe_emails, atualizado_em = now()`,
  );
}

/** The departments (courses and organisational units), by name. */
export async function departments(db: Db) {
  return queryRows<{ codigo: number; nome: string }>(db, sql`select cod_curso as codigo, nome_curso as nome from courses order by nome_curso, cod_curso`);
}

export async function emailOf(db: Db, codPessoa: number): Promise<string | null | undefined> {
  const [row] = await queryRows<{ email: string | null }>(db, sql`select email from people where cod_pessoa = ${codPessoa}`);
  return row ? row.email : undefined;
}

/**
 * One of the signed-in person's registrations (the person, and everyone sharing their CPF) named
 * by `user`: an active login of it (preferred), or its person code (`code`, when `user` is a
 * number).
 */
export async function registrationNamed(db: Db, codPessoa: number, login: string, code: number | null) {
  const [row] = await queryRows<{ cod_pessoa: number; nome: string; categoria: string; bloqueio: boolean }>(
    db,
    sql`with mine as (
          select p.cod_pessoa from people p
          where p.cod_pessoa = ${codPessoa} or (p.cpf is not null and p.cpf = (select cpf from people where cod_pessoa = ${codPessoa})))
        select p.cod_pessoa, p.nome_pessoa as nome, c.descricao as categoria, p.bloqueio,
               exists (select 1 from logins l where l.cod_pessoa = p.cod_pessoa and l.login = ${login} and l.ativo) as by_login
        from people p join patron_categories c on c.cod_categoria = p.cod_categoria
        where p.cod_pessoa in (select cod_pessoa from mine)
          and (exists (select 1 from logins l where l.cod_pessoa = p.cod_pessoa and l.login = ${login} and l.ativo)
               or p.cod_pessoa = ${code}::int)
        order by by_login desc, p.cod_pessoa
        limit 1`,
  );
  return row;
}

/** What the library holds about the person on `people` and their logins (no password hashes). */
export async function personRecord(db: Db, codPessoa: number) {
  const [person] = await queryRows<Record<string, unknown>>(
    db,
    sql`select p.cod_pessoa, p.nome_pessoa, p.email, p.cpf, p.cod_categoria, c.descricao as categoria, p.bloqueio,
               p.validade::text as validade, p.created_at::text as criado_em
        from people p join patron_categories c on c.cod_categoria = p.cod_categoria where p.cod_pessoa = ${codPessoa}`,
  );
  const logins = await queryRows<Record<string, unknown>>(
    db,
    sql`select login, origem, ativo, password_hash is not null as tem_senha from logins where cod_pessoa = ${codPessoa} order by login`,
  );
  return { person, logins };
}

/**
 * Every other table that keys rows to a person (`cod_pessoa`), read from the catalogue so a table
 * added later is exported too; `people`, `logins` and `personal_data` are read on their own.
 */
export async function personTables(db: Db): Promise<{ table: string; columns: string[] }[]> {
  const rows = await queryRows<{ table_name: string; columns: string[] }>(
    db,
    sql`select c.table_name, array_agg(c.column_name::text order by c.ordinal_position) as columns
        from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and c.table_name in (select table_name from information_schema.columns where table_schema = 'public' and column_name = 'cod_pessoa')
          and c.table_name not in ('people', 'logins', 'personal_data')
        group by c.table_name order by c.table_name`,
  );
  return rows.map((r) => ({ table: r.table_name, columns: r.columns }));
}

/** A table's rows of the person, the given columns only, as JSON-ready values (dates as text). */
export async function rowsOfPerson(db: Db, table: string, columns: string[], codPessoa: number): Promise<Record<string, unknown>[]> {
  const list = sql.join(
    columns.map((c) => sql`${sql.identifier(c)}`),
    sql`, `,
  );
  const rows = await queryRows<{ row: Record<string, unknown> }>(
    db,
    sql`select to_jsonb(x) as row from (select ${list} from ${sql.identifier(table)} where cod_pessoa = ${codPessoa}) x`,
  );
  return rows.map((r) => r.row);
}

/** The person's erasure requests, newest first. */
export async function erasureRequestsOf(db: Db, codPessoa: number) {
  return queryRows<{ codigo: number; situacao: 'aberta' | 'atendida' | 'recusada'; criado_em: string }>(
    db,
    sql`select id as codigo, situacao, to_char(criado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as criado_em
        from erasure_requests where cod_pessoa = ${codPessoa} order by criado_em desc, id desc`,
  );
}

export async function openErasureRequest(tx: Db, codPessoa: number): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(tx, sql`select id from erasure_requests where cod_pessoa = ${codPessoa} and situacao = 'aberta'`);
  return row?.id;
}

export async function insertErasureRequest(tx: Db, codPessoa: number, motivo: string | null): Promise<number> {
  const [row] = await queryRows<{ id: number }>(tx, sql`insert into erasure_requests (cod_pessoa, motivo) values (${codPessoa}, ${motivo}) returning id`);
  return row!.id;
}

/** Where the library receives LGPD requests: its data officer's address (`email_encarregado_dados`), else the first library's. */
export async function firstLibraryEmail(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`select email from libraries where email is not null and btrim(email) <> '' order by cod_biblioteca limit 1`,
  );
  return row?.email ?? null;
}

/** The person behind a login, active or not, with their standing: for the staff's block and unblock. */
export async function personStanding(db: Db, login: string) {
  const [row] = await queryRows<{ cod_pessoa: number; nome: string; bloqueio: boolean; motivo_bloqueio: string | null }>(
    db,
    sql`select p.cod_pessoa, p.nome_pessoa as nome, p.bloqueio, p.motivo_bloqueio
        from logins l join people p on p.cod_pessoa = l.cod_pessoa where l.login = ${login}`,
  );
  return row;
}

/** Blocks or unblocks a person; answers whether their standing changed (a second block changes nothing). */
export async function setBlocked(db: Db | Tx, codPessoa: number, blocked: boolean, reason: string | null): Promise<boolean> {
  return (
    (await executeCount(
      db,
      sql`update people set bloqueio = ${blocked}, motivo_bloqueio = ${blocked ? reason : null}
          where cod_pessoa = ${codPessoa} and bloqueio <> ${blocked}`,
    )) > 0
  );
}

/** The person a login or card read opens (an active login, or the CPF's digits), or undefined. */
export async function personByCard(db: Db, code: string): Promise<number | undefined> {
  const digits = code.replace(/\D/g, '');
  const [row] = await queryRows<{ cod_pessoa: number }>(
    db,
    sql`select l.cod_pessoa from logins l where l.login = ${code.trim().toLowerCase()} and l.ativo
        union all select p.cod_pessoa from people p where ${digits.length === 11} and p.cpf = ${digits}
        limit 1`,
  );
  return row?.cod_pessoa;
}

/** A person as a search lists them. */
const HIT = sql`p.cod_pessoa, p.nome_pessoa as nome, coalesce(c.descricao, p.cod_categoria, '') as categoria, p.bloqueio,
  coalesce((select array_agg(l.login order by l.login) from logins l where l.cod_pessoa = p.cod_pessoa and l.ativo), '{}') as logins`;

/** Patrons whose name has every word (folded as titles are: no accents, lower case; % and _ are letters), the closest first; at most 20. */
export async function patronsNamed(db: Db, words: string[]) {
  const pattern = words.map((w) => sql`estante_fold(p.nome_pessoa) like '%' || estante_fold(${w.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'`);
  return queryRows<{ cod_pessoa: number; nome: string; categoria: string; logins: string[]; bloqueio: boolean }>(
    db,
    sql`select ${HIT} from people p left join patron_categories c on c.cod_categoria = p.cod_categoria
        where ${sql.join(pattern, sql` and `)} order by length(p.nome_pessoa), p.nome_pessoa limit 20`,
  );
}

/** One person as a search lists them. */
export async function patronHit(db: Db, codPessoa: number) {
  const [row] = await queryRows<{ cod_pessoa: number; nome: string; categoria: string; logins: string[]; bloqueio: boolean }>(
    db,
    sql`select ${HIT} from people p left join patron_categories c on c.cod_categoria = p.cod_categoria where p.cod_pessoa = ${codPessoa}`,
  );
  return row;
}

/** The library's side of a patron's record: logins, block, other registrations, open sessions. */
export async function librarySide(db: Db, codPessoa: number) {
  const [row] = await queryRows<{
    bloqueio: boolean;
    motivo_bloqueio: string | null;
    logins: { login: string; ativo: boolean }[];
    cadastros: { cod_pessoa: number; categoria: string; validade: string | null }[];
    bibliotecas: { cod_biblioteca: number; nome: string }[];
    notas: { id: number; texto: string; autor: string | null; em: string }[];
    sessoes: number;
  }>(
    db,
    sql`select p.bloqueio, p.motivo_bloqueio,
               coalesce((select json_agg(json_build_object('login', l.login, 'ativo', l.ativo) order by l.login) from logins l where l.cod_pessoa = p.cod_pessoa), '[]'::json) as logins,
               coalesce((select json_agg(json_build_object('cod_pessoa', o.cod_pessoa, 'categoria', coalesce(c.descricao, o.cod_categoria), 'validade', o.validade) order by o.cod_pessoa)
                         from people o left join patron_categories c on c.cod_categoria = o.cod_categoria
                         where p.cpf is not null and o.cpf = p.cpf and o.cod_pessoa <> p.cod_pessoa), '[]'::json) as cadastros,
               coalesce((select json_agg(json_build_object('cod_biblioteca', b.cod_biblioteca, 'nome', b.desc_biblioteca) order by b.desc_biblioteca)
                         from patron_libraries pl join libraries b using (cod_biblioteca) where pl.cod_pessoa = p.cod_pessoa), '[]'::json) as bibliotecas,
               (${notesJson(sql`p.cod_pessoa`)}) as notas,
               (select count(distinct family_id)::int from refresh_tokens r where r.cod_pessoa = p.cod_pessoa and r.revoked_at is null and r.used_at is null and r.expires_at > now()) as sessoes
        from people p where p.cod_pessoa = ${codPessoa}`,
  );
  return row;
}

/** A person's notes as JSON, newest first (the record and the desk show them). */
function notesJson(codPessoa: SQL) {
  return sql`coalesce((select json_agg(json_build_object('id', n.id, 'texto', n.texto, 'autor', a.nome_pessoa,
                                                      'em', to_char(n.criado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) order by n.criado_em desc, n.id desc)
                      from patron_notes n left join people a on a.cod_pessoa = n.autor where n.cod_pessoa = ${codPessoa}), '[]'::json)`;
}

/** A person's notes, newest first. */
export async function notesOf(db: Db, codPessoa: number): Promise<{ id: number; texto: string; autor: string | null; em: string }[]> {
  const [row] = await queryRows<{ notas: { id: number; texto: string; autor: string | null; em: string }[] }>(
    db,
    sql`select ${notesJson(sql`${codPessoa}::int`)} as notas`,
  );
  return row!.notas;
}

/** Adds a note about a person by a staff member; answers its number, or undefined when there is no such person. */
export async function insertNote(db: Db, codPessoa: number, texto: string, autor: number): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into patron_notes (cod_pessoa, texto, autor) select cod_pessoa, ${texto}, ${autor} from people where cod_pessoa = ${codPessoa} returning id`,
  );
  return row?.id;
}

/** Removes a note about a person; answers its text, or undefined when the person has no such note. */
export async function deleteNote(db: Db, codPessoa: number, id: number): Promise<string | undefined> {
  const [row] = await queryRows<{ texto: string }>(db, sql`delete from patron_notes where id = ${id} and cod_pessoa = ${codPessoa} returning texto`);
  return row?.texto;
}

/** Keeps the language a person signed in with (written only when it changed). */
export async function setLanguage(db: Db, codPessoa: number, language: 'pt' | 'en' | 'es'): Promise<void> {
  await db.execute(sql`update people set idioma = ${language} where cod_pessoa = ${codPessoa} and idioma is distinct from ${language}`);
}

/** The names of the libraries a person is registered at, by name. */
export async function libraryNamesOf(db: Db, codPessoa: number): Promise<string[]> {
  const rows = await queryRows<{ nome: string }>(
    db,
    sql`select b.desc_biblioteca as nome from patron_libraries pl join libraries b using (cod_biblioteca) where pl.cod_pessoa = ${codPessoa} order by b.desc_biblioteca`,
  );
  return rows.map((r) => r.nome);
}

/** Which of these libraries do not exist (an empty list asks nothing of the database). */
export async function missingLibraries(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ cod_biblioteca: number }>(
    db,
    sql`select cod_biblioteca from libraries where cod_biblioteca in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const found = new Set(rows.map((r) => r.cod_biblioteca));
  return ids.filter((id) => !found.has(id));
}

/** Sets the libraries a person is registered at (an empty list: none). */
export async function setLibraries(db: Db, codPessoa: number, ids: readonly number[]): Promise<void> {
  await db.execute(sql`delete from patron_libraries where cod_pessoa = ${codPessoa}`);
  for (const id of ids) await db.execute(sql`insert into patron_libraries (cod_pessoa, cod_biblioteca) values (${codPessoa}, ${id})`);
}

/** The staff's latest acts on a person (by target or by the person named in the details), newest first. */
export function actsOnPerson(db: Db, codPessoa: number) {
  return queryRows<{ em: string; autor: string; autor_nome: string | null; acao: string; motivo: string | null; detalhes: Record<string, unknown> | null }>(
    db,
    sql`select to_char(a.em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as em, a.autor,
               (select nome_pessoa from people where a.autor like 'pessoa:%' and cod_pessoa::text = substr(a.autor, 8)) as autor_nome,
               a.acao, a.motivo, a.detalhes
        from staff_audit a where a.alvo = ${`pessoa:${codPessoa}`} or a.detalhes->>'cod_pessoa' = ${String(codPessoa)}
        order by a.em desc, a.id desc limit 50`,
  );
}

/** The patron categories with their loan limits. */
export function categoryList(db: Db) {
  return queryRows<{ codigo: string; descricao: string; limite_emprestimos: number }>(
    db,
    sql`select cod_categoria as codigo, descricao, limite_emprestimos::int from patron_categories order by descricao`,
  );
}

export async function categoryExists(db: Db, codigo: string): Promise<boolean> {
  return (await queryRows(db, sql`select 1 from patron_categories where cod_categoria = ${codigo}`)).length > 0;
}

/** What the library controls of a registration. */
export async function setRegistration(db: Db, codPessoa: number, r: { nome: string; categoria: string; validade: string | null }): Promise<void> {
  await db.execute(
    sql`update people set nome_pessoa = ${r.nome}, cod_categoria = ${r.categoria}, validade = ${r.validade}::date where cod_pessoa = ${codPessoa}`,
  );
}

/** A registration and its login, made by the library; answers the person's number. */
export async function insertPatron(
  db: Db,
  p: { nome: string; login: string; categoria: string; email: string | null; cpf: string | null; validade: string | null; passwordHash: string },
): Promise<number> {
  const [row] = await queryRows<{ cod_pessoa: number }>(
    db,
    sql`with person as (
          insert into people (nome_pessoa, cod_categoria, email, cpf, validade) values (${p.nome}, ${p.categoria}, ${p.email}, ${p.cpf}, ${p.validade}::date)
          returning cod_pessoa),
        login as (insert into logins (login, cod_pessoa, password_hash) select ${p.login}, cod_pessoa, ${p.passwordHash} from person)
        select cod_pessoa from person`,
  );
  return row!.cod_pessoa;
}

/** Locks a login's name against a concurrent creation of the same one, and tells whether it is taken. */
export async function loginTaken(db: Db, login: string): Promise<boolean> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${login}`}))`);
  return (await queryRows(db, sql`select 1 from logins where login = ${login}`)).length > 0;
}

/** Gives a registration without one its CPF (the library's act). */
export async function setTaxNumber(db: Db, codPessoa: number, cpf: string): Promise<void> {
  await db.execute(sql`update people set cpf = ${cpf} where cod_pessoa = ${codPessoa} and cpf is null`);
}
