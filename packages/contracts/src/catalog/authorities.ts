import { z } from 'zod';
import { lookupPage, lookupSearchText } from './lookups.js';
import type { SearchField } from '../search/search-state.js';

/** The twelve authority types of spec §3, keyed by the MARC 1XX tag that heads the record. */
export const AUTHORITY_TYPES = [
  'autor_pessoa',
  'autor_entidade',
  'autor_evento',
  'titulo_uniforme',
  'assunto',
  'assunto_geografico',
  'genero_forma',
  'termo_cronologico',
  'subdivisao_geral',
  'subdivisao_genero_forma',
  'subdivisao_geografica',
  'subdivisao_cronologica',
] as const;
export type AuthorityType = (typeof AUTHORITY_TYPES)[number];

/** The search field that finds the titles under a heading of each authority type. */
export function authoritySearchField(tipo: AuthorityType): SearchField {
  if (tipo.startsWith('autor_')) return 'autor';
  if (tipo === 'titulo_uniforme') return 'titulo';
  return 'assunto';
}

/** `GET /consulta/autoridades`: authority headings by words, optionally of one type (the authorities guide). */
export const autoridadesQuerySchema = z.object({ search_text: lookupSearchText, tipo: z.enum(AUTHORITY_TYPES).optional(), page: lookupPage });

/** An authority heading in a list: enough to show it and to search the titles under it. */
export const autoridadeResumoSchema = z
  .object({
    cod_autoridade: z.number().int(),
    tipo: z.enum(AUTHORITY_TYPES),
    cabecalho: z.string(),
    campo: z.enum(['autor', 'titulo', 'assunto']),
  })
  .meta({ id: 'AutoridadeResumo' });
export type AutoridadeResumo = z.infer<typeof autoridadeResumoSchema>;

export const autoridadePageSchema = z.object({ total: z.number().int(), page: z.number().int(), itens: z.array(autoridadeResumoSchema) });
