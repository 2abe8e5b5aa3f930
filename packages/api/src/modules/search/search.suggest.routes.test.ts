import { type ConsultaResponse, type Typeahead } from '@estante/contracts/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicToken, type TestApp } from '../../../test/app.js';
import { asItems } from '../../../test/marc.js';
import { queryRows } from '../../db/client.js';
import { importMarcRecords } from '../catalog/catalog.import.js';
import { editDistance, slipOnly, spellingCost } from './search.suggest.js';

let t: TestApp;
let authorization: string;

beforeAll(async () => {
  t = await createTestApp();
  authorization = `Bearer ${await publicToken(t.app)}`;
  const report = await importMarcRecords(
    t.database.db,
    asItems([
      { id: 'sol-1', title: 'Cien años de soledad', author: 'García Márquez, Gabriel', year: 1967, language: 'spa', subjects: ['Novela colombiana'] },
      {
        id: 'sol-2',
        title: 'El amor en los tiempos del cólera',
        author: 'García Márquez, Gabriel',
        year: 1985,
        language: 'spa',
        subjects: ['Novela colombiana'],
      },
      { id: 'mar-1', title: 'Memórias', author: 'Marques, Ana', year: 2001, subjects: ['Memórias'] },
      { id: 'ped-1', title: 'Pedagogia do oprimido', author: 'Freire, Paulo', year: 1970, subjects: ['Educação', 'Pedagogia'] },
      { id: 'ped-2', title: 'Pedagogia da autonomia', author: 'Freire, Paulo', year: 1996, subjects: ['Educação', 'Pedagogia'] },
      { id: 'ped-3', title: 'Pedagogia da esperança', author: 'Freire, Paulo', year: 1992, subjects: ['Educação', 'Pedagogia'] },
      { id: 'ser-1', title: 'Grande sertão: veredas', author: 'Rosa, João Guimarães', year: 1956, subjects: ['Romance brasileiro'] },
      { id: 'knu-1', title: 'The art of computer programming', author: 'Knuth, Donald E.', year: 1968, language: 'eng', subjects: ['Computer programming'] },
      { id: 'knu-2', title: 'Concrete mathematics', author: 'Knuth, Donald E.', year: 1989, language: 'eng', subjects: ['Computer science -- Mathematics'] },
      // One edit from "freire", and of a year Freire has no title of.
      { id: 'frei-1', title: 'A freira', author: 'Almeida, Júlia Lopes de', year: 1890 },
      // A typo in the catalogue itself: one title holds "pedagogai".
      { id: 'typo-1', title: 'Notas de pedagogai', author: 'Lima, Rui', year: 2005, subjects: ['Pedagogia'] },
      ...['ped-a', 'ped-b', 'ped-c', 'ped-d', 'ped-e', 'ped-f'].map((id, i) => ({ id, title: `Pedagogia ${i + 1}`, year: 2000 + i, subjects: ['Pedagogia'] })),
    ]),
  );
  expect(report.rejected).toEqual([]);
});
afterAll(() => t.close());

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url: `/svc${url}`, headers: { authorization } });
  return { status: response.statusCode, body: response.json() };
}
const search = async (params: string) => (await get(`/consulta?${params}`)) as { status: number; body: ConsultaResponse };
const titles = (body: ConsultaResponse) => body.acervos.map((a) => a.titulo);
const terms = async (...words: string[]) =>
  queryRows<{ word: string; n: number; n_a: number; n_b: number; n_c: number }>(
    t.database.db,
    sql`select word, n, n_a, n_b, n_c from search_terms where word in ${words} order by word`,
  );
const heading = async (kind: string, key: string) =>
  (await queryRows<{ n: number; display: string }>(t.database.db, sql`select n, display from search_headings where kind = ${kind} and key = ${key}`))[0] ??
  null;

