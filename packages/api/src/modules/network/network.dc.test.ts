import { describe, expect, it } from 'vitest';
import { deriveTitle, WORK_TYPE } from '../../marc/derive.js';
import { controlValue, dataFields } from '../../marc/record.js';
import { dcToMarc, marcLanguage } from './network.dc.js';
import type { DcValue } from './network.oai-client.js';

const dc = (...pairs: [string, string][]): DcValue[] => pairs.map(([name, value]) => ({ name, value }));

describe('Dublin Core → MARC', () => {
  it('builds a record our derivation reads: title, people, subjects, publication, language, identifiers', () => {
    const record = dcToMarc(
      dc(
        ['title', 'Memórias póstumas de Brás Cubas'],
        ['title', 'Brás Cubas'],
        ['creator', 'Assis, Machado de'],
        ['contributor', 'Bosi, Alfredo'],
        ['subject', 'Romance brasileiro'],
        ['description', 'Romance narrado por um defunto autor.'],
        ['publisher', 'Tipografia Nacional'],
        ['date', 'c1881'],
        ['language', 'Português'],
        ['language', 'fr'],
        ['type', 'Text'],
        ['identifier', 'urn:isbn:8535902775'],
        ['identifier', 'ISSN 0102-4698'],
        ['identifier', 'doi:10.1590/S0102-46982011000100001'],
        ['identifier', 'https://acervo.example/registro/9'],
      ),
      'oai:acervo.example:9',
      '2024-06-07T12:00:00Z',
    );
    expect(record.leader).toHaveLength(24);
    expect(controlValue(record, '001')).toBe('oai:acervo.example:9');
    const f008 = controlValue(record, '008')!;
    expect(f008).toHaveLength(40);
    expect(f008.slice(0, 11)).toBe('240607s1881');
    expect(f008.slice(35, 38)).toBe('por');
    expect(dataFields(record, '041')[0]!.subfields).toEqual([
      { code: 'a', value: 'por' },
      { code: 'a', value: 'fre' },
    ]);
    expect(deriveTitle(record)).toMatchObject({
      codTipoObra: WORK_TYPE.livro,
      title: 'Memórias póstumas de Brás Cubas',
      author: 'Assis, Machado de',
      addedAuthors: ['Bosi, Alfredo'],
      subjects: ['Romance brasileiro'],
      publisher: 'Tipografia Nacional',
      anoPublicacao: 1881,
      idioma: 'por',
      isbn: ['8535902775'],
      issn: ['0102-4698'],
      notes: 'Romance narrado por um defunto autor',
      acessoRemoto: false,
    });
    expect(dataFields(record, '246')[0]!.subfields).toEqual([{ code: 'a', value: 'Brás Cubas' }]);
    expect(dataFields(record, '024')[0]!.subfields).toEqual([
      { code: 'a', value: '10.1590/S0102-46982011000100001' },
      { code: '2', value: 'doi' },
    ]);
    expect(dataFields(record, '856').map((f) => f.subfields[0]!.value)).toEqual(['https://acervo.example/registro/9']);
  });

  it('reads the type into the work type: theses, articles, journals, films, maps, scores', () => {
    const typeOf = (type: string) => deriveTitle(dcToMarc(dc(['title', 'T'], ['type', type]), 'oai:x:1', '2024-01-01')).codTipoObra;
    expect(typeOf('info:eu-repo/semantics/masterThesis')).toBe(WORK_TYPE.tese);
    expect(typeOf('Dissertação')).toBe(WORK_TYPE.tese);
    expect(typeOf('info:eu-repo/semantics/article')).toBe(WORK_TYPE.artigo);
    expect(typeOf('Periódico')).toBe(WORK_TYPE.periodico);
    expect(typeOf('MovingImage')).toBe(WORK_TYPE.video);
    expect(typeOf('Cartographic')).toBe(WORK_TYPE.mapa);
    expect(typeOf('Partitura')).toBe(WORK_TYPE.partitura);
    expect(typeOf('StillImage')).toBe(WORK_TYPE.grafico);
    expect(typeOf('Software')).toBe(WORK_TYPE.eletronico);
    expect(typeOf('Livro')).toBe(WORK_TYPE.livro);
  });

  it('leaves out what it does not know: no date, no language, no title (then derivation refuses it)', () => {
    const record = dcToMarc(dc(['creator', 'Alguém'], ['language', 'klingon']), 'oai:x:2', 'not a date');
    expect(controlValue(record, '008')).toBe(`000000n    ${'    xx '}${' '.repeat(17)}    d`);
    expect(() => deriveTitle(record)).toThrow('record has no title (245 $a)');
  });

  it('maps language codes and names to MARC codes', () => {
    expect(['pt-BR', 'pt_BR', 'por', 'Português', 'portuguese', 'en', 'English', 'es', 'Español', 'ger', 'deu', 'zh-Hans', 'xx', ''].map(marcLanguage)).toEqual(
      ['por', 'por', 'por', 'por', 'por', 'eng', 'eng', 'spa', 'spa', 'ger', 'ger', 'chi', null, null],
    );
  });
});
