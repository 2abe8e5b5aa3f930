import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

/**
 * The sign-in page in English and Spanish (issue 24): no Portuguese text of ours on it — neither
 * the interface's strings nor the demo institution's own words, which it has in each language.
 */
type Tree = { [key: string]: string | Tree };
const locale = (language: string) => JSON.parse(readFileSync(new URL(`../packages/web/src/i18n/locales/${language}.json`, import.meta.url), 'utf8')) as Tree;
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`)));

const PT_WELCOME = 'Bem-vindo ao catálogo das bibliotecas da UEVS. Entre com sua matrícula ou CPF e sua senha.';

for (const [language, welcome, loginWord] of [
  ['en', 'Welcome to the catalogue of the UEVS libraries. Sign in with your enrolment number or CPF and your password.', 'Enrolment number or CPF'],
  ['es', 'Bienvenido al catálogo de las bibliotecas de la UEVS. Ingrese con su matrícula o CPF y su contraseña.', 'Matrícula o CPF'],
] as const) {
  test(`the ${language} sign-in page has no Portuguese text of ours`, async ({ page }) => {
    await page.goto(`/login?lng=${language}`);
    await expect(page.getByText(welcome)).toBeVisible();
    await expect(page.getByRole('textbox', { name: loginWord, exact: true })).toBeVisible();
    const own = new Map(leaves(locale(language)));
    // Portuguese strings of the interface that this language says otherwise (placeholders cut away).
    const portuguese = leaves(locale('pt'))
      .filter(([key, text]) => own.get(key) !== text)
      .map(([, text]) => text.split(/\{\{[^}]+\}\}/)[0]!.trim())
      .filter((text) => text.length >= 8);
    const shown = await page.locator('body').innerText();
    expect(shown).not.toContain(PT_WELCOME);
    expect(shown).not.toContain('Matrícula ou CPF');
    const found = portuguese.filter((text) => shown.includes(text));
    expect(found).toEqual([]);
    await expectNoAxeViolations(page);
  });
}