describe('the vocabulary', () => {
  it('counts every word per field as titles are catalogued, changed and deleted', async () => {
    expect(await terms('pedagogia', 'freire', 'soledad')).toEqual([
      { word: 'freire', n: 3, n_a: 0, n_b: 3, n_c: 0 },
      // Nine titles say "Pedagogia" in their title, ten under their subjects.
      { word: 'pedagogia', n: 10, n_a: 9, n_b: 0, n_c: 10 },
      { word: 'soledad', n: 1, n_a: 1, n_b: 0, n_c: 0 },
    ]);
    expect(await heading('a', 'freire paulo')).toEqual({ n: 3, display: 'Freire, Paulo' });

    await t.database.db.execute(sql`update titles set title = 'Memórias de um sargento' where control_number = 'mar-1'`);
    expect(await terms('sargento')).toEqual([{ word: 'sargento', n: 1, n_a: 1, n_b: 0, n_c: 0 }]);
    expect(await heading('t', 'memorias')).toBeNull();
    expect(await heading('t', 'memorias de um sargento')).toEqual({ n: 1, display: 'Memórias de um sargento' });

    // An update that changes no word leaves the counts alone.
    await t.database.db.execute(sql`update titles set link_capa = 'https://example.org/c.jpg' where control_number = 'mar-1'`);
    expect(await terms('sargento')).toEqual([{ word: 'sargento', n: 1, n_a: 1, n_b: 0, n_c: 0 }]);

    await t.database.db.execute(sql`update titles set title = 'Memórias' where control_number = 'mar-1'`);
    expect(await terms('sargento')).toEqual([]);
    expect(await heading('t', 'memorias')).toEqual({ n: 1, display: 'Memórias' });
  });

  it('follows a record imported again with changes (the upsert), counting a heading once per title', async () => {
    const first = await importMarcRecords(
      t.database.db,
      asItems([{ id: 'again-1', title: 'Cartografia escolar', author: 'Ribeiro, Ana', year: 2001, subjects: ['Cartografia', 'CARTOGRAFIA.'] }]),
    );
    expect(first.rejected).toEqual([]);
    expect(await heading('s', 'cartografia')).toEqual({ n: 1, display: 'Cartografia' });
    const again = await importMarcRecords(
      t.database.db,
      asItems([{ id: 'again-1', title: 'Cartografia escolar e ensino', author: 'Ribeiro, Ana Maria', year: 2001, subjects: ['Cartografia'] }]),
    );
    expect(again.rejected).toEqual([]);
    expect(await heading('t', 'cartografia escolar')).toBeNull();
    expect(await heading('t', 'cartografia escolar e ensino')).toEqual({ n: 1, display: 'Cartografia escolar e ensino' });
    expect(await heading('a', 'ribeiro ana')).toBeNull();
    expect(await heading('a', 'ribeiro ana maria')).toEqual({ n: 1, display: 'Ribeiro, Ana Maria' });
    expect(await heading('s', 'cartografia')).toEqual({ n: 1, display: 'Cartografia' });
    // Every word has the sound and letters "did you mean" looks it up by, written when it first
    // came in and never recomputed (migration 0054): as the functions give them, none missing.
    const [keys] = await queryRows<{ words: number; wrong: number }>(
      t.database.db,
      sql`select count(*)::int as words, count(*) filter (where sound is distinct from estante_sound(word) or letters is distinct from estante_letters(word))::int as wrong from search_terms`,
    );
    expect(keys!.words).toBeGreaterThan(50);
    expect(keys!.wrong).toBe(0);
    expect(await terms('ensino', 'escolar', 'maria')).toEqual([
      { word: 'ensino', n: 1, n_a: 1, n_b: 0, n_c: 0 },
      { word: 'escolar', n: 1, n_a: 1, n_b: 0, n_c: 0 },
      { word: 'maria', n: 1, n_a: 0, n_b: 1, n_c: 0 },
    ]);
    await t.database.db.execute(sql`delete from titles where control_number = 'again-1'`);
  });

  it('hears Portuguese and Spanish spellings alike, keeping the hard g of "gu"', async () => {
    const sounds = await queryRows<Record<string, string>>(
      t.database.db,
      sql`select estante_sound('guerra') as guerra, estante_sound('guera') as guera, estante_sound('gente') as gente, estante_sound('jente') as jente,
                 estante_sound('xadrez') as xadrez, estante_sound('chadres') as chadres, estante_sound('cassa') as cassa, estante_sound('caza') as caza,
                 estante_sound('juiz') as juiz`,
    );
    const k = sounds[0]!;
    expect(k.guerra).toBe(k.guera);
    expect(k.gente).toBe(k.jente);
    expect(k.guerra).not.toBe(k.gente);
    expect(k.xadrez).toBe(k.chadres);
    expect(k.cassa).toBe(k.caza);
    expect(k.juiz).toBe('juis');
  });

  it('forgets the words of a deleted title', async () => {
    const report = await importMarcRecords(
      t.database.db,
      asItems([{ id: 'gone-1', title: 'Xilogravura nordestina', author: 'Borges, José Francisco', year: 1990 }]),
    );
    expect(report.rejected).toEqual([]);
    expect(await terms('xilogravura')).toHaveLength(1);
    await t.database.db.execute(sql`delete from titles where control_number = 'gone-1'`);
    expect(await terms('xilogravura')).toEqual([]);
    expect(await heading('a', 'borges jose francisco')).toBeNull();
  });
});

