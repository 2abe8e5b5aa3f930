import { fileURLToPath } from 'node:url';
import jsonld from 'jsonld';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type CitationSource, coinsContextObject, jsonForScript, languageTag, pageCount, personName, schemaOrgJsonLd } from './citation-metadata.js';

const URL_OF = (id: number) => `https://biblioteca.example.org/acervo/${id}`;

/** A book's record as `GET /acervo/{id}` gives it (the fields citation metadata reads). */
const book: CitationSource = {
  cod_acervo: 7,
  titulo: 'Pedagogia do oprimido',
  autor: 'Freire, Paulo, 1921-1997',
  ano_publicacao: 1987,
  cod_tipo_obra: 1,
  idioma: 'por',
  assuntos: ['Educação', 'Pedagogia crítica'],
  edicao: '17. ed.',
  local: 'Rio de Janeiro',
  editora: 'Paz e Terra',
  serie: 'O mundo, hoje',
  descricao_fisica: '184 p. ; 21 cm',
  isbn: ['9788577531646', '8521900058'],
  issn: [],
  link_capa: 'https://capas.example.org/7.jpg',
  dados_adicionais: { A: [{ descricao: 'Freire, Paulo, 1921-1997' }] },
  citacao: {
    contribuicoes: [
      { nome: 'Freire, Paulo, 1921-1997', papel: 'aut', entidade: false },
      { nome: 'Weffort, Francisco C.', papel: 'ctb', entidade: false },
    ],
    obra_mae: null,
  },
};

/** A COinS title read back as a reader does: key → every value. */
const kev = (value: string) => {
  const params = new URLSearchParams(value);
  return Object.fromEntries([...new Set(params.keys())].map((k) => [k, params.getAll(k)]));
};

