import { z } from 'zod';
import { recordId } from '../record-id.js';

// The footer forms' bodies, apart from content.ts (whose endpoints the web's first script needs):
// the forms bring zod with them when they open.

/** Longest general comment or suggestion note. */
export const GENERAL_TEXT_MAX = 2000;

const trimmed = (max: number) =>
  z
    .string()
    .max(max)
    .transform((v) => v.trim());

/** `POST /unidade-informacao/comentario` (spec §3): `content` trimmed and non-empty, `b` the library. */
export const comentarioGeralBodySchema = z.object({
  content: trimmed(GENERAL_TEXT_MAX).pipe(z.string().min(1, { error: 'content is required' })),
  b: recordId,
});
export type ComentarioGeralBody = z.input<typeof comentarioGeralBodySchema>;

/**
 * `POST /unidade-informacao/sugestao-aquisicao` (spec §3 "Acquisition suggestion form").
 * `titulo` and `editor` must hold more than blanks: the server answers 422
 * CampoObrigatorioNaoPreenchido naming the field, as the form warns.
 */
export const sugestaoAquisicaoBodySchema = z.object({
  autor: trimmed(300).optional(),
  titulo: trimmed(500),
  edicao: trimmed(100).optional(),
  editor: trimmed(300),
  isbn_issn: trimmed(30).optional(),
  periodico: z.boolean().optional(),
  outras_inf: trimmed(GENERAL_TEXT_MAX).optional(),
  campus: recordId,
  biblioteca: recordId,
});
export type SugestaoAquisicaoBody = z.input<typeof sugestaoAquisicaoBodySchema>;

/** The fields the suggestion form requires after trimming (spec §5). */
export const SUGGESTION_REQUIRED = ['titulo', 'editor'] as const;
