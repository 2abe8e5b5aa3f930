import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { acervoSchema, recordIdParamsSchema } from '../catalog/title.js';

const TAG = 'Rede';

/** A partner institution of the network (facet Z's values), with how many of its records we hold. */
export const instituicaoRedeSchema = z.object({
  cod_empresa: z.number().int(),
  desc_empresa: z.string(),
  /** Records harvested from it. */
  total: z.number().int(),
  /** When its catalogue was last harvested in full (ISO), null before the first. */
  ultima_coleta: z.string().nullable(),
});
export type InstituicaoRede = z.infer<typeof instituicaoRedeSchema>;

/**
 * A partner network record (spec §3 "Network record": tipo_obra, ano_publicacao, idioma,
 * instituicao), with what the record page shows of it and the address of the record on the
 * partner's own catalogue.
 */
export const acervoRedeSchema = acervoSchema
  .pick({
    cod_acervo: true,
    titulo: true,
    responsabilidade: true,
    autor: true,
    autores_secundarios: true,
    assuntos: true,
    edicao: true,
    local: true,
    editora: true,
    ano_publicacao: true,
    descricao_fisica: true,
    serie: true,
    notas: true,
    idioma: true,
    idioma_desc: true,
    isbn: true,
    issn: true,
    link_capa: true,
  })
  .extend({
    tipo_obra: z.object({ cod_tipo_obra: z.number().int(), desc_tipo_obra: z.string() }),
    instituicao: z.object({ cod_empresa: z.number().int(), desc_empresa: z.string() }),
    /** The record on the partner's catalogue (http or https), when known. */
    link: z.string().nullable(),
    /** Its OAI-PMH identifier and datestamp at the partner. */
    identificador: z.string(),
    datestamp: z.string(),
  })
  .meta({ id: 'AcervoRede' });
export type AcervoRede = z.infer<typeof acervoRedeSchema>;

/** The partner network's calls (spec §7 "Partner network"). The search itself is `/consulta?base=rede`. */
export const networkEndpoints = {
  institutions: endpoint({
    method: 'GET',
    path: '/rede-pergamum/oai/instituicoes',
    access: 'either',
    tag: TAG,
    summary: 'The partner institutions whose catalogues are harvested (facet Z), by name',
    response: z.array(instituicaoRedeSchema),
  }),
  record: endpoint({
    method: 'GET',
    path: '/rede-pergamum/acervo/:id',
    access: 'either',
    tag: TAG,
    summary: "A partner network record, with its institution and the address of the record on the partner's catalogue",
    params: recordIdParamsSchema,
    response: acervoRedeSchema,
    errors: [404],
  }),
} as const;
