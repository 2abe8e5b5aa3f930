import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** A registration as the export writes it, with its active logins (oldest name first) and its libraries' codes. */
export interface PatronForExport {
  cod_pessoa: number;
  nome: string;
  cpf: string | null;
  email: string | null;
  telefone: string | null;
  categoria: string;
  validade: string | null;
  bloqueio: boolean;
  motivo_bloqueio: string | null;
  bibliotecas: string[];
  logins: { login: string; hash: string | null }[];
}

/** The next `limit` registrations after number `after`, in number order. */
export function patronsAfter(db: Db, after: number, limit: number) {
  return queryRows<PatronForExport>(
    db,
    sql`select p.cod_pessoa, p.nome_pessoa as nome, p.cpf, p.email, d.telefone, p.cod_categoria as categoria, p.validade::text as validade,
               p.bloqueio, p.motivo_bloqueio,
               coalesce((select array_agg(b.sigla order by b.cod_biblioteca) from patron_libraries pl join libraries b on b.cod_biblioteca = pl.cod_biblioteca
                         where pl.cod_pessoa = p.cod_pessoa), '{}') as bibliotecas,
               coalesce((select json_agg(json_build_object('login', l.login, 'hash', l.password_hash) order by l.login) from logins l
                         where l.cod_pessoa = p.cod_pessoa and l.ativo), '[]') as logins
        from people p left join personal_data d on d.cod_pessoa = p.cod_pessoa
        where p.cod_pessoa > ${after} order by p.cod_pessoa limit ${limit}`,
  );
}

/** Each person's first active login by name; a person without one is left out. */
export async function firstLogins(db: Db, people: number[]): Promise<Map<number, string>> {
  if (people.length === 0) return new Map();
  const rows = await queryRows<{ cod_pessoa: number; login: string }>(
    db,
    sql`select cod_pessoa, min(login) as login from logins
        where ativo and cod_pessoa in (select jsonb_array_elements_text(${JSON.stringify(people)}::jsonb)::int) group by cod_pessoa`,
  );
  return new Map(rows.map((r) => [r.cod_pessoa, r.login]));
}

/** Which of these names are logins already. */
export async function loginsTaken(db: Db, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await queryRows<{ login: string }>(
    db,
    sql`select login from logins where login in (select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb))`,
  );
  return new Set(rows.map((r) => r.login));
}
