import { z } from 'zod';
import { recordId } from '../record-id.js';
import { EMAIL_PATTERN, EXPORT_FORMATS, EXPORT_KINDS, MAX_EMAIL_RECIPIENTS, MAX_EMAIL_TITLES, MAX_EXPORT_TITLES, splitEmails } from './basket.constants.js';

// The basket's export body, apart from basket.ts (whose constants the site's shell reads for the
// basket store): the basket page's e-mail form checks with it and brings zod with it, never the
// first script (decision 0034).

/** Titles chosen for an action: 1 to `max` record numbers, none twice. */
export const titleIds = (max: number) =>
  z
    .array(recordId)
    .min(1, { error: 'choose at least one title' })
    .max(max, { error: `at most ${max} titles at a time` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'a title is listed twice' });

/** `POST /acervo/exportar-cesta` (spec §7: tipo, dados, acervos, opcoesEmail). */
export const exportarCestaBodySchema = z
  .object({
    tipo: z.enum(EXPORT_KINDS),
    dados: z.enum(EXPORT_FORMATS),
    acervos: titleIds(MAX_EXPORT_TITLES),
    opcoesEmail: z
      .object({
        emails: z
          .string()
          .max(1000)
          .refine((v) => splitEmails(v).length > 0, { error: 'at least one e-mail address' })
          .refine((v) => splitEmails(v).length <= MAX_EMAIL_RECIPIENTS, { error: `at most ${MAX_EMAIL_RECIPIENTS} addresses` })
          .refine((v) => splitEmails(v).every((e) => EMAIL_PATTERN.test(e)), { error: 'an e-mail address is not valid' }),
        assunto: z.string().trim().max(200).optional(),
        mensagem: z.string().trim().max(2000).optional(),
      })
      .optional(),
  })
  .refine((b) => b.tipo !== 'email' || b.opcoesEmail !== undefined, { error: 'opcoesEmail is required to send an e-mail', path: ['opcoesEmail'] })
  .refine((b) => b.tipo !== 'email' || b.acervos.length <= MAX_EMAIL_TITLES, { error: `at most ${MAX_EMAIL_TITLES} titles per e-mail`, path: ['acervos'] });
export type ExportarCesta = z.infer<typeof exportarCestaBodySchema>;
