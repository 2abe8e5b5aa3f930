import { autoridadePageSchema, autoridadesQuerySchema } from './authorities.js';
import { endpoint } from '../endpoint.js';
import {
  bibliotecaLookupQuerySchema,
  bibliotecaPageSchema,
  bibliotecaSchema,
  campusLookupQuerySchema,
  campusPageSchema,
  campusSchema,
  cursoLookupQuerySchema,
  cursoPageSchema,
  cursoSchema,
  disciplinaLookupQuerySchema,
  disciplinaPageSchema,
  disciplinaSchema,
  lookupIdParamsSchema,
  professorLookupQuerySchema,
  professorPageSchema,
  professorSchema,
} from './lookups.js';
import { autoridadeComboQuerySchema, autoridadeComboSchema, autoridadeSchema, marcViewSchema, recordIdParamsSchema } from './title.js';

// The look-up and authority calls live in a file of their own: their schemas come from title.ts,
// lookups.ts and authorities.ts, which import others that import one another.

const open = <const P extends string>(path: P, summary: string) => ({ method: 'GET', path, access: 'public', tag: 'Consulta', summary }) as const;

/** Campus, library, course, discipline, professor and authority look-ups of the search forms (spec §7 "Search"). */
export const lookupsEndpoints = {
  campuses: endpoint({ ...open('/consulta/campus', 'Campuses by name (paged)'), query: campusLookupQuerySchema, response: campusPageSchema }),
  campus: endpoint({ ...open('/consulta/campus/:id', 'One campus'), params: lookupIdParamsSchema, response: campusSchema, errors: [404] }),
  libraries: endpoint({
    ...open('/consulta/bibliotecas', 'Libraries by name, optionally of one campus (paged)'),
    query: bibliotecaLookupQuerySchema,
    response: bibliotecaPageSchema,
  }),
  library: endpoint({ ...open('/consulta/biblioteca/:id', 'One library'), params: lookupIdParamsSchema, response: bibliotecaSchema, errors: [404] }),
  courses: endpoint({
    ...open('/consulta/cursos', 'Courses by name, optionally of one campus (paged)'),
    query: cursoLookupQuerySchema,
    response: cursoPageSchema,
  }),
  disciplines: endpoint({
    ...open('/consulta/disciplinas', 'Disciplines by name or code (paged)'),
    query: disciplinaLookupQuerySchema,
    response: disciplinaPageSchema,
  }),
  professors: endpoint({ ...open('/consulta/professores', 'Professors by name (paged)'), query: professorLookupQuerySchema, response: professorPageSchema }),
  course: endpoint({ ...open('/consulta/curso/:id', 'One course'), params: lookupIdParamsSchema, response: cursoSchema, errors: [404] }),
  discipline: endpoint({ ...open('/consulta/disciplina/:id', 'One discipline'), params: lookupIdParamsSchema, response: disciplinaSchema, errors: [404] }),
  professor: endpoint({ ...open('/consulta/professor/:id', 'One professor'), params: lookupIdParamsSchema, response: professorSchema, errors: [404] }),
  authorities: endpoint({
    ...open('/consulta/autoridades', 'Authority headings by words, optionally of one type (paged): the authorities guide'),
    query: autoridadesQuerySchema,
    response: autoridadePageSchema,
  }),
};

/** Authority records (spec §7 "Authority"). */
export const authorityEndpoints = {
  combo: endpoint({
    method: 'GET',
    path: '/autoridade/combo',
    access: 'either',
    tag: 'Autoridade',
    summary: 'Short descriptions of several authorities',
    query: autoridadeComboQuerySchema,
    response: autoridadeComboSchema,
  }),
  record: endpoint({
    method: 'GET',
    path: '/autoridade/:id',
    access: 'either',
    tag: 'Autoridade',
    summary: 'An authority record with its titles',
    params: recordIdParamsSchema,
    response: autoridadeSchema,
    errors: [404],
  }),
  marc: endpoint({
    method: 'GET',
    path: '/autoridade/:id/marc',
    access: 'either',
    tag: 'Autoridade',
    summary: 'The MARC 21 authority record with labels',
    params: recordIdParamsSchema,
    response: marcViewSchema,
    errors: [404],
  }),
};
