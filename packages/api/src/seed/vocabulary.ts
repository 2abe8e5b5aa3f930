/**
 * Words the title generator builds from: subjects with the CNPq knowledge area they belong to,
 * title patterns and series names per language. Hand-written so that generated titles read
 * like a Brazilian university library's catalogue (pt most, then en and es).
 */
export type GenLanguage = 'por' | 'eng' | 'spa';

export interface Subject {
  term: Record<GenLanguage, string>;
  /** Feminine in Portuguese/Spanish (for "da"/"de la" in patterns). */
  fem: boolean;
  /** Dewey class, for call numbers. */
  cdd: string;
}

export const SUBJECTS: Subject[] = [
  { term: { por: 'Educação', eng: 'Education', spa: 'Educación' }, fem: true, cdd: '370' },
  { term: { por: 'Matemática', eng: 'Mathematics', spa: 'Matemáticas' }, fem: true, cdd: '510' },
  { term: { por: 'Direito constitucional', eng: 'Constitutional law', spa: 'Derecho constitucional' }, fem: false, cdd: '342' },
  { term: { por: 'Psicologia', eng: 'Psychology', spa: 'Psicología' }, fem: true, cdd: '150' },
  { term: { por: 'Economia', eng: 'Economics', spa: 'Economía' }, fem: true, cdd: '330' },
  { term: { por: 'História do Brasil', eng: 'Brazilian history', spa: 'Historia de Brasil' }, fem: true, cdd: '981' },
  { term: { por: 'Literatura brasileira', eng: 'Brazilian literature', spa: 'Literatura brasileña' }, fem: true, cdd: '869.3' },
  { term: { por: 'Engenharia civil', eng: 'Civil engineering', spa: 'Ingeniería civil' }, fem: true, cdd: '624' },
  { term: { por: 'Ciência da computação', eng: 'Computer science', spa: 'Ciencias de la computación' }, fem: true, cdd: '004' },
  { term: { por: 'Enfermagem', eng: 'Nursing', spa: 'Enfermería' }, fem: true, cdd: '610.73' },
  { term: { por: 'Medicina', eng: 'Medicine', spa: 'Medicina' }, fem: true, cdd: '610' },
  { term: { por: 'Sociologia', eng: 'Sociology', spa: 'Sociología' }, fem: true, cdd: '301' },
  { term: { por: 'Filosofia', eng: 'Philosophy', spa: 'Filosofía' }, fem: true, cdd: '100' },
  { term: { por: 'Administração', eng: 'Management', spa: 'Administración' }, fem: true, cdd: '658' },
  { term: { por: 'Contabilidade', eng: 'Accounting', spa: 'Contabilidad' }, fem: true, cdd: '657' },
  { term: { por: 'Agronomia', eng: 'Agronomy', spa: 'Agronomía' }, fem: true, cdd: '630' },
  { term: { por: 'Ecologia', eng: 'Ecology', spa: 'Ecología' }, fem: true, cdd: '577' },
  { term: { por: 'Química orgânica', eng: 'Organic chemistry', spa: 'Química orgánica' }, fem: true, cdd: '547' },
  { term: { por: 'Física', eng: 'Physics', spa: 'Física' }, fem: true, cdd: '530' },
  { term: { por: 'Biologia celular', eng: 'Cell biology', spa: 'Biología celular' }, fem: true, cdd: '571.6' },
  { term: { por: 'Linguística', eng: 'Linguistics', spa: 'Lingüística' }, fem: true, cdd: '410' },
  { term: { por: 'Arquitetura', eng: 'Architecture', spa: 'Arquitectura' }, fem: true, cdd: '720' },
  { term: { por: 'Música', eng: 'Music', spa: 'Música' }, fem: true, cdd: '780' },
  { term: { por: 'Biblioteconomia', eng: 'Library science', spa: 'Bibliotecología' }, fem: true, cdd: '020' },
  { term: { por: 'Direito penal', eng: 'Criminal law', spa: 'Derecho penal' }, fem: false, cdd: '345' },
  { term: { por: 'Saúde pública', eng: 'Public health', spa: 'Salud pública' }, fem: true, cdd: '362.1' },
  { term: { por: 'Estatística', eng: 'Statistics', spa: 'Estadística' }, fem: true, cdd: '519.5' },
  { term: { por: 'Geografia', eng: 'Geography', spa: 'Geografía' }, fem: true, cdd: '910' },
  { term: { por: 'Antropologia', eng: 'Anthropology', spa: 'Antropología' }, fem: true, cdd: '306' },
  { term: { por: 'Comunicação social', eng: 'Mass media', spa: 'Comunicación social' }, fem: true, cdd: '302.23' },
  { term: { por: 'Nutrição', eng: 'Nutrition', spa: 'Nutrición' }, fem: true, cdd: '613.2' },
  { term: { por: 'Odontologia', eng: 'Dentistry', spa: 'Odontología' }, fem: true, cdd: '617.6' },
  { term: { por: 'Farmacologia', eng: 'Pharmacology', spa: 'Farmacología' }, fem: true, cdd: '615' },
  { term: { por: 'Ciência política', eng: 'Political science', spa: 'Ciencia política' }, fem: true, cdd: '320' },
  { term: { por: 'Teatro', eng: 'Theater', spa: 'Teatro' }, fem: false, cdd: '792' },
  { term: { por: 'Energia renovável', eng: 'Renewable energy', spa: 'Energía renovable' }, fem: true, cdd: '333.79' },
  { term: { por: 'Inteligência artificial', eng: 'Artificial intelligence', spa: 'Inteligencia artificial' }, fem: true, cdd: '006.3' },
  { term: { por: 'Meio ambiente', eng: 'Environment', spa: 'Medio ambiente' }, fem: false, cdd: '363.7' },
  { term: { por: 'Pedagogia', eng: 'Pedagogy', spa: 'Pedagogía' }, fem: true, cdd: '370.1' },
  { term: { por: 'Álgebra linear', eng: 'Linear algebra', spa: 'Álgebra lineal' }, fem: true, cdd: '512.5' },
];

