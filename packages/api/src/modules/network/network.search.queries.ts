import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** The partner institutions with how many records each has here and their last complete harvest. */
export async function partnerInstitutions(db: Db) {
  return queryRows<{ cod_empresa: number; desc_empresa: string; total: number; ultima_coleta: string | null }>(
    db,
    sql`select p.cod_empresa, p.nome as desc_empresa,
               (select count(*)::int from network_titles t where t.cod_empresa = p.cod_empresa) as total,
               to_char(p.last_harvest_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ultima_coleta
        from network_partners p
        order by p.nome`,
  );
}

export interface NetworkRecordRow {
  cod_acervo: number;
  title: string;
  responsibility: string | null;
  author: string | null;
  added_authors: string[];
  subjects: string[];
  edition: string | null;
  place: string | null;
  publisher: string | null;
  ano_publicacao: number | null;
  physical_description: string | null;
  series: string | null;
  notes: string | null;
  idioma: string | null;
  nome_pt: string | null;
  nome_en: string | null;
  nome_es: string | null;
  isbn: string[];
  issn: string[];
  link_capa: string | null;
  cod_tipo_obra: number;
  desc_tipo_obra: string;
  cod_empresa: number;
  desc_empresa: string;
  link: string | null;
  identifier: string;
  datestamp: string;
}

/** One harvested record with its work type, language names and partner. */
export async function networkRecord(db: Db, id: number): Promise<NetworkRecordRow | undefined> {
  const [row] = await queryRows<NetworkRecordRow>(
    db,
    sql`select t.cod_acervo, t.title, t.responsibility, t.author, t.added_authors, t.subjects, t.edition, t.place, t.publisher,
               t.ano_publicacao, t.physical_description, t.series, t.notes, t.idioma, l.nome_pt, l.nome_en, l.nome_es,
               t.isbn, t.issn, t.link_capa, t.cod_tipo_obra, w.desc_tipo_obra, t.cod_empresa, p.nome as desc_empresa,
               t.link, t.identifier, t.datestamp
        from network_titles t
             join work_types w on w.cod_tipo_obra = t.cod_tipo_obra
             join network_partners p on p.cod_empresa = t.cod_empresa
             left join languages l on l.codigo = t.idioma
        where t.cod_acervo = ${id}`,
  );
  return row;
}
