import { describe, expect, it } from 'vitest';
import { suggestionFormRefusal, suggestionLibraryRefusal } from './units.policy.js';

const named = (field: string) => ({ titulo: 'Título', editor: 'Editora' })[field] ?? field;

describe('the acquisition suggestion rule (spec §7)', () => {
  it('refuses while the institution takes no suggestions (activity 12 off), whatever was filled', () => {
    expect(suggestionFormRefusal(false, { titulo: 'Dom Casmurro', editor: 'Garnier' }, named)?.key).toBe('SugestoesDesativadas');
  });

  it('names the first required field left blank (spaces are blank)', () => {
    const title = suggestionFormRefusal(true, { titulo: '   ', editor: '' }, named);
    expect([title?.status, title?.key, title?.params]).toEqual([422, 'CampoObrigatorioNaoPreenchido', { field: 'Título' }]);
    expect(suggestionFormRefusal(true, { titulo: 'Dom Casmurro', editor: ' ' }, named)?.params).toEqual({ field: 'Editora' });
    expect(suggestionFormRefusal(true, { titulo: 'Dom Casmurro', editor: 'Garnier' }, named)).toBeNull();
  });

  it('wants a library that exists, on the chosen campus', () => {
    expect(suggestionLibraryRefusal({ biblioteca: 9, campus: 1 }, null)?.key).toBe('BibliotecaInvalida');
    const elsewhere = suggestionLibraryRefusal({ biblioteca: 3, campus: 1 }, 2);
    expect([elsewhere?.key, elsewhere?.params]).toEqual(['BibliotecaForaDoCampus', { library: 3, campus: 1 }]);
    expect(suggestionLibraryRefusal({ biblioteca: 3, campus: 2 }, 2)).toBeNull();
  });
});
