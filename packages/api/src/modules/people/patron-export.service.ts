/**
 * The patrons as the library exports them (issue 57 item 4, decision 0056): the rows of the
 * patron import's own header (patron-import.service.ts), so that importing the file into another
 * Estante makes the same patrons, with the password they sign in with. One row a login: a
 * person's logins share its `pessoa` key (the patron import makes them one patron's); a person
 * with no active login (one the desk made without, a registration that signs in through another
 * by its CPF) gets the `matricula` `pessoa.<number>` and a password nobody knows, as the patron
 * import gives a patron without one. Read a page at a time, in number order.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { PATRON_COLUMNS, PATRON_OPTIONAL_COLUMNS } from './patron-import.service.js';
import { firstLogins, loginsTaken, patronsAfter } from './patron-export.queries.js';

/** The header the export writes: the import's, with its optional columns. */
export const PATRON_EXPORT_COLUMNS = [...PATRON_COLUMNS, ...PATRON_OPTIONAL_COLUMNS] as const;
export type PatronExportRow = Record<(typeof PATRON_EXPORT_COLUMNS)[number], string>;

const PAGE = 500;

/** A block recorded without a reason still blocks: the import's `bloqueio` column needs a text. */
const UNREASONED_BLOCK = 'bloqueado';

/** A password nobody knows, in the scrypt form the patron import takes (random bytes, hashed from nothing). */
const unusablePassword = () => ['scrypt', 16384, 8, 5, randomBytes(16).toString('base64'), randomBytes(32).toString('base64')].join('$');

/**
 * The `matricula` each of these people has in the export (their first active login by name, else
 * `pessoa.<number>`, or `pessoa.<number>.<k>` when that is someone's login): what the loans, holds
 * and debts files name them by.
 */
export async function exportLogins(db: Db, people: number[]): Promise<Map<number, string>> {
  const logins = await firstLogins(db, people);
  const without = people.filter((p) => !logins.has(p));
  const taken = await loginsTaken(
    db,
    without.flatMap((p) => [`pessoa.${p}`, ...[1, 2, 3].map((k) => `pessoa.${p}.${k}`)]),
  );
  for (const p of without) {
    const name = [`pessoa.${p}`, ...[1, 2, 3].map((k) => `pessoa.${p}.${k}`)].find((n) => !taken.has(n));
    if (name) logins.set(p, name);
  }
  return logins;
}

/** Every patron's rows, a page at a time; `between` runs after each page. */
export async function* patronRows(db: Db, options: { between?: () => Promise<void> } = {}): AsyncGenerator<PatronExportRow> {
  for (let after = 0; ;) {
    const page = await patronsAfter(db, after, PAGE);
    if (page.length === 0) return;
    const names = await exportLogins(
      db,
      page.filter((p) => p.logins.length === 0).map((p) => p.cod_pessoa),
    );
    for (const p of page) {
      const logins = p.logins.length > 0 ? p.logins : [{ login: names.get(p.cod_pessoa), hash: unusablePassword() }];
      for (const { login, hash } of logins) {
        if (login === undefined) continue;
        yield {
          matricula: login,
          nome: p.nome,
          cpf: p.cpf ?? '',
          email: p.email ?? '',
          telefone: p.telefone ?? '',
          categoria: p.categoria,
          biblioteca: p.bibliotecas.join(';'),
          validade: p.validade ?? '',
          senha_hash: hash ?? '',
          pessoa: String(p.cod_pessoa),
          bloqueio: p.bloqueio ? p.motivo_bloqueio?.trim() || UNREASONED_BLOCK : '',
        };
      }
    }
    after = page.at(-1)!.cod_pessoa;
    await options.between?.();
  }
}
