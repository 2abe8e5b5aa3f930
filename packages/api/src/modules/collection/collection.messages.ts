import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/**
 * The collection calls' texts in pt, en and es: the teaching plan bibliography's CSV headings
 * and PDF, and the knowledge-area row of the totals for titles without one.
 */
export const messages = defineMessages('collection', {
  SemArea: { pt: 'Sem área do conhecimento', en: 'No knowledge area', es: 'Sin área del conocimiento' },
  'type.basica': { pt: 'Básica', en: 'Basic', es: 'Básica' },
  'type.complementar': { pt: 'Complementar', en: 'Complementary', es: 'Complementaria' },
  yes: { pt: 'sim', en: 'yes', es: 'sí' },
  no: { pt: 'não', en: 'no', es: 'no' },
  'col.departamento': { pt: 'Curso', en: 'Course', es: 'Curso' },
  'col.sigla': { pt: 'Código da disciplina', en: 'Discipline code', es: 'Código de la asignatura' },
  'col.disciplina': { pt: 'Disciplina', en: 'Discipline', es: 'Asignatura' },
  'col.ano': { pt: 'Ano', en: 'Year', es: 'Año' },
  'col.semestre': { pt: 'Semestre', en: 'Semester', es: 'Semestre' },
  'col.periodo': { pt: 'Período', en: 'Term', es: 'Período' },
  'col.vagas': { pt: 'Vagas', en: 'Vacancies', es: 'Plazas' },
  'col.tipo': { pt: 'Bibliografia', en: 'Bibliography', es: 'Bibliografía' },
  'col.cod_acervo': { pt: 'Número do título', en: 'Title number', es: 'Número del título' },
  'col.titulo': { pt: 'Título', en: 'Title', es: 'Título' },
  'col.autor': { pt: 'Autor', en: 'Author', es: 'Autor' },
  'col.ano_publicacao': { pt: 'Ano de publicação', en: 'Year published', es: 'Año de publicación' },
  'col.exemplares': { pt: 'Exemplares', en: 'Copies', es: 'Ejemplares' },
  'col.por_biblioteca': { pt: 'Exemplares por biblioteca', en: 'Copies per library', es: 'Ejemplares por biblioteca' },
  'col.emprestados': { pt: 'Emprestados agora', en: 'On loan now', es: 'Prestados ahora' },
  'col.emprestimos': { pt: 'Empréstimos no semestre', en: 'Loans in the semester', es: 'Préstamos en el semestre' },
  'col.exemplares_por_vaga': { pt: 'Exemplares por vaga', en: 'Copies per vacancy', es: 'Ejemplares por plaza' },
  'col.vagas_por_exemplar': { pt: 'Vagas por exemplar', en: 'Vacancies per copy', es: 'Plazas por ejemplar' },
  'col.abaixo_meta': { pt: 'Abaixo da meta', en: 'Below target', es: 'Por debajo de la meta' },
  'pdf.title': { pt: 'Bibliografia dos planos de ensino', en: 'Teaching plan bibliography', es: 'Bibliografía de los planes de enseñanza' },
  'pdf.subject': {
    pt: 'Exemplares, empréstimos e cobertura da bibliografia',
    en: "The bibliography's copies, loans and coverage",
    es: 'Ejemplares, préstamos y cobertura de la bibliografía',
  },
  'pdf.targets': {
    pt: 'Metas da instituição: bibliografia básica com no máximo {vagas} vagas por exemplar; complementar com ao menos {exemplares} exemplares. Títulos abaixo da meta estão marcados "ABAIXO DA META".',
    en: 'The institution\'s targets: basic bibliography at most {vagas} vacancies per copy; complementary at least {exemplares} copies. Titles below target are marked "BELOW TARGET".',
    es: 'Metas de la institución: bibliografía básica con como máximo {vagas} plazas por ejemplar; complementaria con al menos {exemplares} ejemplares. Los títulos por debajo de la meta están marcados "POR DEBAJO DE LA META".',
  },
  'pdf.library': {
    pt: 'Exemplares contados na biblioteca: {library}.',
    en: 'Copies counted at: {library}.',
    es: 'Ejemplares contados en la biblioteca: {library}.',
  },
  'pdf.plan': {
    pt: '{sigla} {disciplina} — {curso}, {ano}/{semestre}',
    en: '{sigla} {disciplina} — {curso}, {ano}/{semestre}',
    es: '{sigla} {disciplina} — {curso}, {ano}/{semestre}',
  },
  'pdf.planLine': {
    pt: 'Período: {periodo}. Vagas: {vagas}. Empréstimos da bibliografia no semestre: {emprestimos}.',
    en: 'Term: {periodo}. Vacancies: {vagas}. Loans of the bibliography in the semester: {emprestimos}.',
    es: 'Período: {periodo}. Plazas: {vagas}. Préstamos de la bibliografía en el semestre: {emprestimos}.',
  },
  'pdf.none': {
    pt: 'Nenhum plano de ensino seu corresponde a estes filtros.',
    en: 'None of your teaching plans matches these filters.',
    es: 'Ninguno de sus planes de enseñanza corresponde a estos filtros.',
  },
  'pdf.noTitles': {
    pt: 'Este plano ainda não tem bibliografia.',
    en: 'This plan has no bibliography yet.',
    es: 'Este plan aún no tiene bibliografía.',
  },
  'pdf.below': { pt: 'ABAIXO DA META', en: 'BELOW TARGET', es: 'POR DEBAJO DE LA META' },
  'pdf.ok': { pt: 'atende', en: 'met', es: 'cumple' },
  'pdf.col.copies': { pt: 'Exemplares (emprestados)', en: 'Copies (on loan)', es: 'Ejemplares (prestados)' },
  'pdf.part.basica': { pt: 'Bibliografia básica', en: 'Basic bibliography', es: 'Bibliografía básica' },
  'pdf.part.complementar': { pt: 'Bibliografia complementar', en: 'Complementary bibliography', es: 'Bibliografía complementaria' },
  'pdf.col.target': { pt: 'Meta', en: 'Target', es: 'Meta' },
  'file.name': { pt: 'bibliografia-plano-ensino', en: 'teaching-plan-bibliography', es: 'bibliografia-plan-ensenanza' },
});

/** The errors the collection calls throw: the common ones (an unknown library is `libraryInvalid`, 422). */
export const errors = { ...common };
