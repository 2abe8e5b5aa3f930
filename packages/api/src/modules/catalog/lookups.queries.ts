import type { AuthorityType } from '@estante/contracts/catalog';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** Every term of `text` must occur in the folded name (AND), accents and case ignored. */
function nameMatches(column: SQL, text: string | undefined): SQL {
  const terms = (text ?? '').trim().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return sql`true`;
  const like = (term: string) => sql`estante_fold(${column}) like '%' || estante_fold(${term.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'`;
  return sql.join(terms.map(like), sql` and `);
}

/**
 * A look-up table: its columns as the API names them, its key, the text its name search
 * matches and the name it is sorted by. Identifiers only, never user input.
 */
export interface LookupTable<Row> {
  table: string;
  columns: string;
  id: string;
  /** What `search_text` is matched against. */
  matches: string;
  sortBy: string;
  /** The row type (not read at run time). */
  row?: Row;
}

const table = <Row>(t: Omit<LookupTable<Row>, 'row'>): LookupTable<Row> => t;

export const LOOKUPS = {
  campus: table<{ cod_campus: number; nome_campus: string }>({
    table: 'campuses',
    columns: 'cod_campus, nome_campus',
    id: 'cod_campus',
    matches: 'nome_campus',
    sortBy: 'nome_campus',
  }),
  library: table<{ cod_biblioteca: number; desc_biblioteca: string; cod_campus: number }>({
    table: 'libraries',
    columns: 'cod_biblioteca, desc_biblioteca, cod_campus',
    id: 'cod_biblioteca',
    matches: "desc_biblioteca || ' ' || sigla",
    sortBy: 'desc_biblioteca',
  }),
  course: table<{ cod_curso: number; nome_curso: string; cod_campus: number | null }>({
    table: 'courses',
    columns: 'cod_curso, nome_curso, cod_campus',
    id: 'cod_curso',
    matches: 'nome_curso',
    sortBy: 'nome_curso',
  }),
  discipline: table<{ cod_disciplina: number; codigo: string; nome_disciplina: string }>({
    table: 'disciplines',
    columns: 'cod_disciplina, codigo, nome_disciplina',
    id: 'cod_disciplina',
    matches: "nome_disciplina || ' ' || codigo",
    sortBy: 'nome_disciplina',
  }),
  professor: table<{ cod_professor: number; nome_professor: string }>({
    table: 'professors',
    columns: 'cod_professor, nome_professor',
    id: 'cod_professor',
    matches: 'nome_professor',
    sortBy: 'nome_professor',
  }),
  authority: table<{ cod_autoridade: number; tipo: AuthorityType; cabecalho: string }>({
    table: 'authorities',
    columns: 'cod_autoridade, tipo, heading as cabecalho',
    id: 'cod_autoridade',
    matches: 'heading',
    sortBy: 'heading',
  }),
};

/** A page of a look-up's rows whose name matches `text` (and `where`), in name order, each with the total. */
export async function findPage<Row>(db: Db, lookup: LookupTable<Row>, text: string | undefined, where: SQL, limit: number, offset: number) {
  return queryRows<Row & { total: number }>(
    db,
    sql`select ${sql.raw(lookup.columns)}, count(*) over ()::int as total from ${sql.raw(lookup.table)}
        where ${nameMatches(sql.raw(lookup.matches), text)} and ${where}
        order by estante_fold(${sql.raw(lookup.sortBy)}), ${sql.raw(lookup.id)} limit ${limit} offset ${offset}`,
  );
}

/** One row of a look-up by its key, or undefined. */
export async function findOne<Row>(db: Db, lookup: LookupTable<Row>, id: number): Promise<Row | undefined> {
  const [row] = await queryRows<Row>(db, sql`select ${sql.raw(lookup.columns)} from ${sql.raw(lookup.table)} where ${sql.raw(lookup.id)} = ${id}`);
  return row;
}
