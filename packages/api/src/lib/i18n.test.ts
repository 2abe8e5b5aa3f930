import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@estante/contracts/kernel';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDay, messageCatalogue, money } from './i18n.js';
import { errors, messages } from './messages.js';

/**
 * The server's texts (error messages, e-mails, PDF documents) are complete in pt, en and es:
 * every module's `<module>.messages.ts` is loaded, as the server loads them.
 */
const modulesDir = fileURLToPath(new URL('../modules/', import.meta.url));
const moduleFiles = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.messages.ts'));

beforeAll(async () => {
  for (const file of moduleFiles) await import(`../modules/${file}`);
});

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server texts', () => {
  it('are defined by each module for itself, besides the common ones', () => {
    const namespaces = [...messageCatalogue().keys()].sort();
    expect(moduleFiles.length).toBeGreaterThanOrEqual(8);
    expect(namespaces).toEqual(['common', ...moduleFiles.map((f) => f.split('/').pop()!.replace('.messages.ts', ''))].sort());
  });

  it('have every key in pt, en and es, none empty, with the same placeholders', () => {
    let checked = 0;
    for (const [namespace, texts] of messageCatalogue()) {
      for (const [key, text] of Object.entries(texts)) {
        for (const language of LANGUAGES) {
          expect(text[language]?.trim(), `${namespace}:${key} in ${language}`).toBeTruthy();
          expect(placeholders(text[language]), `${namespace}:${key} placeholders in ${language}`).toEqual(placeholders(text.pt));
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(120);
  });

  it('come in both plural forms where a text depends on a count', () => {
    for (const [namespace, texts] of messageCatalogue()) {
      for (const key of Object.keys(texts).filter((k) => k.endsWith('_one'))) {
        expect(Object.keys(texts), `${namespace}:${key}`).toContain(key.replace(/_one$/, '_other'));
      }
    }
  });

  it('fill their placeholders in the language asked for, and choose the plural by count', async () => {
    expect(messages.t('CampusNaoEncontrado', 'es', { id: 7 })).toBe('Campus 7 no encontrado.');
    const error = errors.titleNotFound(42);
    expect([error.status, error.key, error.text('en')]).toEqual([404, 'AcervoNaoEncontrado', expect.stringContaining('42')]);
    const { messages: basket } = await import('../modules/basket/basket.messages.js');
    expect(basket.t('mail.intro', 'pt', { count: 1 })).toMatch(/^Segue a referência/);
    expect(basket.t('mail.intro', 'pt', { count: 3 })).toMatch(/^Seguem as 3 referências/);
    expect(basket.t('mail.intro', 'en', { count: 3 })).toMatch(/^Here are the 3 references/);
  });

  it('write money in the library’s currency (reais) the way each language writes money (decision 0046)', () => {
    expect(money('1234.5', 'pt')).toBe('R$ 1.234,50');
    expect(money(3, 'en')).toBe('R$3.00');
    expect(money('72.40', 'es')).toBe('72,40 BRL');
  });

  it('write dates nobody can misread: a four-digit year, English with the month by name (issue 55)', () => {
    expect(formatDay('pt', '2026-03-10')).toBe('10/03/2026');
    expect(formatDay('es', '2026-03-10')).toBe('10/03/2026');
    expect(formatDay('en', '2026-03-10')).toBe('Mar 10, 2026');
  });

  it('never hedge a plural with “(s)”: a text that depends on a count has its plural forms (issue 55)', () => {
    const hedges: string[] = [];
    for (const [namespace, texts] of messageCatalogue()) {
      for (const [key, text] of Object.entries(texts)) {
        for (const language of LANGUAGES) if (/\p{L}\((s|es|as|os|ões)\)/u.test(text[language])) hedges.push(`${namespace}:${key} (${language})`);
      }
    }
    expect(hedges).toEqual([]);
  });

  it('choose a count’s plural in an error too: one minute, two minutes', async () => {
    const { errors: auth } = await import('../modules/auth/auth.messages.js');
    expect(auth.tooManyAttempts(1).text('pt')).toBe('Muitas tentativas de login seguidas. Tente novamente em 1 minuto.');
    expect(auth.tooManyAttempts(2).text('en')).toBe('Too many sign-in attempts in a row. Try again in 2 minutes.');
    expect(auth.tooManyAttempts(1).key).toBe('TentativasExcedidas');
  });
});
