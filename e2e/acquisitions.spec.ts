import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expectNoAxeViolations, mailbox, signIn, staff } from './fixtures';

/*
 * Acquisitions (issue 20): the professor suggests a title from the footer; the library quotes,
 * orders and delivers it by command; each step shows in Consulta de sugestões and reaches the
 * professor's mailbox; the delivered title opens from the list; the order and the statistics
 * count it.
 */

async function mailboxHas(request: APIRequestContext, text: string) {
  await expect(async () => expect(await mailbox(request)).toContain(text)).toPass({ timeout: 20_000 });
}

/** The row of the suggestion in Consulta de sugestões, after a reload. */
async function rowOf(page: Page, title: string) {
  await page.goto('/meupergamum/consulta-sugestoes');
  return page.getByRole('table', { name: 'Suas sugestões de aquisição' }).getByRole('row').filter({ hasText: title });
}

test('a suggestion from the footer to the shelf: quoted, ordered, delivered, each step seen and e-mailed', async ({ page, request }) => {
  await signIn(page, 'professor');
  const title = `Currículo e avaliação ${Date.now()}`;
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('button', { name: 'Sugestão de aquisição', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Sugestão de aquisição' });
  await form.getByLabel(/^Campus/).selectOption({ label: 'Campus Central' });
  await form.getByLabel(/^Biblioteca/).selectOption({ label: 'Biblioteca Central' });
  await form.getByRole('textbox', { name: /^Título/ }).fill(title);
  await form.getByRole('textbox', { name: /^Editora/ }).fill('Cortez');
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sugestão de aquisição enviada com sucesso.' })).toBeVisible();

  let row = await rowOf(page, title);
  await expect(row).toContainText('Pré-sugestão');
  const id = /^(\d+)/.exec((await row.getByRole('cell').first().textContent())!)![1]!;
  await expectNoAxeViolations(page);

  expect(staff('acquisitions', 'quote', id, '2', 'Cotada', 'em', 'duas', 'livrarias')).toContain(`suggestion ${id} is now em_cotacao`);
  row = await rowOf(page, title);
  await expect(row).toContainText('Em cotação');
  await expect(row).toContainText('Nota da biblioteca: Cotada em duas livrarias');
  await mailboxHas(request, `Sua sugestão de aquisição nº ${id}: Em cotação`);

  const ordered = staff('acquisitions', 'order', '1', 'Livraria Cortez', id, '2027-02-10');
  const order = /purchase order (\d+)/.exec(ordered)![1]!;
  row = await rowOf(page, title);
  await expect(row).toContainText('Aguardando entrega');
  await expect(row).toContainText(`Pedido de compra nº ${order}`);
  await mailboxHas(request, `Incluída no pedido de compra nº ${order}, entrega prevista para 10/02/2027`);

  expect(staff('acquisitions', 'deliver', id, '1')).toContain('parcialmente_atendida');
  expect(staff('acquisitions', 'deliver', id, '1', '1', 'Disponível', 'para', 'empréstimo')).toContain('title 1');
  row = await rowOf(page, title);
  await expect(row).toContainText('Atendida');
  await expect(row).toContainText('2 de 2');
  await row.getByText('5 etapas').click();
  await expect(row.getByRole('listitem').filter({ hasText: 'Parcialmente atendida' })).toBeVisible();
  await mailboxHas(request, `Sua sugestão de aquisição nº ${id}: Atendida`);
  await expectNoAxeViolations(page);

  await page.goto('/meupergamum/pedidos-compra');
  const card = page.getByRole('article', { name: `Pedido de compra nº ${order}` });
  await expect(card).toContainText('Livraria Cortez');
  await expect(card.getByRole('row').filter({ hasText: title })).toContainText('Atendida');

  await page.goto('/meupergamum/estatisticas-aquisicao');
  await expect(page.getByRole('table', { name: 'Por situação' }).getByRole('row', { name: /^Atendida/ })).toBeVisible();
  await expectNoAxeViolations(page);

  row = await rowOf(page, title);
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/acervo\/1$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('teaching plan: the professor picks 2026/1 and a discipline, sees copies per vacancy with the short titles flagged, and takes the CSV', async ({
  page,
}) => {
  await signIn(page, 'professor');
  await page.goto('/meupergamum/plano-ensino');
  const form = page.getByRole('region', { name: 'Escolha os planos' });
  await form.getByRole('button', { name: 'Mostrar bibliografia' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await form.getByLabel('Ano').selectOption('2026');
  await form.getByLabel('Semestre').selectOption('1');
  await form.getByLabel('Disciplina').selectOption({ label: 'EDU101 — Fundamentos da Educação' });
  await form.getByRole('button', { name: 'Mostrar bibliografia' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 plano de ensino encontrado.' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Bibliografia de EDU101/ });
  const rows = table.getByRole('row');
  await expect(rows.filter({ hasText: 'Abaixo da meta' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Dentro da meta' }).first()).toBeVisible();
  const headers = await table.getByRole('columnheader').allTextContents();
  const perVacancy = headers.indexOf('Exemplares por vaga');
  expect(perVacancy).toBeGreaterThan(0);
  const firstValue = await rows.nth(1).getByRole('cell').nth(perVacancy).textContent();
  expect(firstValue).toMatch(/\d/);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar planilha (CSV)' }).click()]);
  const records: Record<string, string>[] = parse(readFileSync((await download.path())!), { columns: true, bom: true });
  const titles = (await rows.count()) - 1;
  expect(records).toHaveLength(titles);
  expect(Object.keys(records[0]!)).toEqual(expect.arrayContaining(['Disciplina', 'Título']));
  expect(records.every((r) => r['Disciplina']!.includes('Fundamentos da Educação'))).toBe(true);
});
