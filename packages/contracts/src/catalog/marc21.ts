/**
 * The MARC 21 tag tables and the checks the record editor makes with them (issue 57): the web
 * editor checks a record as it is typed, the API again on save, with the same functions.
 * Bibliographic: every field of the Library of Congress's format (generated, marc21-bibliographic.ts);
 * authority: the fields a library's authority file uses, from the LC's MARC 21 Format for
 * Authority Data (below). Local fields (9XX, X9X) are allowed with any indicators and subfields.
 */
import { MARC21_BIBLIOGRAPHIC } from './marc21-bibliographic.js';

/** A run of positions of the leader or of a fixed field: [start, end), its name, and its valid codes when the format lists them. */
export interface MarcPosition {
  start: number;
  end: number;
  label: string;
  codes?: Record<string, string>;
}

/** One tag: its names (en from the standard, pt and es from the translations), whether it repeats, and for data fields the valid indicators and subfields. */
export interface MarcTagDefinition {
  label: { en: string; pt: string; es: string };
  repeatable: boolean;
  /** Valid values of the first indicator, one character each (a space is blank); null: undefined, blank only. */
  ind1?: string | null;
  ind2?: string | null;
  /** Valid subfield codes and whether each repeats. */
  subfields?: Record<string, boolean>;
}

export interface MarcFormatTable {
  leader: MarcPosition[];
  /** 008's positions by type of material ("All Materials" for the positions every type shares); authority: "All". */
  f008: Record<string, MarcPosition[]>;
  fields: Record<string, MarcTagDefinition>;
}

export type MarcFormat = 'bibliographic' | 'authority';

const l = (en: string, pt: string, es: string) => ({ en, pt, es });
const sf = (nonRepeatable: string, repeatable: string): Record<string, boolean> => ({
  ...Object.fromEntries([...nonRepeatable].map((c) => [c, false])),
  ...Object.fromEntries([...repeatable].map((c) => [c, true])),
});
const data = (label: MarcTagDefinition['label'], repeatable: boolean, ind1: string | null, ind2: string | null, subfields: Record<string, boolean>) => ({
  label,
  repeatable,
  ind1,
  ind2,
  subfields,
});

/** A heading's subfields in authority 1XX/4XX/5XX/7XX, by the heading's kind (second and third digits of the tag). */
const HEADING: Record<string, { ind1: string | null; ind2: string | null; subfields: Record<string, boolean> }> = {
  '00': { ind1: '013', ind2: ' ', subfields: sf('abdfhlqrt6', 'cegjkmnopsvxyz8') },
  '10': { ind1: '012', ind2: ' ', subfields: sf('aflt6', 'bcdghkmnoprsvxyz8') },
  '11': { ind1: '012', ind2: ' ', subfields: sf('aflqt6', 'cdeghjknpsvxyz8') },
  '30': { ind1: ' ', ind2: '0123456789', subfields: sf('afhlt6', 'dgkmnoprsvxyz8') },
  '48': { ind1: ' ', ind2: ' ', subfields: sf('a6', 'vxyz8') },
  '50': { ind1: ' ', ind2: ' ', subfields: sf('ab6', 'gvxyz8') },
  '51': { ind1: ' ', ind2: ' ', subfields: sf('a6', 'gvxyz8') },
  '55': { ind1: ' ', ind2: ' ', subfields: sf('a6', 'vxyz8') },
  '80': { ind1: ' ', ind2: ' ', subfields: sf('6', 'vxyz8') },
  '81': { ind1: ' ', ind2: ' ', subfields: sf('6', 'vxyz8') },
  '82': { ind1: ' ', ind2: ' ', subfields: sf('6', 'vxyz8') },
  '85': { ind1: ' ', ind2: ' ', subfields: sf('6', 'vxyz8') },
};
const HEADING_NAMES: Record<string, [string, string, string]> = {
  '00': ['Personal Name', 'Nome pessoal', 'Nombre de persona'],
  '10': ['Corporate Name', 'Nome corporativo', 'Nombre de entidad corporativa'],
  '11': ['Meeting Name', 'Nome de evento', 'Nombre de congreso'],
  '30': ['Uniform Title', 'Título uniforme', 'Título uniforme'],
  '48': ['Chronological Term', 'Termo cronológico', 'Término cronológico'],
  '50': ['Topical Term', 'Termo tópico', 'Término de materia'],
  '51': ['Geographic Name', 'Nome geográfico', 'Nombre geográfico'],
  '55': ['Genre/Form Term', 'Termo de gênero/forma', 'Término de género/forma'],
  '80': ['General Subdivision', 'Subdivisão geral', 'Subdivisión general'],
  '81': ['Geographic Subdivision', 'Subdivisão geográfica', 'Subdivisión geográfica'],
  '82': ['Chronological Subdivision', 'Subdivisão cronológica', 'Subdivisión cronológica'],
  '85': ['Form Subdivision', 'Subdivisão de forma', 'Subdivisión de forma'],
};
const HEADING_ROLES: Record<string, { repeatable: boolean; names: [string, string, string]; extra: Record<string, boolean>; ind2?: string }> = {
  '1': { repeatable: false, names: ['Heading', 'Cabeçalho', 'Punto de acceso autorizado'], extra: {} },
  '4': { repeatable: true, names: ['See From Tracing', 'Remissiva ver', 'Punto de acceso variante'], extra: sf('w', 'i0145') },
  '5': { repeatable: true, names: ['See Also From Tracing', 'Remissiva ver também', 'Punto de acceso relacionado'], extra: sf('w', 'i0145') },
  '7': {
    repeatable: true,
    names: ['Established Heading Linking Entry', 'Entrada de ligação', 'Punto de acceso de enlace'],
    extra: sf('2w', 'i0145'),
    ind2: '01234567',
  },
};

