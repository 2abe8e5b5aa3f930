import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** What a patron import matches a row's category and libraries against (decision 0055). */
export async function importReferences(db: Db) {
  const [categorias, bibliotecas] = await Promise.all([
    queryRows<{ codigo: string; descricao: string }>(db, sql`select cod_categoria as codigo, descricao from patron_categories`),
    queryRows<{ codigo: number; nome: string; sigla: string }>(db, sql`select cod_biblioteca as codigo, desc_biblioteca as nome, sigla from libraries`),
  ]);
  return { categorias, bibliotecas };
}

/** A registration as an import row compares with it: the login's person and what the file may change. */
export interface ImportedPatronRow {
  cod_pessoa: number;
  password_hash: string | null;
  nome: string;
  cod_categoria: string;
  cpf: string | null;
  email: string | null;
  validade: string | null;
  telefone: string | null;
  bibliotecas: number[];
  bloqueio: boolean;
  motivo_bloqueio: string | null;
}

/**
 * The person behind a login, its row locked for the change (undefined: no such login). The
 * login's name is locked first, as the desk's creation does, so that two imports of the same
 * file at once cannot both create it.
 */
export async function lockPatronOfLogin(tx: Db, login: string): Promise<ImportedPatronRow | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${login}`}))`);
  const [row] = await queryRows<ImportedPatronRow>(
    tx,
    sql`select p.cod_pessoa, l.password_hash, p.nome_pessoa as nome, p.cod_categoria, p.cpf, p.email, p.validade::text as validade, d.telefone,
               p.bloqueio, p.motivo_bloqueio,
               coalesce((select array_agg(pl.cod_biblioteca order by pl.cod_biblioteca) from patron_libraries pl where pl.cod_pessoa = p.cod_pessoa),
                        '{}') as bibliotecas
        from logins l join people p on p.cod_pessoa = l.cod_pessoa left join personal_data d on d.cod_pessoa = p.cod_pessoa
        where l.login = ${login}
        for no key update of p`,
  );
  return row;
}

/** Changes a registration's CPF and e-mail (the library's act on an import). */
export async function setContact(tx: Db, codPessoa: number, c: { cpf: string | null; email: string | null }): Promise<void> {
  await tx.execute(sql`update people set cpf = ${c.cpf}, email = ${c.email} where cod_pessoa = ${codPessoa}`);
}

/** Sets the phone of a registration's personal data (the row made when it has none). */
export async function setPhone(tx: Db, codPessoa: number, telefone: string | null): Promise<void> {
  await tx.execute(
    sql`insert into personal_data (cod_pessoa, telefone) values (${codPessoa}, ${telefone})
        on conflict (cod_pessoa) do update set telefone = excluded.telefone, atualizado_em = now()`,
  );
}

/** Gives a login without a password (SSO-only until now) the imported hash. */
export async function setImportedPassword(tx: Db, login: string, passwordHash: string): Promise<void> {
  await tx.execute(sql`update logins set password_hash = ${passwordHash} where login = ${login} and password_hash is null`);
}

/** Blocks a patron with a reason, or (null) lifts their block (the library's act on an import). */
export async function setBlock(tx: Db, codPessoa: number, motivo: string | null): Promise<void> {
  await tx.execute(sql`update people set bloqueio = ${motivo !== null}, motivo_bloqueio = ${motivo} where cod_pessoa = ${codPessoa}`);
}

/** The person a login belongs to (undefined: no such login), its name locked against a concurrent creation. */
export async function loginOwner(tx: Db, login: string): Promise<number | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${login}`}))`);
  const [row] = await queryRows<{ cod_pessoa: number }>(tx, sql`select cod_pessoa from logins where login = ${login}`);
  return row?.cod_pessoa;
}

/** Another login for a person. */
export async function addLogin(tx: Db, l: { login: string; codPessoa: number; passwordHash: string }): Promise<void> {
  await tx.execute(sql`insert into logins (login, cod_pessoa, password_hash) values (${l.login}, ${l.codPessoa}, ${l.passwordHash})`);
}
