import type { ReadItem } from '../marc/iso2709.js';
import type { DataField, MarcField, MarcRecord } from '../marc/record.js';

/**
 * The demo's records of the special bases (decision 0014): documents of the university's
 * archive (archival control, leader/08 a, the fonds in 773 $t), normative acts (008/24 l),
 * court decisions (008/24 v) and technical standards (008/24 u). The acts and standards are
 * real ones, described as a library would; the archive and the decisions are the demo
 * university's own and fictional (the people named in them too).
 */
type Sub = [code: string, value: string];

function field(tag: string, ind1: string, ind2: string, subfields: Sub[]): DataField {
  return { tag, ind1, ind2, subfields: subfields.map(([code, value]) => ({ code, value })) };
}

/** 008 of a book-like record: date, Brazil, nature of contents at 24, Portuguese. */
function fixed(year: number, nature: string): string {
  return `250101s${year}    bl ${' '.repeat(6)}${nature.padEnd(4)}${' '.repeat(7)}por d`;
}

interface Special {
  id: string;
  leader: string;
  year: number;
  nature?: string;
  fields: DataField[];
}

const BOOK = '00000nam a2200000 i 4500';
const ARCHIVE = '00000ntmaa2200000 i 4500';

const FONDS = {
  reitoria: 'Fundo Reitoria',
  conselho: 'Fundo Conselho Universitário',
  biblioteca: 'Fundo Biblioteca Central',
};

function archival(id: string, year: number, title: string, fonds: string, type: string, body: string, summary: string, extent: string): Special {
  return {
    id,
    leader: ARCHIVE,
    year,
    fields: [
      field('110', '2', ' ', [
        ['a', 'Universidade Estante.'],
        ['b', body],
      ]),
      field('245', '1', '0', [['a', title]]),
      field('264', ' ', '0', [
        ['a', 'Florianópolis,'],
        ['c', `${year}.`],
      ]),
      field('300', ' ', ' ', [['a', extent]]),
      field('338', ' ', ' ', [['a', type === 'Fotografia' ? 'folha' : 'volume']]),
      field('351', ' ', ' ', [['c', 'Item documental']]),
      field('520', ' ', ' ', [['a', summary]]),
      field('651', ' ', '4', [['a', 'Florianópolis (SC)']]),
      field('655', ' ', '4', [['a', type]]),
      field('773', '0', ' ', [['t', fonds]]),
    ],
  };
}

function act(id: string, year: number, title: string, subtitle: string, type: string, body: [string, string], subject: string, link?: string): Special {
  const fields = [
    field('110', '1', ' ', [
      ['a', body[0]],
      ['b', body[1]],
    ]),
    field('245', '1', '0', [
      ['a', `${title} :`],
      ['b', subtitle],
    ]),
    field('264', ' ', '1', [
      ['a', 'Brasília, DF :'],
      ['b', 'Diário Oficial da União,'],
      ['c', `${year}.`],
    ]),
    field('338', ' ', ' ', [['a', link ? 'recurso online' : 'volume']]),
    field('520', ' ', ' ', [['a', `${title[0]!.toUpperCase()}${title.slice(1)}: ${subtitle}`]]),
    field('650', ' ', '4', [['a', subject]]),
    field('651', ' ', '4', [['a', 'Brasil']]),
    field('655', ' ', '4', [['a', type]]),
  ];
  if (link)
    fields.push(
      field('856', '4', '0', [
        ['u', link],
        ['y', 'Texto integral'],
      ]),
    );
  return { id, leader: BOOK, year, nature: 'l', fields };
}