describe('COinS: the OpenURL 1.0 ContextObject (Z39.88-2004 KEV) of a title', () => {
  it('describes a book in the book format, with everything the record says', () => {
    expect(kev(coinsContextObject(book, URL_OF(7)))).toEqual({
      ctx_ver: ['Z39.88-2004'],
      rft_val_fmt: ['info:ofi/fmt:kev:mtx:book'],
      rft_id: ['https://biblioteca.example.org/acervo/7'],
      'rft.genre': ['book'],
      'rft.btitle': ['Pedagogia do oprimido'],
      // The preface's author had a part, not the authorship: no rft.au.
      'rft.au': ['Freire, Paulo'],
      'rft.date': ['1987'],
      'rft.pub': ['Paz e Terra'],
      'rft.place': ['Rio de Janeiro'],
      'rft.edition': ['17. ed.'],
      'rft.series': ['O mundo, hoje'],
      'rft.tpages': ['184'],
      'rft.isbn': ['9788577531646'],
      'rft.language': ['pt'],
    });
  });

  it('describes a results line (title, author, year, type) with what it has, nothing empty', () => {
    const line = { cod_acervo: 9, titulo: 'Dom Casmurro', autor: 'Machado de Assis, 1839-1908', ano_publicacao: null, cod_tipo_obra: 1, idioma: null };
    expect(coinsContextObject(line, URL_OF(9))).toBe(
      'ctx_ver=Z39.88-2004&rft_val_fmt=info%3Aofi%2Ffmt%3Akev%3Amtx%3Abook&rft_id=https%3A%2F%2Fbiblioteca.example.org%2Facervo%2F9' +
        '&rft.genre=book&rft.btitle=Dom%20Casmurro&rft.au=Machado%20de%20Assis',
    );
  });

  it('encodes every value: "&", "=", "+" and "#" in a title survive, spaces are never "+"', () => {
    const odd = { ...book, titulo: 'C++ & Java = 100% #1', autor: null, citacao: null };
    const value = coinsContextObject(odd, URL_OF(7));
    expect(value).not.toContain('+');
    expect(value).not.toContain(' ');
    // Zotero splits on "&" and "=" before decoding: each pair must be one key and one value.
    expect(value.split('&').every((pair) => pair.split('=').length === 2)).toBe(true);
    expect(new URLSearchParams(value).get('rft.btitle')).toBe('C++ & Java = 100% #1');
  });

  it('uses the journal format for a serial (genre journal, ISSN) and an article (genre article, its journal)', () => {
    const serial = { ...book, cod_tipo_obra: 2, titulo: 'Revista Brasileira de Educação', autor: null, citacao: null, isbn: [], issn: ['1413-2478'] };
    expect(kev(coinsContextObject(serial, URL_OF(2)))).toMatchObject({
      rft_val_fmt: ['info:ofi/fmt:kev:mtx:journal'],
      'rft.genre': ['journal'],
      'rft.jtitle': ['Revista Brasileira de Educação'],
      'rft.issn': ['1413-2478'],
    });
    const article = { ...book, cod_tipo_obra: 3, titulo: 'A escola e a cidade', dados_adicionais: { P: [{ descricao: 'Educação & Sociedade' }] } };
    const parsed = kev(coinsContextObject(article, URL_OF(3)));
    expect(parsed).toMatchObject({
      rft_val_fmt: ['info:ofi/fmt:kev:mtx:journal'],
      'rft.genre': ['article'],
      'rft.atitle': ['A escola e a cidade'],
      'rft.jtitle': ['Educação & Sociedade'],
    });
    expect(parsed['rft.btitle']).toBeUndefined();
    expect(parsed['rft.pub']).toBeUndefined();
  });

  it('uses the dissertation format for a thesis: its institution and degree', () => {
    const thesis = {
      ...book,
      cod_tipo_obra: 4,
      titulo: 'Leitura na escola',
      dados_adicionais: { U: [{ descricao: 'Universidade Federal' }], N: [{ descricao: 'Doutorado' }] },
    };
    const parsed = kev(coinsContextObject(thesis, URL_OF(4)));
    expect(parsed).toMatchObject({
      rft_val_fmt: ['info:ofi/fmt:kev:mtx:dissertation'],
      'rft.title': ['Leitura na escola'],
      'rft.inst': ['Universidade Federal'],
      'rft.degree': ['Doutorado'],
    });
    expect(parsed['rft.genre']).toBeUndefined();
  });

  it('cites a chapter as a book item, and a score, map or recording as a document under its title', () => {
    expect(kev(coinsContextObject({ ...book, cod_tipo_obra: 15 }, URL_OF(15)))).toMatchObject({
      'rft.genre': ['bookitem'],
      'rft.atitle': ['Pedagogia do oprimido'],
    });
    for (const type of [5, 6, 7, 8, 19, 99]) {
      const value = coinsContextObject({ ...book, cod_tipo_obra: type }, URL_OF(type));
      // As Zotero looks for it: the exact pair among the split pairs.
      expect(value.split('&')).toContain('rft.genre=document');
      expect(kev(value)).toMatchObject({
        rft_val_fmt: ['info:ofi/fmt:kev:mtx:book'],
        'rft.btitle': ['Pedagogia do oprimido'],
        'rft.title': ['Pedagogia do oprimido'],
      });
    }
  });

  it("names a corporate author (one of the record's corporate bodies) as aucorp, dates kept", () => {
    const act = {
      ...book,
      cod_tipo_obra: 17,
      autor: 'Brasil. Congresso Nacional',
      citacao: null,
      dados_adicionais: { O: [{ descricao: 'Brasil. Congresso Nacional' }] },
    };
    const parsed = kev(coinsContextObject(act, URL_OF(17)));
    expect(parsed['rft.aucorp']).toEqual(['Brasil. Congresso Nacional']);
    expect(parsed['rft.au']).toBeUndefined();
  });
});

describe('the pieces a citation is made of', () => {
  it('drops the life dates MARC adds to a name', () => {
    expect(personName('Freire, Paulo, 1921-1997')).toBe('Freire, Paulo');
    expect(personName('Saramago, José, 1922-')).toBe('Saramago, José');
    expect(personName('Charles, Ray')).toBe('Charles, Ray');
    expect(personName('Pessoa, Fernando (1888-1935)')).toBe('Pessoa, Fernando');
  });

  it('reads the page count of a physical description', () => {
    expect(pageCount('xii, 350 p. : il. ; 23 cm')).toBe(350);
    expect(pageCount('[8], 245 p.')).toBe(245);
    expect(pageCount('120 f. : il.')).toBe(120);
    expect(pageCount('312 pages')).toBe(312);
    expect(pageCount('2 v.')).toBeNull();
    expect(pageCount('1 disco sonoro (45 min.)')).toBeNull();
    expect(pageCount(null)).toBeNull();
  });

  it('gives MARC language codes as BCP 47 tags, none for "undetermined" or "several"', () => {
    expect(['por', 'eng', 'spa', 'fre', 'ger', 'lat'].map(languageTag)).toEqual(['pt', 'en', 'es', 'fr', 'de', 'la']);
    expect(['und', 'mul', 'zxx', '', null, 'pt-BR'].map(languageTag)).toEqual([null, null, null, null, null, null]);
  });

  it('writes JSON a <script> element cannot be closed by', () => {
    const text = jsonForScript({ name: '</script><script>alert(1)</script> & more' });
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> & more' });
  });
});

