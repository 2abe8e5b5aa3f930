import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import type { MarcRecord } from '../../marc/record.js';
import type { CopyStatus } from './holdings.map.js';
import type { CopyToWrite } from './holdings.write.js';

/** The next `limit` titles after number `after`, in number order (the primary key: a page costs the same at the millionth title). */
export function titlesAfter(db: Db, after: number, limit: number) {
  return queryRows<{ id: number; marc: MarcRecord }>(
    db,
    sql`select cod_acervo as id, marc from titles where cod_acervo > ${after} order by cod_acervo limit ${limit}`,
  );
}

/** The copies of these titles, each title's in the order they were made, with their library's code. */
export async function copiesOfTitles(db: Db, titles: number[]): Promise<Map<number, CopyToWrite[]>> {
  const byTitle = new Map<number, CopyToWrite[]>();
  if (titles.length === 0) return byTitle;
  const rows = await queryRows<{
    cod_acervo: number;
    tombo: string;
    cod_biblioteca: number;
    sigla: string;
    cod_tipo_emprestimo: number;
    localizacao: string;
    colecao: string | null;
    status: CopyStatus;
    volume: string | null;
    material: string | null;
    data_aquisicao: string;
  }>(
    db,
    sql`select c.cod_acervo, c.tombo, c.cod_biblioteca, b.sigla, c.cod_tipo_emprestimo::int as cod_tipo_emprestimo, c.localizacao, c.colecao, c.status,
               c.volume, c.material, c.data_aquisicao::text as data_aquisicao
        from copies c join libraries b on b.cod_biblioteca = c.cod_biblioteca
        where c.cod_acervo in (select jsonb_array_elements_text(${JSON.stringify(titles)}::jsonb)::int)
        order by c.cod_acervo, c.cod_exemplar`,
  );
  for (const r of rows) {
    const list = byTitle.get(r.cod_acervo) ?? [];
    list.push({
      tombo: r.tombo,
      codBiblioteca: r.cod_biblioteca,
      sigla: r.sigla,
      codTipoEmprestimo: r.cod_tipo_emprestimo,
      localizacao: r.localizacao,
      colecao: r.colecao,
      status: r.status,
      volume: r.volume,
      material: r.material,
      dataAquisicao: r.data_aquisicao,
    });
    byTitle.set(r.cod_acervo, list);
  }
  return byTitle;
}

/** The next `limit` authority records after number `after`, in number order. */
export function authoritiesAfter(db: Db, after: number, limit: number) {
  return queryRows<{ id: number; marc: MarcRecord }>(
    db,
    sql`select cod_autoridade as id, marc from authorities where cod_autoridade > ${after} order by cod_autoridade limit ${limit}`,
  );
}

/** How many titles, copies and authority records there are (the export's progress). */
export async function catalogueSize(db: Db): Promise<{ titles: number; copies: number; authorities: number }> {
  const [row] = await queryRows<{ titles: number; copies: number; authorities: number }>(
    db,
    sql`select (select count(*) from titles)::int as titles, (select count(*) from copies)::int as copies, (select count(*) from authorities)::int as authorities`,
  );
  return row!;
}

/** How many copies each loan type has, and the statuses copies are in. */
export async function copyCodes(db: Db): Promise<{ loanTypes: Map<number, number>; statuses: Set<CopyStatus> }> {
  const rows = await queryRows<{ tipo: number; status: CopyStatus; n: number }>(
    db,
    sql`select cod_tipo_emprestimo::int as tipo, status, count(*)::int as n from copies group by 1, 2`,
  );
  const loanTypes = new Map<number, number>();
  for (const r of rows) loanTypes.set(r.tipo, (loanTypes.get(r.tipo) ?? 0) + r.n);
  return { loanTypes, statuses: new Set(rows.map((r) => r.status)) };
}