function headingFields(): Record<string, MarcTagDefinition> {
  const out: Record<string, MarcTagDefinition> = {};
  for (const [role, r] of Object.entries(HEADING_ROLES)) {
    for (const [kind, h] of Object.entries(HEADING)) {
      const [en, pt, es] = HEADING_NAMES[kind]!;
      out[`${role}${kind}`] = data(l(`${r.names[0]} - ${en}`, `${r.names[1]} - ${pt}`, `${r.names[2]} - ${es}`), r.repeatable, h.ind1, r.ind2 ?? h.ind2, {
        ...h.subfields,
        ...r.extra,
      });
    }
  }
  return out;
}

const ctrl = (label: MarcTagDefinition['label'], repeatable = false): MarcTagDefinition => ({ label, repeatable });

/** MARC 21 Authority: the fields a library's authority file uses, their indicators and subfields (LC, MARC 21 Format for Authority Data). */
export const MARC21_AUTHORITY: MarcFormatTable = {
  leader: [
    { start: 0, end: 5, label: 'Record length' },
    {
      start: 5,
      end: 6,
      label: 'Record status',
      codes: {
        a: 'Increase in encoding level',
        c: 'Corrected or revised',
        d: 'Deleted',
        n: 'New',
        o: 'Obsolete',
        s: 'Deleted; heading split',
        x: 'Deleted; heading replaced',
      },
    },
    { start: 6, end: 7, label: 'Type of record', codes: { z: 'Authority data' } },
    { start: 7, end: 9, label: 'Undefined character positions' },
    { start: 9, end: 10, label: 'Character coding scheme', codes: { ' ': 'MARC-8', a: 'UCS/Unicode' } },
    { start: 10, end: 17, label: 'Indicator count, subfield code count, base address of data' },
    { start: 17, end: 18, label: 'Encoding level', codes: { n: 'Complete authority record', o: 'Incomplete authority record' } },
    {
      start: 18,
      end: 19,
      label: 'Punctuation policy',
      codes: { ' ': 'No information provided', c: 'No punctuation omitted', i: 'Punctuation omitted', u: 'Unknown' },
    },
    { start: 19, end: 24, label: 'Entry map' },
  ],
  f008: {
    All: [
      { start: 0, end: 6, label: 'Date entered on file' },
      {
        start: 6,
        end: 7,
        label: 'Direct or indirect geographic subdivision',
        codes: {
          ' ': 'Not subdivided geographically',
          d: 'Subdivided geographically—direct',
          i: 'Subdivided geographically—indirect',
          n: 'Not applicable',
          '|': 'No attempt to code',
        },
      },
      { start: 7, end: 8, label: 'Romanization scheme' },
      {
        start: 8,
        end: 9,
        label: 'Language of catalog',
        codes: { ' ': 'No information provided', b: 'English and French', e: 'English only', f: 'French only', '|': 'No attempt to code' },
      },
      {
        start: 9,
        end: 10,
        label: 'Kind of record',
        codes: {
          a: 'Established heading',
          b: 'Untraced reference',
          c: 'Traced reference',
          d: 'Subdivision',
          e: 'Node label',
          f: 'Established heading and subdivision',
          g: 'Reference and subdivision',
        },
      },
      {
        start: 10,
        end: 11,
        label: 'Descriptive cataloging rules',
        codes: { a: 'Earlier rules', b: 'AACR 1', c: 'AACR 2', d: 'AACR 2 compatible heading', n: 'Not applicable', z: 'Other', '|': 'No attempt to code' },
      },
      {
        start: 11,
        end: 12,
        label: 'Subject heading system/thesaurus',
        codes: {
          a: 'LCSH',
          b: "LC subject headings for children's literature",
          c: 'MeSH',
          d: 'NAL',
          k: 'Canadian Subject Headings',
          n: 'Not applicable',
          r: 'Art and Architecture Thesaurus',
          s: 'Sears List of Subject Headings',
          v: 'Répertoire de vedettes-matière',
          z: 'Other',
          '|': 'No attempt to code',
        },
      },
      { start: 12, end: 13, label: 'Type of series' },
      { start: 13, end: 14, label: 'Numbered or unnumbered series' },
      { start: 14, end: 15, label: 'Heading use—main or added entry', codes: { a: 'Appropriate', b: 'Not appropriate', '|': 'No attempt to code' } },
      { start: 15, end: 16, label: 'Heading use—subject added entry', codes: { a: 'Appropriate', b: 'Not appropriate', '|': 'No attempt to code' } },
      { start: 16, end: 17, label: 'Heading use—series added entry', codes: { a: 'Appropriate', b: 'Not appropriate', '|': 'No attempt to code' } },
      { start: 17, end: 18, label: 'Type of subject subdivision' },
      { start: 18, end: 28, label: 'Undefined character positions' },
      { start: 28, end: 29, label: 'Type of government agency' },
      {
        start: 29,
        end: 30,
        label: 'Reference evaluation',
        codes: {
          a: 'Tracings are consistent with the heading',
          b: 'Tracings are not necessarily consistent with the heading',
          n: 'Not applicable',
          '|': 'No attempt to code',
        },
      },
      { start: 30, end: 31, label: 'Undefined character position' },
      { start: 31, end: 32, label: 'Record update in process', codes: { a: 'Record can be used', b: 'Record is being updated', '|': 'No attempt to code' } },
      {
        start: 32,
        end: 33,
        label: 'Undifferentiated personal name',
        codes: { a: 'Differentiated personal name', b: 'Undifferentiated personal name', n: 'Not applicable', '|': 'No attempt to code' },
      },
      {
        start: 33,
        end: 34,
        label: 'Level of establishment',
        codes: { a: 'Fully established', b: 'Memorandum', c: 'Provisional', d: 'Preliminary', n: 'Not applicable', '|': 'No attempt to code' },
      },
      { start: 34, end: 38, label: 'Undefined character positions' },
      { start: 38, end: 39, label: 'Modified record', codes: { ' ': 'Not modified', s: 'Shortened', x: 'Missing characters', '|': 'No attempt to code' } },
      {
        start: 39,
        end: 40,
        label: 'Cataloging source',
        codes: { ' ': 'National bibliographic agency', c: 'Cooperative cataloging program', d: 'Other', u: 'Unknown', '|': 'No attempt to code' },
      },
    ],
  },
  fields: {
    '001': ctrl(l('Control Number', 'Número de controle', 'Número de control')),
    '003': ctrl(l('Control Number Identifier', 'Identificador do número de controle', 'Identificador del número de control')),
    '005': ctrl(l('Date and Time of Latest Transaction', 'Data e hora da última atualização', 'Fecha y hora de la última transacción')),
    '008': ctrl(l('Fixed-Length Data Elements', 'Campo fixo de dados', 'Elementos de longitud fija')),
    '010': data(
      l('Library of Congress Control Number', 'Número de controle da Library of Congress', 'Número de control de la Library of Congress'),
      false,
      null,
      null,
      sf('a', 'z8'),
    ),
    '016': data(
      l(
        'National Bibliographic Agency Control Number',
        'Número de controle de agência bibliográfica nacional',
        'Número de control de agencia bibliográfica nacional',
      ),
      true,
      ' 7',
      null,
      sf('a2', 'z8'),
    ),
    '024': data(
      l('Other Standard Identifier', 'Outro identificador padronizado', 'Otro identificador normalizado'),
      true,
      '0123478',
      null,
      sf('acd26', 'qz018'),
    ),
    '035': data(l('System Control Number', 'Número de controle do sistema', 'Número de control del sistema'), true, null, null, sf('a6', 'z8')),
    '040': data(l('Cataloging Source', 'Fonte da catalogação', 'Fuente de la catalogación'), false, null, null, sf('abcf6', 'de8')),
    '042': data(l('Authentication Code', 'Código de autenticação', 'Código de autenticación'), false, null, null, sf('', 'a')),
    '043': data(l('Geographic Area Code', 'Código de área geográfica', 'Código de área geográfica'), false, null, null, sf('6', 'abc0128')),
    '046': data(l('Special Coded Dates', 'Datas especiais codificadas', 'Fechas codificadas especiales'), true, null, null, sf('fgklopqrst26', 'uvx018')),
    '050': data(
      l('Library of Congress Call Number', 'Número de chamada da Library of Congress', 'Signatura topográfica de la Library of Congress'),
      true,
      null,
      '04',
      sf('bd6', 'a58'),
    ),
    '053': data(l('LC Classification Number', 'Número de classificação da LC', 'Número de clasificación de la LC'), true, null, '04', sf('abc6', '5018')),
    '072': data(l('Subject Category Code', 'Código de categoria de assunto', 'Código de categoría temática'), true, null, '07', sf('a26', 'x8')),
    '080': data(
      l('Universal Decimal Classification Number', 'Número da Classificação Decimal Universal', 'Número de la Clasificación Decimal Universal'),
      true,
      null,
      null,
      sf('abz26', 'x5018'),
    ),
    '082': data(l('Dewey Decimal Call Number', 'Número de chamada da CDD', 'Signatura de la CDD'), true, ' 01', '04', sf('abd26', 'c5018')),
    '083': data(
      l('Dewey Decimal Classification Number', 'Número da Classificação Decimal de Dewey', 'Número de la Clasificación Decimal Dewey'),
      true,
      ' 01',
      '04',
      sf('acdz26', 'y5018'),
    ),
    '260': data(
      l('Complex See Reference - Subject', 'Remissiva complexa ver - Assunto', 'Referencia de véase compleja - Materia'),
      true,
      null,
      null,
      sf('6', 'ai08'),
    ),
    '360': data(
      l('Complex See Also Reference - Subject', 'Remissiva complexa ver também - Assunto', 'Referencia de véase además compleja - Materia'),
      true,
      null,
      null,
      sf('6', 'ai08'),
    ),
    '368': data(
      l('Other Attributes of Person or Corporate Body', 'Outros atributos de pessoa ou entidade', 'Otros atributos de persona o entidad'),
      true,
      null,
      null,
      sf('26', 'abcdstuv018'),
    ),
    '370': data(l('Associated Place', 'Local associado', 'Lugar asociado'), true, null, null, sf('ab26', 'cefstuv018')),
    '372': data(l('Field of Activity', 'Área de atividade', 'Campo de actividad'), true, null, null, sf('26', 'astuv018')),
    '373': data(l('Associated Group', 'Grupo associado', 'Grupo asociado'), true, null, null, sf('26', 'astuv018')),
    '374': data(l('Occupation', 'Ocupação', 'Ocupación'), true, null, null, sf('26', 'astuv018')),
    '375': data(l('Gender', 'Gênero', 'Género'), true, null, null, sf('26', 'astuv018')),
    '377': data(l('Associated Language', 'Idioma associado', 'Lengua asociada'), true, null, ' 7', sf('26', 'al018')),
    '378': data(
      l('Fuller Form of Personal Name', 'Forma mais completa do nome pessoal', 'Forma más completa del nombre de persona'),
      false,
      null,
      null,
      sf('q6', 'uv8'),
    ),
    ...headingFields(),
    '667': data(l('Nonpublic General Note', 'Nota geral não pública', 'Nota general no pública'), true, null, null, sf('a6', '58')),
    '670': data(l('Source Data Found', 'Fonte de dados encontrada', 'Fuente de datos encontrada'), true, null, null, sf('ab6', 'uw8')),
    '675': data(l('Source Data Not Found', 'Fonte de dados não encontrada', 'Fuente de datos no encontrada'), false, null, null, sf('6', 'a8')),
    '678': data(l('Biographical or Historical Data', 'Dados biográficos ou históricos', 'Datos biográficos o históricos'), true, ' 01', null, sf('b6', 'au8')),
    '680': data(l('Public General Note', 'Nota geral pública', 'Nota general pública'), true, null, null, sf('6', 'ai58')),
    '681': data(l('Subject Example Tracing Note', 'Nota de exemplo de assunto', 'Nota de ejemplo de materia'), true, null, null, sf('6', 'ai58')),
    '682': data(
      l('Deleted Heading Information', 'Informação de cabeçalho cancelado', 'Información de punto de acceso cancelado'),
      false,
      null,
      null,
      sf('i6', 'a058'),
    ),
    '688': data(l('Application History Note', 'Nota de histórico de aplicação', 'Nota de historia de aplicación'), true, null, null, sf('a6', '8')),
    '856': data(
      l('Electronic Location and Access', 'Localização e acesso eletrônico', 'Localización y acceso electrónicos'),
      true,
      ' 0123478',
      ' 0128',
      sf('3q6', 'uyz8'),
    ),
  },
};