/** Expanded JSON-LD, offline: a document loader that refuses any remote context. */
const expand = (data: Record<string, unknown>) =>
  jsonld.expand(
    data as jsonld.JsonLdDocument,
    {
      // jsonld's safe mode: any term that would be dropped (not in the vocabulary) is an error.
      safe: true,
      documentLoader: (url: string) => Promise.reject(new Error(`no remote context may be loaded: ${url}`)),
    } as jsonld.Options.Expand,
  );

const S = 'https://schema.org/';
type Expanded = Record<string, { '@value'?: unknown; '@id'?: string; '@type'?: string[] }[] | string[] | string>;
const value = (node: Expanded, term: string) => (node[S + term] as { '@value': unknown }[] | undefined)?.map((v) => v['@value']);

describe('schema.org JSON-LD of a title', () => {
  it('describes a book, and expands offline to schema.org terms only', async () => {
    const data = schemaOrgJsonLd(book, URL_OF(7));
    expect(data).toEqual({
      '@context': { '@vocab': 'https://schema.org/' },
      '@type': 'Book',
      '@id': 'https://biblioteca.example.org/acervo/7',
      url: 'https://biblioteca.example.org/acervo/7',
      name: 'Pedagogia do oprimido',
      author: { '@type': 'Person', name: 'Freire, Paulo' },
      contributor: { '@type': 'Person', name: 'Weffort, Francisco C.' },
      datePublished: '1987',
      publisher: { '@type': 'Organization', name: 'Paz e Terra', location: { '@type': 'Place', name: 'Rio de Janeiro' } },
      inLanguage: 'pt',
      about: [
        { '@type': 'Thing', name: 'Educação' },
        { '@type': 'Thing', name: 'Pedagogia crítica' },
      ],
      image: 'https://capas.example.org/7.jpg',
      isbn: ['9788577531646', '8521900058'],
      bookEdition: '17. ed.',
      numberOfPages: 184,
    });
    const [node] = (await expand(data)) as Expanded[];
    expect(node!['@id']).toBe('https://biblioteca.example.org/acervo/7');
    expect(node!['@type']).toEqual([`${S}Book`]);
    expect(value(node!, 'name')).toEqual(['Pedagogia do oprimido']);
    expect(value(node!, 'numberOfPages')).toEqual([184]);
    const author = (node![`${S}author`] as Expanded[])[0]!;
    expect(author['@type']).toEqual([`${S}Person`]);
    expect(value(author, 'name')).toEqual(['Freire, Paulo']);
    // Every property and type of every node is a schema.org term.
    const iris = JSON.stringify(node).match(/"(https?:[^"]+)"/g) ?? [];
    const terms = iris.map((s) => s.slice(1, -1)).filter((iri) => !iri.startsWith('https://biblioteca.example.org') && !iri.startsWith('https://capas.'));
    expect(terms.length).toBeGreaterThan(10);
    expect(terms.filter((iri) => !iri.startsWith(S))).toEqual([]);
  });

  it('gives each kind of work its schema.org type, CreativeWork for the rest', async () => {
    const expected: Record<number, string> = {
      1: 'Book',
      2: 'Periodical',
      3: 'ScholarlyArticle',
      4: 'Thesis',
      5: 'MusicComposition',
      6: 'Map',
      7: 'Movie',
      8: 'MusicRecording',
      9: 'AudioObject',
      10: 'VisualArtwork',
      11: 'CreativeWork',
      12: 'Manuscript',
      15: 'Chapter',
      16: 'ArchiveComponent',
      17: 'Legislation',
      19: 'CreativeWork',
      99: 'CreativeWork',
    };
    for (const [type, name] of Object.entries(expected)) {
      const [node] = (await expand(schemaOrgJsonLd({ ...book, cod_tipo_obra: Number(type) }, URL_OF(1)))) as Expanded[];
      expect(node!['@type'], `work type ${type}`).toEqual([`${S}${name}`]);
    }
  });

  it('says what each type has: ISSN for a serial, the journal of an article, the institution and degree of a thesis', async () => {
    const serial = schemaOrgJsonLd({ ...book, cod_tipo_obra: 2, issn: ['1413-2478'] }, URL_OF(2));
    expect(serial).toMatchObject({ '@type': 'Periodical', issn: '1413-2478' });
    expect(serial).not.toHaveProperty('isbn');
    expect(serial).not.toHaveProperty('numberOfPages');
    const article = schemaOrgJsonLd({ ...book, cod_tipo_obra: 3, dados_adicionais: { P: [{ descricao: 'Educação & Sociedade' }] } }, URL_OF(3));
    expect(article).toMatchObject({ '@type': 'ScholarlyArticle', isPartOf: { '@type': 'Periodical', name: 'Educação & Sociedade' } });
    const thesis = schemaOrgJsonLd(
      { ...book, cod_tipo_obra: 4, dados_adicionais: { U: [{ descricao: 'Universidade Federal' }], N: [{ descricao: 'Doutorado' }] } },
      URL_OF(4),
    );
    expect(thesis).toMatchObject({
      '@type': 'Thesis',
      sourceOrganization: { '@type': 'Organization', name: 'Universidade Federal' },
      inSupportOf: 'Doutorado',
    });
    for (const data of [serial, article, thesis]) await expect(expand(data)).resolves.toHaveLength(1);
  });

  it('names a corporate author as an Organization, and leaves out what the record lacks', async () => {
    const data = schemaOrgJsonLd(
      {
        cod_acervo: 3,
        titulo: 'Lei de Diretrizes e Bases',
        autor: 'Brasil',
        ano_publicacao: null,
        cod_tipo_obra: 17,
        dados_adicionais: { O: [{ descricao: 'Brasil' }] },
      },
      URL_OF(3),
    );
    expect(data).toEqual({
      '@context': { '@vocab': 'https://schema.org/' },
      '@type': 'Legislation',
      '@id': URL_OF(3),
      url: URL_OF(3),
      name: 'Lei de Diretrizes e Bases',
      author: { '@type': 'Organization', name: 'Brasil' },
    });
    const [node] = (await expand(data)) as Expanded[];
    expect((node![`${S}author`] as Expanded[])[0]!['@type']).toEqual([`${S}Organization`]);
  });
});

