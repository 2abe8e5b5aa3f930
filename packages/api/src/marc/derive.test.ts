import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clean, deriveAuthority, deriveTitle, WORK_TYPE } from './derive.js';
import { readMarcXml } from './marcxml.js';
import type { MarcRecord } from './record.js';

const records = (file: string) =>
  [...readMarcXml(readFileSync(fileURLToPath(new URL(`../seed/data/${file}`, import.meta.url)), 'utf8'))].flatMap((i) =>
    i.kind === 'record' ? [i.record] : [],
  );

const record = (leader: string, fields: MarcRecord['fields']): MarcRecord => ({ leader, fields });
const df = (tag: string, subfields: [string, string][], ind1 = ' ', ind2 = ' ') => ({
  tag,
  ind1,
  ind2,
  subfields: subfields.map(([code, value]) => ({ code, value })),
});

describe('deriveTitle', () => {
  it('derives the display, facet and search columns of a real LC record', () => {
    const peerGynt = records('lc-collection-opera-43.xml').find((r) => r.fields.some((f) => 'value' in f && f.value === '209897'));
    expect(peerGynt).toBeDefined();
    expect(deriveTitle(peerGynt!)).toMatchObject({
      codTipoObra: WORK_TYPE.livro,
      title: 'Peer Gynt og Carl Gustav Jung : med sjelen som følgesvenn',
      author: 'Pollan, Brita, 1939-',
      place: 'Oslo',
      publisher: 'Aschehoug',
      anoPublicacao: 1998,
      idioma: 'nor',
      isbn: ['8203180566'],
      callNumber: 'PT8876 .P65 1998',
      subjects: ['Ibsen, Henrik, 1828-1906. Peer Gynt', 'Gynt, Peer (Fictitious character)', 'Jung, C. G. (Carl Gustav), 1875-1961'],
    });
  });

  it('leaves a custodial collection (a 7XX with $5: the copy’s institution) out of the added authors', () => {
    const fields = [
      df('245', [['a', 'Mapa da capitania']]),
      df(
        '700',
        [
          ['a', 'Pereira, Joana,'],
          ['e', 'cartógrafa.'],
        ],
        '1',
      ),
      df(
        '710',
        [
          ['a', 'Berger Collection (Library of Congress)'],
          ['5', 'DLC'],
        ],
        '2',
      ),
    ];
    expect(deriveTitle(record('00000nem a2200000 a 4500', fields)).addedAuthors).toEqual(['Pereira, Joana']);
  });

  it('tells work types apart from the leader and the thesis note', () => {
    const leader = (type: string, level: string) => `00000n${type}${level} a2200000 a 4500`;
    const t245 = df('245', [['a', 'Um título']]);
    expect(deriveTitle(record(leader('a', 's'), [t245])).codTipoObra).toBe(WORK_TYPE.periodico);
    expect(deriveTitle(record(leader('j', 'm'), [t245])).codTipoObra).toBe(WORK_TYPE.somMusical);
    expect(deriveTitle(record(leader('g', 'm'), [t245])).codTipoObra).toBe(WORK_TYPE.video);
    expect(deriveTitle(record(leader('e', 'm'), [t245])).codTipoObra).toBe(WORK_TYPE.mapa);
    expect(deriveTitle(record(leader('a', 'm'), [t245, df('502', [['a', 'Tese (Doutorado)']])])).codTipoObra).toBe(WORK_TYPE.tese);
  });

  it('tells archival documents, normative acts, court decisions and standards apart (leader/08, 008/24-27)', () => {
    const t245 = df('245', [['a', 'Um documento']]);
    const f008 = (nature: string) => ({ tag: '008', value: `250101s2020    bl ${' '.repeat(6)}${nature.padEnd(4)}${' '.repeat(7)}por d` });
    const type = (leader: string, nature = '') => deriveTitle(record(leader, [f008(nature), t245])).codTipoObra;
    expect(type('00000ntmaa2200000 i 4500')).toBe(WORK_TYPE.arquivo);
    expect(type('00000nam a2200000 i 4500', 'l')).toBe(WORK_TYPE.atoNormativo);
    expect(type('00000nam a2200000 i 4500', 'bv')).toBe(WORK_TYPE.jurisprudencia);
    expect(type('00000nam a2200000 i 4500', 'w')).toBe(WORK_TYPE.jurisprudencia);
    expect(type('00000nam a2200000 i 4500', 'u')).toBe(WORK_TYPE.normaTecnica);
    expect(type('00000nam a2200000 i 4500', 'b')).toBe(WORK_TYPE.livro);
    // A serial of legislation is still a serial.
    expect(type('00000nas a2200000 i 4500', 'l')).toBe(WORK_TYPE.periodico);
  });

  it('derives the additional-data letters from their fields (decision 0014)', () => {
    const entries = (leader: string, fields: MarcRecord['fields']) => deriveTitle(record(leader, fields)).dadosAdicionais.map((e) => e.split('\u001f'));
    expect(
      entries('00000nam a2200000 i 4500', [
        df(
          '110',
          [
            ['a', 'Brasil.'],
            ['b', 'Ministério da Educação.'],
          ],
          '1',
        ),
        df('245', [['a', 'Relatório']]),
        df(
          '264',
          [
            ['a', '[Brasília] :'],
            ['b', 'MEC,'],
            ['c', '2020.'],
          ],
          ' ',
          '1',
        ),
        df('338', [
          ['a', 'volume'],
          ['2', 'rdacarrier'],
        ]),
        df(
          '490',
          [
            ['a', 'Série documentos ;'],
            ['v', '3'],
          ],
          '0',
        ),
        df('502', [
          ['a', 'Tese (Doutorado) - UFSC, 2020.'],
          ['b', 'Tese (Doutorado)'],
          ['c', 'Universidade Federal de Santa Catarina'],
          ['d', '2020'],
        ]),
        df('651', [['a', 'Santa Catarina (Estado)']], ' ', '4'),
        df('655', [['a', 'Relatório']], ' ', '4'),
        df(
          '710',
          [
            ['a', 'Universidade Federal de Santa Catarina.'],
            ['b', 'Biblioteca Universitária.'],
          ],
          '2',
        ),
        df(
          '856',
          [
            ['u', 'https://www.repositorio.ufsc.br/handle/1'],
            ['y', 'Texto completo'],
          ],
          '4',
          '0',
        ),
        df(
          '856',
          [
            ['u', 'https://example.org/capa.jpg'],
            ['3', 'Capa'],
          ],
          '4',
          '2',
        ),
      ]),
    ).toEqual([
      ['C', 'Série documentos'],
      ['U', 'Universidade Federal de Santa Catarina'],
      ['N', 'Tese (Doutorado)'],
      ['O', 'Brasil. Ministério da Educação'],
      ['O', 'Universidade Federal de Santa Catarina. Biblioteca Universitária'],
      ['D', 'Santa Catarina (Estado)'],
      ['G', 'Relatório'],
      ['L', 'Brasília'],
      ['M', 'volume'],
      ['R', 'repositorio.ufsc.br'],
    ]);
    // 773 $t is the journal of an article, the fonds of an archival document, neither of a chapter.
    const host = df('773', [['t', 'Revista de Educação']], '0');
    expect(entries('00000nab a2200000 i 4500', [df('245', [['a', 'Artigo']]), host])).toEqual([['P', 'Revista de Educação']]);
    expect(entries('00000ntmaa2200000 i 4500', [df('245', [['a', 'Ata']]), host])).toEqual([['F', 'Revista de Educação']]);
    expect(entries('00000naa a2200000 i 4500', [df('245', [['a', 'Capítulo']]), host])).toEqual([]);
  });

  it('derives the CNPq knowledge area from the Dewey class (082, or a local 090)', () => {
    const area = (tag: string, value: string) =>
      deriveTitle(record('00000nam a2200000 a 4500', [df('245', [['a', 'T']]), df(tag, [['a', value]])])).codAreaConhecimento;
    expect(area('082', '370.981')).toBe(7);
    expect(area('082', '616.07')).toBe(4);
    expect(area('090', '342')).toBe(6);
    expect(area('090', '621.3 S586m')).toBe(3);
    expect(area('082', '869.3')).toBe(8);
    expect(area('082', '574')).toBe(2);
    expect(area('082', '641.5')).toBe(null);
    expect(area('090', 'PT8876 .P65')).toBe(null);
    expect(area('082', '3701')).toBe(null);
  });

  it('marks online access and accessibility, and finds a cover link', () => {
    const derived = deriveTitle(
      record('00000nam a2200000 a 4500', [
        df('245', [['a', 'Livro digital']]),
        df('341', [['a', 'textual']], '0'),
        df('856', [['u', 'https://example.org/livro']], '4', '0'),
        df(
          '856',
          [
            ['u', 'https://example.org/capa.jpg'],
            ['3', 'Capa'],
          ],
          '4',
          '2',
        ),
      ]),
    );
    expect(derived).toMatchObject({ acessoRemoto: true, possuiAcessibilidade: true, linkCapa: 'https://example.org/capa.jpg' });
  });

  it('ignores fixed-field dates that are not years and falls back to 260 $c', () => {
    const derived = deriveTitle(
      record('00000nam a2200000 a 4500', [
        { tag: '008', value: '940407s19uu    bl            000 0 por d' },
        df('245', [['a', 'Sem data certa']]),
        df('260', [
          ['a', 'Rio de Janeiro :'],
          ['b', 'Garnier,'],
          ['c', 'c1897.'],
        ]),
      ]),
    );
    expect(derived.anoPublicacao).toBe(1897);
    expect(derived.idioma).toBe('por');
  });

  it('refuses a record without a title', () => {
    expect(() => deriveTitle(record('00000nam a2200000 a 4500', [df('100', [['a', 'Autor']])]))).toThrow(/no title/);
  });
});

describe('deriveAuthority', () => {
  it('types LC name and subject authorities by their heading tag', () => {
    const names = records('lc-collection-namemrc.xml').map(deriveAuthority);
    const subjects = records('lc-collection-subjmrc.xml').map(deriveAuthority);
    expect(new Set(names.map((a) => a.tipo))).toEqual(
      new Set(['autor_pessoa', 'autor_entidade', 'autor_evento', 'titulo_uniforme'].filter((t) => names.some((a) => a.tipo === t))),
    );
    expect(names.every((a) => a.heading.length > 0)).toBe(true);
    expect(subjects.some((a) => a.tipo === 'assunto')).toBe(true);
  });
});

describe('clean', () => {
  it('strips ISBD punctuation at the end but keeps initials and ellipses', () => {
    expect(clean('Título :')).toBe('Título');
    expect(clean('Autor, Fulano,')).toBe('Autor, Fulano');
    expect(clean('Jung, C. G.')).toBe('Jung, C. G.');
    expect(clean('Fim.')).toBe('Fim');
  });
});