describe('the vocabulary under concurrent writers', () => {
  it('counts every title of twenty imports arriving at once, and of their deletions', async () => {
    const imports = Array.from({ length: 20 }, (_, i) =>
      importMarcRecords(
        t.database.db,
        asItems([{ id: `par-${i}`, title: `Paralelismo ${i}`, author: 'Concorrente, Ana', year: 2020, subjects: ['Concorrência'] }]),
      ),
    );
    for (const report of await Promise.all(imports)) expect(report.rejected).toEqual([]);
    expect(await terms('paralelismo', 'concorrente', 'concorrencia')).toEqual([
      { word: 'concorrencia', n: 20, n_a: 0, n_b: 0, n_c: 20 },
      { word: 'concorrente', n: 20, n_a: 0, n_b: 20, n_c: 0 },
      { word: 'paralelismo', n: 20, n_a: 20, n_b: 0, n_c: 0 },
    ]);
    expect(await heading('a', 'concorrente ana')).toEqual({ n: 20, display: 'Concorrente, Ana' });
    await Promise.all(Array.from({ length: 20 }, (_, i) => t.database.db.execute(sql`delete from titles where control_number = ${`par-${i}`}`)));
    expect(await terms('paralelismo', 'concorrente', 'concorrencia')).toEqual([]);
    expect(await heading('s', 'concorrencia')).toBeNull();
  });
});