/**
 * The keys of the OpenURL 1.0 KEV matrices (Z39.88-2004 registry: info:ofi/fmt:kev:mtx:book,
 * :journal, :dissertation), the judge of what a ContextObject may say of its referent. Zotero's
 * parser (parseContextObject in zotero/utilities, AGPL, not on npm) reads these keys by the same
 * names, so a key outside its format's matrix is one no reader is bound to understand — but for
 * `language`, which decision 0027 sends on purpose (Zotero reads it, resolvers ignore it).
 */
const AUTHOR_KEYS = ['aulast', 'aufirst', 'auinit', 'auinit1', 'auinitm', 'ausuffix', 'au'];
const MATRICES: Record<string, string[]> = {
  book: [
    ...AUTHOR_KEYS,
    'aucorp',
    'btitle',
    'atitle',
    'title',
    'place',
    'pub',
    'date',
    'edition',
    'tpages',
    'series',
    'spage',
    'epage',
    'pages',
    'issn',
    'isbn',
    'bici',
    'genre',
  ],
  journal: [
    ...AUTHOR_KEYS,
    'aucorp',
    'atitle',
    'title',
    'jtitle',
    'stitle',
    'date',
    'chron',
    'ssn',
    'quarter',
    'volume',
    'part',
    'issue',
    'spage',
    'epage',
    'pages',
    'artnum',
    'issn',
    'eissn',
    'isbn',
    'coden',
    'sici',
    'genre',
  ],
  dissertation: [...AUTHOR_KEYS, 'title', 'co', 'cc', 'inst', 'date', 'tpages', 'isbn', 'degree', 'advisor'],
};
/** The keys of a ContextObject that its format's matrix does not define. */
const outsideMatrix = (value: string) => {
  const params = new URLSearchParams(value);
  const format = params.get('rft_val_fmt')!.replace('info:ofi/fmt:kev:mtx:', '');
  return [...params.keys()].filter(
    (key) => !['ctx_ver', 'rft_val_fmt', 'rft_id', 'rft.language'].includes(key) && !MATRICES[format]?.includes(key.replace(/^rft\./, '')),
  );
};