function decision(
  id: string,
  year: number,
  title: string,
  court: [string, string],
  type: string,
  rapporteur: string,
  summary: string,
  subject: string,
): Special {
  return {
    id,
    leader: BOOK,
    year,
    nature: 'v',
    fields: [
      field('110', '1', ' ', [
        ['a', court[0]],
        ['b', court[1]],
      ]),
      field('245', '1', '0', [['a', title]]),
      field('264', ' ', '1', [
        ['a', court[0] === 'Brasil.' ? 'Brasília, DF,' : 'Florianópolis,'],
        ['c', `${year}.`],
      ]),
      field('338', ' ', ' ', [['a', 'recurso online']]),
      field('520', ' ', ' ', [['a', summary]]),
      field('650', ' ', '4', [['a', subject]]),
      field('655', ' ', '4', [['a', type]]),
      field('700', '1', ' ', [
        ['a', rapporteur],
        ['e', 'relator'],
      ]),
      field('856', '4', '0', [
        ['u', `https://jurisprudencia.demo.estante.local/${id}`],
        ['y', 'Inteiro teor'],
      ]),
    ],
  };
}

function standard(id: string, year: number, code: string, title: string, subject: string): Special {
  return {
    id,
    leader: BOOK,
    year,
    nature: 'u',
    fields: [
      field('110', '2', ' ', [['a', code.startsWith('ISO') ? 'International Organization for Standardization' : 'Associação Brasileira de Normas Técnicas']]),
      field('245', '1', '0', [
        ['a', `${code} :`],
        ['b', title],
      ]),
      field('264', ' ', '1', [
        ['a', code.startsWith('ISO') ? 'Genebra :' : 'Rio de Janeiro :'],
        ['b', code.startsWith('ISO') ? 'ISO,' : 'ABNT,'],
        ['c', `${year}.`],
      ]),
      field('338', ' ', ' ', [['a', 'recurso online']]),
      field('650', ' ', '4', [['a', subject]]),
      field('655', ' ', '4', [['a', 'Norma técnica']]),
    ],
  };
}

const PRESIDENCIA: [string, string] = ['Brasil.', 'Presidência da República'];
const MEC: [string, string] = ['Brasil.', 'Ministério da Educação'];
const CONSELHO: [string, string] = ['Universidade Estante.', 'Conselho Universitário'];
const STF: [string, string] = ['Brasil.', 'Supremo Tribunal Federal'];
const STJ: [string, string] = ['Brasil.', 'Superior Tribunal de Justiça'];
const TJSC: [string, string] = ['Santa Catarina.', 'Tribunal de Justiça'];

