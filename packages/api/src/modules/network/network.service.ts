import type { Language } from '@estante/contracts/kernel';
import type { AcervoRede, InstituicaoRede } from '@estante/contracts/network';
import type { Db } from '../../db/client.js';
import { workTypeName } from '../search/search.config.js';
import { errors } from './network.messages.js';
import { networkRecord, partnerInstitutions } from './network.search.queries.js';

/** `GET /rede-pergamum/oai/instituicoes`: the partners, by name. */
export async function institutions(db: Db): Promise<InstituicaoRede[]> {
  return partnerInstitutions(db);
}

/** `GET /rede-pergamum/acervo/{id}`: one harvested record (404 when there is none, or it was withdrawn since). */
export async function record(db: Db, id: number, language: Language): Promise<AcervoRede> {
  const r = await networkRecord(db, id);
  if (!r) throw errors.recordNotFound(id);
  return {
    cod_acervo: r.cod_acervo,
    titulo: r.title,
    responsabilidade: r.responsibility,
    autor: r.author,
    autores_secundarios: r.added_authors,
    assuntos: r.subjects,
    edicao: r.edition,
    local: r.place,
    editora: r.publisher,
    ano_publicacao: r.ano_publicacao,
    descricao_fisica: r.physical_description,
    serie: r.series,
    notas: r.notes,
    idioma: r.idioma,
    idioma_desc: r.idioma ? ({ pt: r.nome_pt, en: r.nome_en, es: r.nome_es }[language] ?? r.idioma) : null,
    isbn: r.isbn,
    issn: r.issn,
    link_capa: r.link_capa,
    tipo_obra: { cod_tipo_obra: r.cod_tipo_obra, desc_tipo_obra: workTypeName(r.cod_tipo_obra, r.desc_tipo_obra, language) },
    instituicao: { cod_empresa: r.cod_empresa, desc_empresa: r.desc_empresa },
    link: r.link,
    identificador: r.identifier,
    datestamp: r.datestamp,
  };
}