/** The table of a format. */
export function marcTable(format: MarcFormat): MarcFormatTable {
  return format === 'authority' ? MARC21_AUTHORITY : MARC21_BIBLIOGRAPHIC;
}

/** Local fields: 9XX and X9X (09X, 59X, 69X …), any indicators and subfields the library uses. */
export function isLocalTag(tag: string): boolean {
  return /^(9\d\d|\d9\d)$/.test(tag);
}

/** The 008's material type of a bibliographic record, from leader/06–07 (MARC 21's "Type of record" and "Bibliographic level"). */
export function material008(leader: string): string {
  const type = leader.charAt(6);
  const level = leader.charAt(7);
  if ('at'.includes(type)) return 'bis'.includes(level) ? 'Continuing Resources' : 'Books';
  if (type === 'm') return 'Computer Files';
  if ('ef'.includes(type)) return 'Maps';
  if ('cdij'.includes(type)) return 'Music';
  if ('gkor'.includes(type)) return 'Visual Materials';
  if (type === 'p') return 'Mixed Materials';
  return 'Books';
}

/** The 008's named positions of a record: what every material has and its type's own (bibliographic), or the authority's. */
export function positions008(format: MarcFormat, leader: string): MarcPosition[] {
  const table = marcTable(format);
  if (format === 'authority') return table.f008.All!;
  const all = table.f008['All Materials'] ?? [];
  const own = table.f008[material008(leader)] ?? [];
  return [...all, ...own].sort((a, b) => a.start - b.start);
}