/** Titles as `GET /acervo/{id}` gives them, each with the structure a flat citation used to lose. */
const article: CitationSource = {
  ...book,
  cod_acervo: 30,
  cod_tipo_obra: 3,
  titulo: 'A escola e a cidade',
  autor: 'Souza, Ana Maria de',
  isbn: [],
  issn: [],
  descricao_fisica: 'p. 1-20',
  dados_adicionais: { P: [{ descricao: 'Educação & Sociedade' }] },
  citacao: {
    contribuicoes: [
      { nome: 'Souza, Ana Maria de', papel: 'aut', entidade: false },
      { nome: 'Lima, Carlos', papel: 'aut', entidade: false },
    ],
    obra_mae: { titulo: 'Educação & Sociedade', issn: '0101-7330', isbn: null, volume: '25', numero: '2', paginas: '1-20' },
  },
};
const chapter: CitationSource = {
  ...book,
  cod_acervo: 31,
  cod_tipo_obra: 15,
  titulo: 'A pedagogia da autonomia',
  autor: 'Gadotti, Moacir',
  isbn: [],
  descricao_fisica: 'p. 15-24',
  citacao: {
    contribuicoes: [{ nome: 'Gadotti, Moacir', papel: 'aut', entidade: false }],
    obra_mae: { titulo: 'Paulo Freire: uma biobibliografia', issn: null, isbn: '8524906014', volume: null, numero: null, paginas: '15-24' },
  },
};
const thesis: CitationSource = {
  ...book,
  cod_acervo: 32,
  cod_tipo_obra: 4,
  titulo: 'Leitura na escola',
  autor: 'Pereira, Joana',
  isbn: [],
  descricao_fisica: '210 f. : il. ; 30 cm',
  dados_adicionais: { U: [{ descricao: 'Universidade Federal de Santa Catarina' }], N: [{ descricao: 'Doutorado em Educação' }] },
  citacao: {
    contribuicoes: [
      { nome: 'Pereira, Joana, 1980-', papel: 'aut', entidade: false },
      { nome: 'Saviani, Dermeval, 1943-', papel: 'ths', entidade: false },
    ],
    obra_mae: null,
  },
};
const film: CitationSource = {
  ...book,
  cod_acervo: 33,
  cod_tipo_obra: 7,
  titulo: 'Central do Brasil',
  autor: null,
  isbn: [],
  descricao_fisica: '1 DVD (113 min) : son., color. + 1 folheto (12 p.)',
  citacao: {
    contribuicoes: [
      { nome: 'Salles, Walter, 1956-', papel: 'drt', entidade: false },
      { nome: 'Montenegro, Fernanda, 1929-', papel: 'act', entidade: false },
      { nome: 'Oliveira, Vinícius de', papel: 'act', entidade: false },
      { nome: 'Gullane, Fabiano', papel: 'pro', entidade: false },
      { nome: 'Videofilmes', papel: 'pro', entidade: true },
    ],
    obra_mae: null,
  },
};
const score: CitationSource = {
  ...book,
  cod_acervo: 34,
  cod_tipo_obra: 5,
  titulo: 'Garota de Ipanema',
  autor: 'Jobim, Antonio Carlos, 1927-1994',
  isbn: [],
  descricao_fisica: '1 partitura (4 p.) + 1 livreto (39 p.)',
  citacao: {
    contribuicoes: [
      { nome: 'Jobim, Antonio Carlos, 1927-1994', papel: 'cmp', entidade: false },
      { nome: 'Moraes, Vinicius de, 1913-1980', papel: 'lyr', entidade: false },
      { nome: 'Gilberto, João', papel: 'prf', entidade: false },
    ],
    obra_mae: null,
  },
};
const ALL = { book, article, chapter, thesis, film, score };

