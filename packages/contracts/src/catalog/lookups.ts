import { z } from 'zod';

/** Look-up page size (campus, libraries). */
export const LOOKUP_PAGE_SIZE = 20;

/**
 * `search_text`: name matching needs at least 3 characters per term (spec §5), case- and
 * accent-insensitive. Blank means no filter.
 */
export const lookupSearchText = z
  .string()
  .max(100)
  .refine(
    (v) =>
      v.trim() === '' ||
      v
        .trim()
        .split(/\s+/)
        .every((term) => term.length >= 3),
    {
      error: 'search_text needs at least 3 characters per term',
    },
  )
  .optional();

export const lookupPage = z
  .string()
  .regex(/^\d{1,5}$/, { error: 'page must be a whole number from 1' })
  .transform(Number)
  .pipe(z.number().min(1))
  .optional();

export const campusLookupQuerySchema = z.object({ search_text: lookupSearchText, page: lookupPage });
export const bibliotecaLookupQuerySchema = z.object({
  search_text: lookupSearchText,
  page: lookupPage,
  codCampus: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'codCampus must be a campus code' })
    .transform(Number)
    .optional(),
});

/** A campus (spec §3 "Campus"). */
export const campusSchema = z.object({ cod_campus: z.number().int(), nome_campus: z.string() }).meta({ id: 'Campus' });
/** A library (spec §3 "Library"), with its campus. */
export const bibliotecaSchema = z
  .object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string(), cod_campus: z.number().int() })
  .meta({ id: 'Biblioteca' });
export type Campus = z.infer<typeof campusSchema>;
export type Biblioteca = z.infer<typeof bibliotecaSchema>;

export const campusPageSchema = z.object({ total: z.number().int(), page: z.number().int(), itens: z.array(campusSchema) });
export const bibliotecaPageSchema = z.object({ total: z.number().int(), page: z.number().int(), itens: z.array(bibliotecaSchema) });

/** Teaching-plan look-ups (spec §7 "Search"): courses, disciplines, professors. */
export const cursoLookupQuerySchema = z.object({
  search_text: lookupSearchText,
  page: lookupPage,
  codCampus: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'codCampus must be a campus code' })
    .transform(Number)
    .optional(),
});
export const disciplinaLookupQuerySchema = z.object({ search_text: lookupSearchText, page: lookupPage });
export const professorLookupQuerySchema = z.object({ search_text: lookupSearchText, page: lookupPage });

/** A course (curso), on a campus when the institution says which. */
export const cursoSchema = z.object({ cod_curso: z.number().int(), nome_curso: z.string(), cod_campus: z.number().int().nullable() }).meta({ id: 'Curso' });
/** A discipline (disciplina) with the institution's code. */
export const disciplinaSchema = z.object({ cod_disciplina: z.number().int(), codigo: z.string(), nome_disciplina: z.string() }).meta({ id: 'Disciplina' });
/** A professor who owns teaching plans. */
export const professorSchema = z.object({ cod_professor: z.number().int(), nome_professor: z.string() }).meta({ id: 'Professor' });

export const cursoPageSchema = z.object({ total: z.number().int(), page: z.number().int(), itens: z.array(cursoSchema) });
export const disciplinaPageSchema = z.object({ total: z.number().int(), page: z.number().int(), itens: z.array(disciplinaSchema) });
export const professorPageSchema = z.object({ total: z.number().int(), page: z.number().int(), itens: z.array(professorSchema) });
export type Curso = z.infer<typeof cursoSchema>;
export type Disciplina = z.infer<typeof disciplinaSchema>;
export type Professor = z.infer<typeof professorSchema>;

/** Path parameter of the `/{id}` look-ups. */
export const lookupIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'id must be a whole number' })
    .transform(Number),
});
