import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { expectNoAxeViolations } from './fixtures';

/** The messages the server's local mail sink kept (DATA_DIR/mail, README "E-mail"). */
async function sentMail() {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  return Promise.all(files.map((f) => simpleParser(readFileSync(path.join(dir, f)))));
}

test('three titles go from the results to the basket: exported as RIS, copied, e-mailed, kept across sign-ins', async ({ page, context }) => {
  // A long journey (export, copy, e-mail, two sign-ins, three axe runs): more than the default 30 s on two cores.
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/pesquisa-geral?termo1=educacao');
  const results = page.getByRole('main').getByRole('article');
  const titles: string[] = [];
  for (let i = 0; i < 3; i++) {
    titles.push((await results.nth(i).getByRole('link').first().textContent())!);
    await results.nth(i).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Adicionar 3 selecionados à cesta' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 títulos adicionados à cesta.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cesta, 3 títulos' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Cesta, 3 títulos' }).click();
  await expect(page).toHaveURL('/cesta');
  await expect(page.getByRole('heading', { level: 2, name: '3 títulos na cesta' })).toBeVisible();
  await expect(page.getByRole('region', { name: '3 títulos na cesta' }).getByRole('article')).toHaveCount(3);
  await expectNoAxeViolations(page);

  // Export as RIS: a file download with the right name, one record per title.
  await page.getByLabel('Formato').selectOption('ris');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar arquivo' }).click()]);
  expect(download.suggestedFilename()).toBe('cesta.ris');
  const ris = readFileSync((await download.path())!, 'utf8');
  expect(ris.match(/^TY {2}- /gm)).toHaveLength(3);
  for (const title of titles) expect(ris).toContain(title.split(':')[0]!.trim());

  // Copy the ABNT references.
  await page.getByLabel('Formato').selectOption('abnt');
  await page.getByRole('button', { name: 'Copiar referências' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 referências copiadas.' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n')).toHaveLength(3);

  // E-mail them: the message reaches the SMTP sink with the references and the file.
  const before = (await sentMail()).length;
  await page.getByLabel('Formato').selectOption('bibtex');
  await page.getByLabel(/^E-mails/).fill('nao-e-email');
  await page.getByRole('button', { name: 'Enviar e-mail' }).click();
  await expect(page.getByRole('alert')).toContainText('e-mails válidos');
  await page.getByLabel(/^E-mails/).fill('aluno@example.org; orientador@example.org');
  await page.getByRole('button', { name: 'Enviar e-mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 títulos enviados para 2 endereços.' })).toBeVisible();
  const mail = (await sentMail()).slice(before).find((m) => m.to && !Array.isArray(m.to) && m.to.text.includes('orientador@example.org'));
  expect(mail?.text).toContain(copied.split('\n')[0]!.trim());
  expect(mail?.attachments.map((a) => a.filename)).toEqual(['cesta.bib']);

  // Sign in, keep them in the permanent basket, and find them there after signing in again.
  await page.getByRole('link', { name: 'Entrar' }).last().click();
  await page.getByLabel('Matrícula ou CPF').fill('mestrando');
  await page.getByLabel('Senha').fill('estante123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL('/cesta');
  await page.getByRole('button', { name: 'Salvar na cesta permanente' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a cesta permanente tem' })).toBeVisible();
  await page.getByRole('link', { name: 'Sair' }).click();
  await expect(page.getByRole('button', { name: 'Entrar' }).or(page.getByRole('link', { name: 'Entrar' }))).toBeVisible();
  await page.evaluate(() => localStorage.removeItem('estante.basket'));
  await page.goto('/login?redirect=%2Fcesta');
  await page.getByLabel('Matrícula ou CPF').fill('mestrando');
  await page.getByLabel('Senha').fill('estante123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL('/cesta');
  // The permanent basket is a Meu Pergamum section (issue 20); the basket page leads there.
  await page.getByRole('link', { name: 'Abrir a cesta permanente' }).click();
  await expect(page).toHaveURL('/meupergamum/cesta-permanente');
  const permanent = page.getByRole('table', { name: '3 títulos na cesta permanente' });
  for (const title of titles) await expect(permanent.getByRole('link', { name: title, exact: true }).first()).toBeVisible();
  await expect(permanent.getByRole('row')).toHaveCount(4);
  await expectNoAxeViolations(page);
});