/** Title patterns; {s} is the subject, {S} a second subject, {p} a place, {y} a year. */
export const PATTERNS: Record<GenLanguage, string[]> = {
  por: [
    'Introdução à {s}',
    'Fundamentos de {s}',
    '{s}: teoria e prática',
    'Manual de {s}',
    '{s} no Brasil contemporâneo',
    'História da {s}',
    '{s} e sociedade',
    'Tópicos avançados em {s}',
    'Ensaios sobre {s}',
    '{s} para iniciantes',
    'Novas perspectivas em {s}',
    '{s} e {S}: diálogos possíveis',
    'Princípios de {s}',
    'Curso de {s}',
    '{s}: uma abordagem crítica',
    'Políticas públicas e {s}',
    'A {s} em {p}',
    'Métodos de pesquisa em {s}',
    '{s} aplicada',
    'Dicionário de {s}',
  ],
  eng: [
    'Introduction to {s}',
    'Foundations of {s}',
    '{s}: theory and practice',
    'A handbook of {s}',
    '{s} in the twenty-first century',
    'A history of {s}',
    '{s} and society',
    'Advanced topics in {s}',
    'Essays on {s}',
    'Principles of {s}',
    '{s} and {S}',
    'Understanding {s}',
    'Research methods in {s}',
    'Applied {s}',
    'The Oxford companion to {s}',
  ],
  spa: [
    'Introducción a la {s}',
    'Fundamentos de {s}',
    '{s}: teoría y práctica',
    'Manual de {s}',
    'Historia de la {s}',
    '{s} y sociedad',
    'Temas avanzados de {s}',
    'Ensayos sobre {s}',
    'Principios de {s}',
    '{s} en América Latina',
    '{s} y {S}',
    'Métodos de investigación en {s}',
    '{s} aplicada',
    'Diccionario de {s}',
  ],
};

export const SERIES: Record<GenLanguage, string[]> = {
  por: ['Coleção Saberes', 'Biblioteca Universitária', 'Série Didática', 'Coleção Pensamento Crítico', 'Cadernos de Pesquisa'],
  eng: ['Cambridge Textbooks', 'Lecture Notes', 'Studies in Theory and Practice', 'Handbooks in Research'],
  spa: ['Colección Universitaria', 'Biblioteca de Ciencias', 'Serie Manuales'],
};

export const EDITIONS: Record<GenLanguage, string[]> = {
  por: ['2. ed.', '3. ed. rev. e ampl.', '4. ed.', '5. ed. atual.'],
  eng: ['2nd ed.', '3rd ed.', 'Rev. ed.'],
  spa: ['2a ed.', '3a ed. corr. y aum.'],
};

export const THESIS: Record<GenLanguage, { degree: string; note: string }[]> = {
  por: [
    { degree: 'Dissertação (Mestrado)', note: 'Programa de Pós-Graduação' },
    { degree: 'Tese (Doutorado)', note: 'Programa de Pós-Graduação' },
  ],
  eng: [{ degree: 'Thesis (Ph.D.)', note: 'Graduate Program' }],
  spa: [{ degree: 'Tesis (Doctorado)', note: 'Programa de Posgrado' }],
};
