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

test('a title read in English or Spanish names its loan types, collections and knowledge area in that language', async ({ page }) => {
  // The demo library translated its loan types and collections; the CNPq areas come translated.
  await page.goto('/pesquisa-geral?termo1=educacao&lng=en');
  await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const title = new URL(page.url()).pathname;
  await page.goto(`${title}/exemplares`);
  const copies = page.getByRole('table', { name: /^\d+ cop(y|ies)$/ });
  await expect(copies).toBeVisible();
  const shown = await copies.innerText();
  expect(shown).toMatch(/Standard|Short loan|Special|Library use only/);
  expect(shown).not.toMatch(/\b(Normal|Curto prazo|Consulta local)\b/);
  expect(shown).not.toContain('Acervo geral');
  await page.goto(`${title}/exemplares?lng=es`);
  await expect(page.getByRole('table', { name: /^\d+ ejemplares?$/ })).toContainText(/Préstamo corto|Normal|Especial|Consulta en sala/);
  await expect(page.getByRole('main')).not.toContainText('Curto prazo');
});