describe('COinS keep the record structured: each key one its format defines, each name in its part', () => {
  it("uses only keys of its format's OpenURL matrix, for every kind of work", () => {
    for (const [name, source] of Object.entries(ALL)) expect(outsideMatrix(coinsContextObject(source, URL_OF(source.cod_acervo))), name).toEqual([]);
    for (const type of [2, 5, 6, 8, 16, 17, 99])
      expect(outsideMatrix(coinsContextObject({ ...book, cod_tipo_obra: type }, URL_OF(type))), `type ${type}`).toEqual([]);
  });

  it("gives an article its journal, volume, issue, pages and the journal's ISSN, and no total of pages", () => {
    expect(kev(coinsContextObject(article, URL_OF(30)))).toEqual({
      ctx_ver: ['Z39.88-2004'],
      rft_val_fmt: ['info:ofi/fmt:kev:mtx:journal'],
      rft_id: [URL_OF(30)],
      'rft.genre': ['article'],
      'rft.atitle': ['A escola e a cidade'],
      'rft.jtitle': ['Educação & Sociedade'],
      'rft.au': ['Souza, Ana Maria de', 'Lima, Carlos'],
      'rft.date': ['1987'],
      'rft.volume': ['25'],
      'rft.issue': ['2'],
      'rft.spage': ['1'],
      'rft.epage': ['20'],
      'rft.pages': ['1-20'],
      'rft.issn': ['0101-7330'],
      'rft.language': ['pt'],
    });
  });

  it("gives a chapter its book's title (btitle) and ISBN, and its pages in the book", () => {
    const parsed = kev(coinsContextObject(chapter, URL_OF(31)));
    expect(parsed).toMatchObject({
      'rft.genre': ['bookitem'],
      'rft.atitle': ['A pedagogia da autonomia'],
      'rft.btitle': ['Paulo Freire: uma biobibliografia'],
      'rft.au': ['Gadotti, Moacir'],
      'rft.spage': ['15'],
      'rft.epage': ['24'],
      'rft.isbn': ['8524906014'],
    });
    expect(parsed['rft.tpages']).toBeUndefined();
  });

  it('names a thesis advisor as rft.advisor, never as a second author', () => {
    const parsed = kev(coinsContextObject(thesis, URL_OF(32)));
    expect(parsed).toMatchObject({ 'rft.au': ['Pereira, Joana'], 'rft.advisor': ['Saviani, Dermeval'], 'rft.tpages': ['210'] });
  });

  it("gives a score its composer and lyricist as authors, not its performer; a film's director, cast and producers are no authors", () => {
    expect(kev(coinsContextObject(score, URL_OF(34)))['rft.au']).toEqual(['Jobim, Antonio Carlos', 'Moraes, Vinicius de']);
    const parsed = kev(coinsContextObject(film, URL_OF(33)));
    expect(parsed['rft.au']).toBeUndefined();
    expect(parsed['rft.aucorp']).toBeUndefined();
  });

  it('counts the pages of the work, not of its accompanying material ("+ 1 livreto (39 p.)")', () => {
    expect(kev(coinsContextObject(score, URL_OF(34)))['rft.tpages']).toEqual(['4']);
    expect(kev(coinsContextObject(film, URL_OF(33)))['rft.tpages']).toBeUndefined();
    expect(pageCount('1 CD (45 min) + 1 booklet (39 p.)')).toBeNull();
    expect(pageCount('4 p. l., 125 p. ; 20 cm')).toBe(125);
  });
});

/**
 * The TypeScript compiler's verdict on JSON-LD nodes typed by schema-dts (Google's typings of the
 * schema.org vocabulary): each node checked as the type its `@type` names, nested nodes by theirs,
 * so a property the type (or its supertypes) does not have is an error. Empty when all is valid.
 */
