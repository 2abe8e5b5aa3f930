import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './fixtures';

/**
 * The partner network (issues 22, 54): the administration adds a partner on the staff area's
 * "Rede de parceiros" and harvests it over OAI-PMH, here the demo library's own provider at /oai —
 * an Estante like any other partner; patrons then find its titles in the network guide under
 * facet Z, open a network record with the partner's own record, and start an inter-library loan
 * from it.
 */
const PARTNER = 'Biblioteca Parceira Demo';

test('a harvested partner searched in the network guide, its record, and an inter-library loan started from it', async ({ page, baseURL }) => {
  // The harvest runs through the scheduler (up to two minutes here), then the patrons' part.
  test.setTimeout(240_000);
  // No partner yet: the home page offers no network guide (it would find nothing; issue 55).
  const guides = page.getByRole('navigation', { name: 'Guias de pesquisa' });
  await page.goto('/');
  await expect(guides.getByRole('link', { name: 'Pesquisa avançada' })).toBeVisible();
  await expect(guides.getByRole('link', { name: 'Rede Pergamum' })).toHaveCount(0);
  await signIn(page, 'administracao');
  await page.goto('/equipe');
  await page.getByRole('navigation', { name: 'Seções da equipe' }).getByRole('link', { name: 'Rede de parceiros' }).click();
  await expect(page).toHaveURL(/\/equipe\/rede$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rede de parceiros');

  // Added through the form: the server asks the address Identify first, which may take seconds.
  const addForm = page.getByRole('form', { name: 'Adicionar parceiro' });
  await addForm.getByRole('textbox', { name: /^Endereço OAI-PMH/ }).fill(`${baseURL}/oai`);
  await addForm.getByRole('textbox', { name: /^Nome/ }).fill(PARTNER);
  await addForm.getByRole('button', { name: 'Adicionar parceiro' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${PARTNER} adicionado à rede.` })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(':focus')).toContainText(`${PARTNER} adicionado à rede.`);
  await expect(addForm.getByRole('textbox', { name: /^Nome/ })).toHaveValue('');

  // Harvested now: asked for, then the row follows the harvest (the list read again every 2 s) until it is complete.
  const row = page.getByRole('table', { name: 'Parceiros da rede' }).getByRole('row').filter({ hasText: PARTNER });
  await row.getByRole('button', { name: `Coletar agora: ${PARTNER}` }).click();
  await expect(page.locator(':focus')).toContainText(`Coleta de ${PARTNER} pedida`);
  await expect(row.locator('[data-label="Coleta"]')).toContainText('Coleta completa em', { timeout: 120_000 });
  await expect(row.locator('[data-label="Registros"]')).not.toHaveText('0');
  await expect(row.getByRole('button', { name: `Coletar agora: ${PARTNER}` })).toBeEnabled();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Sair' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();

  // Now the home page offers the network guide.
  await page.goto('/');
  await guides.getByRole('link', { name: 'Rede Pergamum' }).click();
  await expect(page).toHaveURL('/rede-pergamum');
  await expect(page.getByText(`Instituições da rede: ${PARTNER}`)).toBeVisible();
  await page.getByRole('search').getByRole('textbox').first().fill('great ray charles');
  await page
    .getByRole('search')
    .getByRole('button', { name: /pesquisar/i })
    .click();
  const results = page.getByRole('main').getByRole('article');
  await expect(results.first()).toBeVisible();
  await expect(results.first()).toContainText(`Na rede: ${PARTNER}`);
  // Facet Z names the institution; our libraries (B) are not a network facet; no basket here.
  await expect(page.getByRole('main').getByText('Instituição', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /selecionar/i })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await results.first().getByRole('link', { name: 'The Great Ray Charles' }).click();
  await expect(page).toHaveURL(/\/rede-pergamum\/acervo\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'The Great Ray Charles' })).toBeVisible();
  await expect(page.getByText(`Acervo de ${PARTNER}`)).toBeVisible();
  // The partner's own record: the title page of the catalogue it came from.
  const partnerRecord = page.getByRole('link', { name: `Ver no catálogo de ${PARTNER}` });
  const href = (await partnerRecord.getAttribute('href'))!;
  expect(href).toMatch(/\/acervo\/\d+$/);
  await expectNoAxeViolations(page);
  const networkRecord = page.url();

  await signIn(page, 'mestrando');
  await page.goto(networkRecord);
  await page.getByRole('link', { name: 'Solicitar empréstimo entre bibliotecas' }).click();
  await expect(page).toHaveURL(/\/meupergamum\/emprestimo-entre-bibliotecas\?rede=\d+$/);
  const form = page.getByRole('region', { name: 'Novo empréstimo entre bibliotecas' });
  await expect(form.getByLabel(/^Instituição e biblioteca/)).toHaveValue(PARTNER);
  await expect(form.getByLabel(/^Título/)).toHaveValue('The Great Ray Charles');
  await expect(form.getByLabel(/^Observação/)).toHaveValue(`Registro na rede: ${href}`);
  await form.getByLabel(/^Biblioteca para retirada/).selectOption({ label: 'Biblioteca Central' });
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(page.getByRole('status').filter({ hasText: /enviada à biblioteca/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // The partner's original record is the demo library's own title page.
  await page.goto(href.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { level: 1, name: 'The Great Ray Charles' })).toBeVisible();
});