const SPECIAL: Special[] = [
  archival(
    'arq-001',
    1962,
    'Ata da sessão de instalação do Conselho Universitário',
    FONDS.conselho,
    'Ata',
    'Conselho Universitário',
    'Registra a instalação do Conselho Universitário e a eleição de seus primeiros membros.',
    '4 folhas',
  ),
  archival(
    'arq-002',
    1963,
    'Ata da reunião do Conselho Universitário sobre a criação da Biblioteca Central',
    FONDS.conselho,
    'Ata',
    'Conselho Universitário',
    'Aprova a criação da Biblioteca Central e a reunião dos acervos das faculdades.',
    '6 folhas',
  ),
  archival(
    'arq-003',
    1965,
    'Ofício da Reitoria ao Ministério da Educação solicitando recursos para o campus',
    FONDS.reitoria,
    'Ofício',
    'Reitoria',
    'Solicita recursos para as obras do campus universitário.',
    '2 folhas',
  ),
  archival(
    'arq-004',
    1966,
    'Fotografia da inauguração do campus universitário',
    FONDS.reitoria,
    'Fotografia',
    'Reitoria',
    'Vista aérea da cerimônia de inauguração do campus, com autoridades e estudantes.',
    '1 fotografia',
  ),
  archival(
    'arq-005',
    1971,
    'Relatório anual de atividades da Biblioteca Central, 1970',
    FONDS.biblioteca,
    'Relatório',
    'Biblioteca Central',
    'Apresenta o movimento de empréstimos, as aquisições e o pessoal da Biblioteca Central em 1970.',
    '38 folhas',
  ),
  archival(
    'arq-006',
    1978,
    'Planta baixa do edifício da Biblioteca Central',
    FONDS.biblioteca,
    'Planta',
    'Biblioteca Central',
    'Planta do pavimento térreo do novo edifício, com salas de leitura e acervo fechado.',
    '1 planta',
  ),
  archival(
    'arq-007',
    1985,
    'Relatório da comissão de informatização do acervo',
    FONDS.biblioteca,
    'Relatório',
    'Biblioteca Central',
    'Propõe a catalogação automatizada e o empréstimo por computador.',
    '24 folhas',
  ),
  archival(
    'arq-008',
    1990,
    'Ofício circular da Reitoria sobre o calendário acadêmico',
    FONDS.reitoria,
    'Ofício',
    'Reitoria',
    'Comunica às unidades o calendário acadêmico de 1990.',
    '1 folha',
  ),
  act(
    'ato-001',
    1996,
    'Lei nº 9.394, de 20 de dezembro de 1996',
    'estabelece as diretrizes e bases da educação nacional',
    'Lei',
    PRESIDENCIA,
    'Educação - Legislação',
    'https://www.planalto.gov.br/ccivil_03/leis/l9394.htm',
  ),
  act(
    'ato-002',
    1998,
    'Lei nº 9.610, de 19 de fevereiro de 1998',
    'altera, atualiza e consolida a legislação sobre direitos autorais',
    'Lei',
    PRESIDENCIA,
    'Direito autoral - Legislação',
    'https://www.planalto.gov.br/ccivil_03/leis/l9610.htm',
  ),
  act(
    'ato-003',
    2002,
    'Lei nº 10.436, de 24 de abril de 2002',
    'dispõe sobre a Língua Brasileira de Sinais - Libras',
    'Lei',
    PRESIDENCIA,
    'Língua brasileira de sinais - Legislação',
    'https://www.planalto.gov.br/ccivil_03/leis/2002/l10436.htm',
  ),
  act('ato-004', 2003, 'Lei nº 10.753, de 30 de outubro de 2003', 'institui a Política Nacional do Livro', 'Lei', PRESIDENCIA, 'Livros - Legislação'),
  act(
    'ato-005',
    2004,
    'Decreto nº 5.296, de 2 de dezembro de 2004',
    'regulamenta as Leis nº 10.048 e nº 10.098, de 2000, sobre acessibilidade',
    'Decreto',
    PRESIDENCIA,
    'Acessibilidade - Legislação',
  ),
  act(
    'ato-006',
    2005,
    'Decreto nº 5.626, de 22 de dezembro de 2005',
    'regulamenta a Lei nº 10.436, de 2002, que dispõe sobre a Língua Brasileira de Sinais - Libras',
    'Decreto',
    PRESIDENCIA,
    'Língua brasileira de sinais - Legislação',
  ),
  act(
    'ato-007',
    2011,
    'Lei nº 12.527, de 18 de novembro de 2011',
    'regula o acesso a informações',
    'Lei',
    PRESIDENCIA,
    'Acesso à informação - Legislação',
    'https://www.planalto.gov.br/ccivil_03/_ato2011-2014/2011/lei/l12527.htm',
  ),
  act(
    'ato-008',
    2018,
    'Lei nº 13.709, de 14 de agosto de 2018',
    'Lei Geral de Proteção de Dados Pessoais (LGPD)',
    'Lei',
    PRESIDENCIA,
    'Proteção de dados - Legislação',
    'https://www.planalto.gov.br/ccivil_03/_ato2015-2018/2018/lei/l13709.htm',
  ),
  act(
    'ato-009',
    2019,
    'Portaria nº 2.117, de 6 de dezembro de 2019',
    'dispõe sobre a oferta de carga horária na modalidade de ensino a distância em cursos de graduação presenciais',
    'Portaria',
    MEC,
    'Ensino a distância - Legislação',
  ),
  act(
    'ato-010',
    2020,
    'Resolução nº 12, de 10 de março de 2020',
    'aprova o regulamento do Sistema de Bibliotecas da Universidade Estante',
    'Resolução',
    CONSELHO,
    'Bibliotecas universitárias - Regulamentos',
  ),
  act(
    'ato-011',
    2022,
    'Resolução nº 31, de 8 de novembro de 2022',
    'estabelece a política de acesso aberto do repositório institucional',
    'Resolução',
    CONSELHO,
    'Acesso aberto - Regulamentos',
  ),
  decision(
    'jur-001',
    2019,
    'Recurso Especial nº 1.000.101/SC',
    STJ,
    'Acórdão',
    'Almeida, Helena',
    'Direito do consumidor. Empréstimo consignado. Devolução em dobro de valores descontados indevidamente.',
    'Direito do consumidor',
  ),
  decision(
    'jur-002',
    2020,
    'Recurso Extraordinário nº 1.000.202/SC',
    STF,
    'Acórdão',
    'Barros, Ricardo',
    'Direito à educação. Vaga em creche. Dever do município de garantir o atendimento.',
    'Direito à educação',
  ),
  decision(
    'jur-003',
    2021,
    'Súmula nº 101',
    STJ,
    'Súmula',
    'Costa, Marina',
    'Enunciado demonstrativo sobre a prescrição da pretensão de indenização contra a universidade pública.',
    'Prescrição (Direito)',
  ),
  decision(
    'jur-004',
    2021,
    'Apelação Cível nº 5000303-10.2021.8.24.0023',
    TJSC,
    'Acórdão',
    'Duarte, Paulo',
    'Direito à educação. Matrícula de estudante com deficiência. Acessibilidade e adaptação razoável.',
    'Direito à educação',
  ),
  decision(
    'jur-005',
    2022,
    'Mandado de Segurança nº 5000404-20.2022.8.24.0000',
    TJSC,
    'Decisão monocrática',
    'Esteves, Lúcia',
    'Concurso público. Prova em Libras. Deferimento da liminar.',
    'Concursos públicos',
  ),
  decision(
    'jur-006',
    2023,
    'Agravo em Recurso Especial nº 1.000.505/SC',
    STJ,
    'Decisão monocrática',
    'Almeida, Helena',
    'Direito autoral. Reprodução de obra em apostila. Ausência de autorização.',
    'Direito autoral',
  ),
  decision(
    'jur-007',
    2024,
    'Ação Direta de Inconstitucionalidade nº 1.606',
    STF,
    'Acórdão',
    'Barros, Ricardo',
    'Proteção de dados pessoais. Compartilhamento de dados entre órgãos públicos. Limites.',
    'Proteção de dados',
  ),
  standard('nor-001', 2018, 'ABNT NBR 6023:2018', 'informação e documentação : referências : elaboração', 'Referências bibliográficas - Normas'),
  standard('nor-002', 2023, 'ABNT NBR 10520:2023', 'informação e documentação : citações em documentos : apresentação', 'Citações - Normas'),
  standard('nor-003', 2011, 'ABNT NBR 14724:2011', 'informação e documentação : trabalhos acadêmicos : apresentação', 'Trabalhos acadêmicos - Normas'),
  standard('nor-004', 2021, 'ABNT NBR 6028:2021', 'informação e documentação : resumo, resenha e recensão : apresentação', 'Resumos - Normas'),
  standard('nor-005', 2020, 'ABNT NBR 9050:2020', 'acessibilidade a edificações, mobiliário, espaços e equipamentos urbanos', 'Acessibilidade - Normas'),
  standard(
    'nor-006',
    2021,
    'ISO 690:2021',
    'information and documentation : guidelines for bibliographic references and citations to information resources',
    'Referências bibliográficas - Normas',
  ),
];

/** The special bases' demo records, as MARC 21 records ready for the import pipeline. */
export function specialRecords(): MarcRecord[] {
  return SPECIAL.map((s) => {
    const fields: MarcField[] = [
      { tag: '001', value: `estante-${s.id}` },
      { tag: '003', value: 'BR-EstDEMO' },
      { tag: '008', value: fixed(s.year, s.nature ?? '') },
      ...s.fields,
    ];
    return { leader: s.leader, fields };
  });
}

export function* specialRecordItems(): Generator<ReadItem> {
  let n = 0;
  for (const record of specialRecords()) yield { kind: 'record', position: ++n, offset: n, record, warnings: [] };
}
