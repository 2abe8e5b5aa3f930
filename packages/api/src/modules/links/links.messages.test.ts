import { describe, expect, it } from 'vitest';
import { errors, messages } from './links.messages.js';

describe('a provider named in a message', () => {
  it('joins the preposition to the name’s article: “ao repositório”, “al Mi Pergamum”, never “a o” (issue 55)', () => {
    const repository = (language: 'pt' | 'en' | 'es') => messages.t('nome.repositorio', language);
    const external = (language: 'pt' | 'en' | 'es') => messages.t('nome.meupergamum', language);
    expect(errors.notConfigured(external('pt')).text('pt')).toMatch(/^O acesso ao Meu Pergamum externo não está configurado/);
    expect(errors.notConfigured(repository('pt')).text('pt')).toMatch(/^O acesso ao repositório institucional não/);
    expect(errors.databaseNotFound(3, repository('pt')).text('pt')).toBe(
      'A base de dados 3 não está entre as disponíveis para você no repositório institucional.',
    );
    expect(errors.denied(repository('es')).text('es')).toMatch(/acceder al repositorio institucional\./);
    expect(errors.notConfigured(external('es')).text('es')).toMatch(/^El acceso al Mi Pergamum externo/);
    expect(errors.notConfigured(repository('en')).text('en')).toMatch(/^Access to the institutional repository is not set up/);
    for (const language of ['pt', 'es'] as const) {
      const text = [errors.notConfigured(external(language)), errors.denied(repository(language))].map((e) => e.text(language)).join(' ');
      expect(text).not.toMatch(/\b(a o|em o|a el|de el)\b/);
    }
  });

  it('leaves a brand without an article as it is, and keeps the key and the name for the client', () => {
    const error = errors.notConfigured('Pearson');
    expect([error.status, error.key, error.params]).toEqual([404, 'RecursoExternoNaoConfigurado', { nome: 'Pearson' }]);
    expect(error.text('pt')).toMatch(/^O acesso a Pearson não/);
  });
});