/** A record in the editor: the shape of `titles.marc` and `authorities.marc`. */
export interface EditorRecord {
  leader: string;
  fields: ({ tag: string; value: string } | { tag: string; ind1: string; ind2: string; subfields: { code: string; value: string }[] })[];
}

/** What is wrong with a record, each tied to its field (index in `fields`) and subfield (index in the field) when it has one. */
export const MARC_ISSUES = [
  'lider_invalido',
  'tag_invalida',
  'tag_desconhecida',
  'campo_repetido',
  'campo_obrigatorio',
  'indicador1_invalido',
  'indicador2_invalido',
  'subcampo_invalido',
  'subcampo_repetido',
  'campo_vazio',
  'tamanho_invalido',
] as const;
export type MarcIssueCode = (typeof MARC_ISSUES)[number];

export interface MarcIssue {
  codigo: MarcIssueCode;
  /** The field's index in the record; null for the leader and for a missing field. */
  campo: number | null;
  tag: string;
  /** The subfield's index in its field, when the issue is a subfield's. */
  subcampo?: number;
  /** The subfield code or indicator value at fault, when there is one. */
  valor?: string;
}

/** Fixed lengths of control fields. */
const FIXED_LENGTH: Record<MarcFormat, Record<string, number>> = { bibliographic: { '008': 40, '005': 16 }, authority: { '008': 40, '005': 16 } };

