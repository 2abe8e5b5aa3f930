import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, INSTITUTION } from './fixtures';

test('the home page shows the institution and its search guides, in Portuguese', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo das bibliotecas' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(INSTITUTION);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page).toHaveTitle('Catálogo das bibliotecas · UEVS');
  // Ten guides, and the partner network's while it has a partner (network.spec.ts adds one meanwhile).
  await expect(page.getByRole('navigation', { name: 'Guias de pesquisa' }).getByRole('link').filter({ hasNotText: 'Rede Pergamum' })).toHaveCount(10);
  await expectNoAxeViolations(page);
});

test('a bad address leads to the not-found screen', async ({ page }) => {
  await page.goto('/isto/nao/existe');
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
  await expect(page.getByText('O endereço /isto/nao/existe não existe neste catálogo.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL('/');
  // A single segment that is no search guide is not found either.
  await page.goto('/nao-e-um-guia');
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
});

test('a search guide opens at its own path', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Pesquisa avançada' }).click();
  await expect(page).toHaveURL('/pesquisa-avancada');
  await expect(page.getByRole('heading', { level: 1, name: 'Pesquisa avançada' })).toBeVisible();
});

test('the language bar switches to English and Spanish, and the choice is kept', async ({ page }) => {
  await page.goto('/');
  // One language picker, the footer's (issue 24): the header has none.
  await expect(page.getByRole('banner').getByLabel('Idioma', { exact: true })).toHaveCount(0);
  await page.getByRole('contentinfo').getByRole('navigation', { name: 'Idiomas' }).getByRole('button', { name: 'English' }).click();
  await expect(page).toHaveURL(/lng=en/);
  await expect(page.getByRole('heading', { level: 1, name: 'Library catalogue' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Library catalogue' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('navigation', { name: 'Languages' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo de las bibliotecas' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the account area sends a visitor to sign in, and back afterwards', async ({ page }) => {
  await page.goto('/meupergamum');
  await expect(page).toHaveURL('/login?redirect=%2Fmeupergamum');
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
});

test('title tabs are deep links, and the keyboard reaches the skip link first', async ({ page }) => {
  await page.goto('/acervo/12/marc');
  await expect(page.getByRole('heading', { level: 2, name: 'MARC' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'MARC', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Exemplares' }).click();
  await expect(page).toHaveURL('/acervo/12/exemplares');
  await page.goto('/acervo/12/aba-inexistente');
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo das bibliotecas' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Ir para o conteúdo' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});

test('calls under /svc that do not exist get JSON, not the app', async ({ request }) => {
  const response = await request.get('/svc/nada');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ status: 404, key: 'RecursoNaoEncontrado' });
});