describe('did you mean (GET /consulta sugestao)', () => {
  it('shows the suggestion’s titles at once when the words found nothing, with the corrected words as the catalogue spells them', async () => {
    const { status, body } = await search('termo1=pedagogia%20do%20oprimdo');
    expect(status).toBe(200);
    expect(body.sugestao).toEqual({ termo1: 'pedagogia do oprimido', total: 1, aplicada: true });
    expect(body.total).toBe(1);
    expect(titles(body)).toEqual(['Pedagogia do oprimido']);

    const sertao = (await search('termo1=grande%20certao%20veredas')).body;
    expect(sertao.sugestao).toMatchObject({ termo1: 'grande sertão veredas', aplicada: true });
    expect(titles(sertao)).toEqual(['Grande sertão: veredas']);
  });

  it('answers the words exactly as typed when asked (exato=1), still offering the suggestion', async () => {
    const { body } = await search('termo1=pedagogia%20do%20oprimdo&exato=1');
    expect(body.total).toBe(0);
    expect(body.acervos).toEqual([]);
    expect(body.sugestao).toEqual({ termo1: 'pedagogia do oprimido', total: 1, aplicada: false });
  });

  it('corrects a swap, a sound and a known word that is the wrong one, keeping the field', async () => {
    const knuth = (await search('termo1=knuht&campo1=autor')).body;
    expect(knuth.sugestao).toEqual({ termo1: 'knuth', campo1: 'autor', total: 2, aplicada: true });
    // "marques" is a word of the catalogue (Ana Marques), but only "márquez" goes with "garcia" and "soledad".
    const garcia = (await search('termo1=garsia%20marques%20soledad')).body;
    expect(garcia.sugestao).toMatchObject({ termo1: 'garcía márquez soledad', aplicada: true });
    expect(titles(garcia)).toEqual(['Cien años de soledad']);
  });

  it('offers a frequent spelling when a rare one finds few titles, without replacing what was found', async () => {
    const { body } = await search('termo1=pedagogai');
    expect(titles(body)).toEqual(['Notas de pedagogai']);
    expect(body.sugestao).toEqual({ termo1: 'pedagogia', total: 10, aplicada: false });
  });

  it('says nothing when the search found what was typed, or when nothing near is found', async () => {
    expect((await search('termo1=pedagogia%20oprimido')).body.sugestao).toBeUndefined();
    expect((await search('termo1=zzyzx%20qwerty')).body).toMatchObject({ total: 0, acervos: [] });
    expect((await search('termo1=zzyzx%20qwerty')).body.sugestao).toBeUndefined();
    // The partner network's base has no vocabulary of ours.
    expect((await search('termo1=pedagogia%20do%20oprimdo&base=rede')).body.sugestao).toBeUndefined();
  });

  it('keeps the filters on the suggestion’s results', async () => {
    const { body } = await search('termo1=pedagogia%20da%20esperansa&filtro=Y:1992');
    expect(body.sugestao).toMatchObject({ termo1: 'pedagogia da esperança', aplicada: true });
    expect(body.filtros).toEqual([{ tipo: 'Y', codigo: '1992', descricao: '1992', campus: null }]);
    expect(titles(body)).toEqual(['Pedagogia da esperança']);
  });

  it('leaves alone words the catalogue holds when the filters are what left nothing', async () => {
    // Paulo Freire has no title of 1890; "freire" must not become "freira", which has one.
    const { body } = await search('termo1=freire&filtro=Y:1890');
    expect(body.total).toBe(0);
    expect(body.sugestao).toBeUndefined();
    // An unknown word is still corrected under the same filter.
    const corrected = (await search('termo1=pedagogai%20oprimdo&filtro=Y:1970')).body;
    expect(corrected.sugestao).toMatchObject({ termo1: 'pedagogia oprimido', aplicada: true });
  });

  it('offers a word catalogued after the misspelling was first met (the near words kept follow the catalogue)', async () => {
    // Asked once: nothing near "quixotte" then (and the index keeps that answer for the word).
    expect((await search('termo1=quixotte')).body.sugestao).toBeUndefined();
    const report = await importMarcRecords(t.database.db, asItems([{ id: 'quix-1', title: 'Dom Quixote', author: 'Cervantes, Miguel de', year: 1605 }]));
    expect(report.rejected).toEqual([]);
    const { body } = await search('termo1=quixotte');
    expect(body.sugestao).toMatchObject({ termo1: 'quixote', aplicada: true });
    expect(titles(body)).toEqual(['Dom Quixote']);
  });

  it('refuses a malformed exato', async () => {
    expect((await search('termo1=pedagogia&exato=sim')).status).toBe(400);
  });
});

describe('suggestions as you type (GET /consulta/sugestoes)', () => {
  it('offers title, author and subject headings starting with the words typed, most titles first', async () => {
    const { status, body } = (await get('/consulta/sugestoes?termo=pedag')) as { status: number; body: Typeahead };
    expect(status).toBe(200);
    const subjects = body.sugestoes.filter((s) => s.campo === 'assunto');
    expect(subjects[0]).toEqual({ texto: 'Pedagogia', campo: 'assunto', total: 10 });
    expect(body.sugestoes.filter((s) => s.campo === 'titulo')).toHaveLength(3);
    expect(body.sugestoes.every((s) => s.texto.toLowerCase().startsWith('pedag'))).toBe(true);
  });

  it('folds accents and case, and keeps to one field when asked', async () => {
    const { body } = (await get('/consulta/sugestoes?termo=GARCIA%20MAR&campo=autor')) as { body: Typeahead };
    expect(body.sugestoes).toEqual([{ texto: 'García Márquez, Gabriel', campo: 'autor', total: 2 }]);
    const { body: none } = (await get('/consulta/sugestoes?termo=zzyzx')) as { body: Typeahead };
    expect(none.sugestoes).toEqual([]);
  });

  it('refuses fewer than three characters, an unknown field and a huge term', async () => {
    expect((await get('/consulta/sugestoes?termo=pe')).status).toBe(400);
    expect((await get('/consulta/sugestoes?termo=pedagogia&campo=isbn')).status).toBe(400);
    expect((await get(`/consulta/sugestoes?termo=${'a'.repeat(1_000_000)}`)).status).toBeGreaterThanOrEqual(400);
    expect((await get(`/consulta/sugestoes?termo=${'a'.repeat(1_000_000)}`)).status).toBeLessThan(500);
    expect((await get('/consulta/sugestoes?termo=ped%01agogia')).status).toBe(400);
  });
});

