import jsonld from 'jsonld';
import { describe, expect, it } from 'vitest';
import { type CitationSource, coinsContextObject, jsonForScript, languageTag, pageCount, personName, schemaOrgJsonLd } from './citation-metadata.js';

const URL_OF = (id: number) => `https://biblioteca.example.org/acervo/${id}`;

/** A book's record as `GET /acervo/{id}` gives it (the fields citation metadata reads). */
const book: CitationSource = {
  cod_acervo: 7,
  titulo: 'Pedagogia do oprimido',
  autor: 'Freire, Paulo, 1921-1997',
  autores_secundarios: ['Weffort, Francisco C.'],
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
      'rft.au': ['Freire, Paulo', 'Weffort, Francisco C.'],
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
    const odd = { ...book, titulo: 'C++ & Java = 100% #1', autor: null, autores_secundarios: [] };
    const value = coinsContextObject(odd, URL_OF(7));
    expect(value).not.toContain('+');
    expect(value).not.toContain(' ');
    // Zotero splits on "&" and "=" before decoding: each pair must be one key and one value.
    expect(value.split('&').every((pair) => pair.split('=').length === 2)).toBe(true);
    expect(new URLSearchParams(value).get('rft.btitle')).toBe('C++ & Java = 100% #1');
  });

  it('uses the journal format for a serial (genre journal, ISSN) and an article (genre article, its journal)', () => {
    const serial = { ...book, cod_tipo_obra: 2, titulo: 'Revista Brasileira de Educação', autor: null, autores_secundarios: [], isbn: [], issn: ['1413-2478'] };
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
      autores_secundarios: [],
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
      contributor: [{ '@type': 'Person', name: 'Weffort, Francisco C.' }],
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