function schemaOrgErrors(nodes: Record<string, unknown>[]): string[] {
  const file = fileURLToPath(new URL('./__schema-dts-judge.ts', import.meta.url));
  const source = [
    "import type * as S from 'schema-dts';",
    ...nodes.map((node, i) => {
      const { '@context': _context, ...rest } = node;
      return `export const n${i}: S.${String(node['@type'])} = ${JSON.stringify(rest)};`;
    }),
  ].join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es2022.d.ts'],
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.getSourceFile = (name, language, ...rest) => (name === file ? ts.createSourceFile(name, source, language) : read(name, language, ...rest));
  host.fileExists = (name) => name === file || exists(name);
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${d.file ? `node ${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line - 1}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
}

describe('schema.org JSON-LD keeps the record structured, every property one its type has (judged by schema-dts)', () => {
  it('is valid schema.org for every kind of work, and the judge does catch a property a type lacks', () => {
    const nodes = [...Object.values(ALL), ...[2, 6, 8, 9, 10, 12, 16, 17].map((type) => ({ ...book, cod_tipo_obra: type }))].map((source) =>
      schemaOrgJsonLd(source, URL_OF(source.cod_acervo)),
    );
    const wrong = [
      { '@type': 'Thesis', name: 'x', advisor: { '@type': 'Person', name: 'y' } },
      { '@type': 'ScholarlyArticle', name: 'x', isPartOf: { '@type': 'Periodical', name: 'y', volumeNumber: '2' } },
    ];
    const errors = schemaOrgErrors([...nodes, ...wrong]);
    expect(errors.filter((e) => e.startsWith(`node ${nodes.length}:`) || e.startsWith(`node ${nodes.length + 1}:`))).toHaveLength(2);
    expect(errors.filter((e) => !e.startsWith(`node ${nodes.length}:`) && !e.startsWith(`node ${nodes.length + 1}:`))).toEqual([]);
  }, 60_000);

  it('nests an article in its issue, volume and journal (with ISSN), its pages as start and end', () => {
    expect(schemaOrgJsonLd(article, URL_OF(30))).toMatchObject({
      '@type': 'ScholarlyArticle',
      author: [
        { '@type': 'Person', name: 'Souza, Ana Maria de' },
        { '@type': 'Person', name: 'Lima, Carlos' },
      ],
      isPartOf: {
        '@type': 'PublicationIssue',
        issueNumber: '2',
        isPartOf: { '@type': 'PublicationVolume', volumeNumber: '25', isPartOf: { '@type': 'Periodical', name: 'Educação & Sociedade', issn: '0101-7330' } },
      },
      pageStart: '1',
      pageEnd: '20',
    });
  });

  it('puts a chapter in its book (isPartOf), with the pages', () => {
    expect(schemaOrgJsonLd(chapter, URL_OF(31))).toMatchObject({
      '@type': 'Chapter',
      author: { '@type': 'Person', name: 'Gadotti, Moacir' },
      isPartOf: { '@type': 'Book', name: 'Paulo Freire: uma biobibliografia', isbn: '8524906014' },
      pageStart: '15',
      pageEnd: '24',
    });
  });

  it('names a thesis advisor as a contributor in the role of thesis advisor (schema.org has no advisor), not as an author', () => {
    const data = schemaOrgJsonLd(thesis, URL_OF(32));
    expect(data).toMatchObject({
      '@type': 'Thesis',
      author: { '@type': 'Person', name: 'Pereira, Joana' },
      contributor: { '@type': 'Role', roleName: 'http://id.loc.gov/vocabulary/relators/ths', contributor: { '@type': 'Person', name: 'Saviani, Dermeval' } },
      sourceOrganization: { '@type': 'Organization', name: 'Universidade Federal de Santa Catarina' },
    });
  });

  it("gives a film its director, actors and producers, and a composition its composer and lyricist, by schema.org's own properties", () => {
    const movie = schemaOrgJsonLd(film, URL_OF(33));
    expect(movie).toMatchObject({
      '@type': 'Movie',
      director: { '@type': 'Person', name: 'Salles, Walter' },
      actor: [
        { '@type': 'Person', name: 'Montenegro, Fernanda' },
        { '@type': 'Person', name: 'Oliveira, Vinícius de' },
      ],
      producer: [
        { '@type': 'Person', name: 'Gullane, Fabiano' },
        { '@type': 'Organization', name: 'Videofilmes' },
      ],
    });
    expect(movie).not.toHaveProperty('author');
    expect(movie).not.toHaveProperty('contributor');
    const composition = schemaOrgJsonLd(score, URL_OF(34));
    expect(composition).toMatchObject({
      '@type': 'MusicComposition',
      composer: { '@type': 'Person', name: 'Jobim, Antonio Carlos' },
      lyricist: { '@type': 'Person', name: 'Moraes, Vinicius de' },
      contributor: { '@type': 'Role', roleName: 'http://id.loc.gov/vocabulary/relators/prf', contributor: { '@type': 'Person', name: 'Gilberto, João' } },
    });
    expect(composition).not.toHaveProperty('author');
  });
});