describe('spelling cost', () => {
  it('counts a swap as one edit and a same-sounding spelling as half of one', () => {
    expect(editDistance('knuht', 'knuth')).toBe(1);
    expect(editDistance('oprimdo', 'oprimido')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    // A neighbouring key's letter costs half an edit: "o" for "i", "s" for "a"; "m" for "a" a whole one.
    expect(editDistance('pedagogoa', 'pedagogia')).toBe(0.5);
    expect(editDistance('csse', 'casa')).toBe(1.5);
    expect(editDistance('cmsa', 'casa')).toBe(1);
    expect(spellingCost({ folded: 'garsia', sound: 'garsia' }, { word: 'garcia', sound: 'garsia' })).toBe(0.5);
    expect(spellingCost({ folded: 'knuht', sound: 'knut' }, { word: 'knuth', sound: 'knut' })).toBe(0.5);
  });
});

describe('did you mean: offered, not applied, for another name or a large change (issue 55)', () => {
  beforeAll(async () => {
    const report = await importMarcRecords(
      t.database.db,
      asItems([
        { id: 'mac-1', title: 'A moreninha', author: 'Macedo, Joaquim Manuel de', year: 1844, subjects: ['Romance brasileiro'] },
        { id: 'mac-2', title: 'O moço loiro', author: 'Macedo, Joaquim Manuel de', year: 1845, subjects: ['Romance brasileiro'] },
      ]),
    );
    expect(report.rejected).toEqual([]);
  });

  it('does not put "macedo" in place of "machado": the search says it found nothing and offers the other name', async () => {
    const { body } = await search('termo1=machado');
    expect(body.total).toBe(0);
    expect(body.acervos).toEqual([]);
    expect(body.sugestao).toEqual({ termo1: 'macedo', total: 2, aplicada: false });
    // Asked for, the suggestion's own search finds its titles.
    expect(titles((await search('termo1=macedo')).body).sort()).toEqual(['A moreninha', 'O moço loiro']);
  });

  it('still shows a slip of the fingers corrected at once', async () => {
    expect((await search('termo1=macdeo')).body.sugestao).toEqual({ termo1: 'macedo', total: 2, aplicada: true });
  });

  it('tells a slip from another word', () => {
    const unknown = { folded: 'oprimdo', known: false };
    expect(slipOnly(unknown, { word: 'oprimido', cost: 1, name: false })).toBe(true);
    // One letter more, but into a name: offered.
    expect(slipOnly({ folded: 'maceda', known: false }, { word: 'macedo', cost: 1, name: true })).toBe(false);
    // Two letters swapped, or the same sound, into a name: a slip.
    expect(slipOnly({ folded: 'knuht', known: false }, { word: 'knuth', cost: 1, name: true })).toBe(true);
    expect(slipOnly({ folded: 'garsia', known: false }, { word: 'garcia', cost: 0.5, name: true })).toBe(true);
    // A large change, or a word the catalogue holds turned into another: offered.
    expect(slipOnly({ folded: 'machado', known: false }, { word: 'macedo', cost: 2, name: true })).toBe(false);
    expect(slipOnly({ folded: 'freire', known: true }, { word: 'freira', cost: 1, name: false })).toBe(false);
  });
});
