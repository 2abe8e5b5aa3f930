import { z } from 'zod';
import { recordId } from '../record-id.js';

// The comment form's body, apart from comments.ts (whose endpoints a title page needs at once):
// the form brings zod with it when a signed-in patron sees it.

/** Comment text area limits (spec §9: 5 rows); the server keeps a comment to 2,000 characters. */
export const COMMENT_MAX_LENGTH = 2000;

/** `POST /comentarios/acervo/{id}`: a library chosen and non-empty trimmed text (spec §5). */
export const comentarioBodySchema = z.object({
  biblioteca: recordId,
  texto: z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, { error: 'comment text is required' }).max(COMMENT_MAX_LENGTH, { error: 'comment text is too long' })),
});