/**
 * Checks a record against its format's tag table: the leader's length, each tag known (or local),
 * non-repeatable fields once, valid indicators and subfield codes, non-repeatable subfields once,
 * no empty field, fixed fields at their length; a bibliographic record needs a 245, an authority
 * one a 1XX heading. Returns every issue, in record order; none means the record may be saved.
 */
export function checkRecord(record: EditorRecord, format: MarcFormat): MarcIssue[] {
  const table = marcTable(format);
  const issues: MarcIssue[] = [];
  if (record.leader.length !== 24) issues.push({ codigo: 'lider_invalido', campo: null, tag: 'LDR' });
  const seen = new Map<string, number>();
  record.fields.forEach((field, index) => {
    const tag = field.tag;
    if (!/^\d{3}$/.test(tag)) return void issues.push({ codigo: 'tag_invalida', campo: index, tag });
    const definition = table.fields[tag];
    const local = isLocalTag(tag);
    if (!definition && !local) return void issues.push({ codigo: 'tag_desconhecida', campo: index, tag });
    const count = (seen.get(tag) ?? 0) + 1;
    seen.set(tag, count);
    if (definition && !definition.repeatable && count > 1) issues.push({ codigo: 'campo_repetido', campo: index, tag });
    const control = /^00\d$/.test(tag);
    if (control) {
      if (!('value' in field)) return void issues.push({ codigo: 'tag_invalida', campo: index, tag });
      const length = FIXED_LENGTH[format][tag];
      if (!field.value) issues.push({ codigo: 'campo_vazio', campo: index, tag });
      else if (length && field.value.length !== length) issues.push({ codigo: 'tamanho_invalido', campo: index, tag });
      return;
    }
    if (!('subfields' in field)) return void issues.push({ codigo: 'tag_invalida', campo: index, tag });
    if (definition && !local) {
      if (!(definition.ind1 ?? ' ').includes(field.ind1)) issues.push({ codigo: 'indicador1_invalido', campo: index, tag, valor: field.ind1 });
      if (!(definition.ind2 ?? ' ').includes(field.ind2)) issues.push({ codigo: 'indicador2_invalido', campo: index, tag, valor: field.ind2 });
    }
    if (field.subfields.length === 0 || field.subfields.every((s) => !s.value.trim())) issues.push({ codigo: 'campo_vazio', campo: index, tag });
    const codes = new Set<string>();
    field.subfields.forEach((s, position) => {
      const repeatable = definition?.subfields?.[s.code];
      if (!local && repeatable === undefined) issues.push({ codigo: 'subcampo_invalido', campo: index, tag, subcampo: position, valor: s.code });
      else if (!local && repeatable === false && codes.has(s.code))
        issues.push({ codigo: 'subcampo_repetido', campo: index, tag, subcampo: position, valor: s.code });
      codes.add(s.code);
    });
  });
  if (format === 'bibliographic' && !seen.has('245')) issues.push({ codigo: 'campo_obrigatorio', campo: null, tag: '245' });
  if (format === 'authority' && ![...seen.keys()].some((t) => /^1\d\d$/.test(t))) issues.push({ codigo: 'campo_obrigatorio', campo: null, tag: '1XX' });
  return issues;
}
