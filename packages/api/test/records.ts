import type { ReadItem } from '../src/marc/iso2709.js';
import type { MarcRecord } from '../src/marc/record.js';

type Sub = [code: string, value: string];

/** A data field in cataloguer's shorthand: tag, indicators ("1 " etc.), subfields. */
export const df = (tag: string, indicators: string, ...subfields: Sub[]) => ({
  tag,
  ind1: indicators[0] ?? ' ',
  ind2: indicators[1] ?? ' ',
  subfields: subfields.map(([code, value]) => ({ code, value })),
});

/** A whole MARC 21 bibliographic record: leader type/level, 001, 008 (year, language), fields. */
export function record(id: string, typeLevel: string, year: number, language: string, ...fields: MarcRecord['fields']): MarcRecord {
  return {
    leader: `00000n${typeLevel} a2200000 a 4500`,
    fields: [{ tag: '001', value: id }, { tag: '008', value: `200101s${year}    bl            000 0 ${language} d` }, ...fields],
  };
}

/** Records as importer input. */
export function items(records: MarcRecord[]): ReadItem[] {
  return records.map((r, i) => ({ kind: 'record', position: i + 1, offset: i, record: r, warnings: [] }));
}

/**
 * Eight kinds of work as Brazilian libraries catalogue them, for the reference tests (their
 * ABNT references were checked by hand against NBR 6023:2018).
 */
export const CITATION_RECORDS = {
  book: record(
    'ref-book',
    'am',
    1987,
    'por',
    df('020', '  ', ['a', '9788577531646']),
    df('100', '1 ', ['a', 'Freire, Paulo,'], ['d', '1921-1997.']),
    df('245', '10', ['a', 'Pedagogia do oprimido /'], ['c', 'Paulo Freire.']),
    df('250', '  ', ['a', '17. ed.']),
    df('260', '  ', ['a', 'Rio de Janeiro :'], ['b', 'Paz e Terra,'], ['c', '1987.']),
    df('300', '  ', ['a', '184 p. ;'], ['c', '21 cm.']),
    df('650', ' 4', ['a', 'Educação.']),
  ),
  twoAuthors: record(
    'ref-two',
    'am',
    2007,
    'por',
    df('100', '1 ', ['a', 'Marconi, Marina de Andrade.']),
    df(
      '245',
      '10',
      ['a', 'Metodologia do trabalho científico :'],
      ['b', 'procedimentos básicos, pesquisa bibliográfica, projeto e relatório /'],
      ['c', 'Marina de Andrade Marconi, Eva Maria Lakatos.'],
    ),
    df('250', '  ', ['a', '7. ed.']),
    df('264', ' 1', ['a', 'São Paulo :'], ['b', 'Atlas,'], ['c', '2007.']),
    df('700', '1 ', ['a', 'Lakatos, Eva Maria.']),
  ),
  corporate: record(
    'ref-corp',
    'am',
    2018,
    'por',
    df('110', '2 ', ['a', 'Associação Brasileira de Normas Técnicas.']),
    df('245', '10', ['a', 'NBR 6023 :'], ['b', 'informação e documentação : referências : elaboração.']),
    df('260', '  ', ['a', 'Rio de Janeiro :'], ['b', 'ABNT,'], ['c', '2018.']),
  ),
  edited: record(
    'ref-org',
    'am',
    2002,
    'por',
    df('245', '00', ['a', 'Pesquisa social :'], ['b', 'teoria, método e criatividade /'], ['c', 'Maria Cecília de Souza Minayo (org.).']),
    df('250', '  ', ['a', '21. ed.']),
    df('260', '  ', ['a', 'Petrópolis :'], ['b', 'Vozes,'], ['c', '2002.']),
    df('700', '1 ', ['a', 'Minayo, Maria Cecília de Souza,'], ['e', 'org.']),
  ),
  chapter: record(
    'ref-chapter',
    'aa',
    2002,
    'por',
    df('100', '1 ', ['a', 'Gomes, Romeu.']),
    df('245', '10', ['a', 'A análise de dados em pesquisa qualitativa /'], ['c', 'Romeu Gomes.']),
    df(
      '773',
      '0 ',
      ['a', 'Minayo, Maria Cecília de Souza'],
      ['t', 'Pesquisa social : teoria, método e criatividade.'],
      ['d', 'Petrópolis : Vozes, 2002'],
      ['g', 'p. 67-80'],
    ),
  ),
  thesis: record(
    'ref-thesis',
    'am',
    2019,
    'por',
    df('100', '1 ', ['a', 'Silva, Ana Maria da.']),
    df('245', '10', ['a', 'Formação de professores e tecnologias digitais /'], ['c', 'Ana Maria da Silva.']),
    df('260', '  ', ['a', 'Florianópolis,'], ['c', '2019.']),
    df('300', '  ', ['a', '150 f. :'], ['b', 'il.']),
    df('502', '  ', ['b', 'Doutorado em Educação'], ['c', 'Universidade Federal de Santa Catarina'], ['d', '2019']),
  ),
  article: record(
    'ref-article',
    'ab',
    2020,
    'por',
    df('100', '1 ', ['a', 'Souza, João Carlos de.']),
    df('245', '10', ['a', 'Leitura e escrita na universidade /'], ['c', 'João Carlos de Souza.']),
    df('773', '0 ', ['t', 'Revista Brasileira de Educação'], ['d', 'Rio de Janeiro : ANPEd'], ['g', 'v. 25, n. 2, p. 1-20, 2020'], ['x', '1413-2478']),
  ),
  online: record(
    'ref-online',
    'am',
    2007,
    'por',
    df('100', '1 ', ['a', 'Moran, José Manuel.']),
    df('245', '12', ['a', 'A educação que desejamos :'], ['b', 'novos desafios e como chegar lá /'], ['c', 'José Manuel Moran.']),
    df('260', '  ', ['a', 'Campinas :'], ['b', 'Papirus,'], ['c', '2007.']),
    df('856', '40', ['u', 'https://books.example.org/educacao-que-desejamos']),
  ),
} satisfies Record<string, MarcRecord>;
