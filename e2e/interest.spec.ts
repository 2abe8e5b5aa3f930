import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, mailbox, signIn, staff } from './fixtures';

/*
 * The interest profile (issue 18): the patron follows a subject and a work type with immediate
 * e-mails; a new title on that subject is imported beside the running server; within a minute
 * it is an alert (and an e-mail), listed in "check titles"; read, then removed.
 */

/** A MARCXML record of a new book on `subject` (or a serial, without one), imported as a librarian would (npm run import). */
function importNewTitle(control: string, title: string, subject: string | null): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'estante-e2e-import-'));
  const file = path.join(dir, 'novo.xml');
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>
<collection xmlns="http://www.loc.gov/MARC21/slim"><record>
<leader>00000n${subject ? 'am' : 'as'} a2200000 a 4500</leader>
<controlfield tag="001">${control}</controlfield>
<controlfield tag="008">261125s2026    bl            000 0 por d</controlfield>
<datafield tag="100" ind1="1" ind2=" "><subfield code="a">Teste, Autora</subfield></datafield>
<datafield tag="245" ind1="1" ind2="0"><subfield code="a">${title}</subfield></datafield>
${subject ? `<datafield tag="650" ind1=" " ind2="4"><subfield code="a">${subject}</subfield></datafield>` : ''}
</record></collection>`,
  );
  return execFileSync(process.execPath, ['--import', 'tsx', 'packages/api/src/cli/import.ts', file], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR! },
    encoding: 'utf8',
  });
}

test('the interest profile: follow a subject, a new title on it becomes an alert and an e-mail within a minute; read, removed', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signIn(page, 'aluno');
  await page.goto('/meupergamum');
  const menu = page.getByRole('navigation', { name: 'Menu do Meu Pergamum' });
  await menu.getByRole('link', { name: 'Perfil de interesse' }).click();
  await expect(page).toHaveURL('/meupergamum/perfil-interesse');

  // Immediate e-mails.
  await page.getByRole('radiogroup', { name: 'Receber os alertas por e-mail' }).getByRole('radio', { name: 'Imediatamente' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Alertas por e-mail: Imediatamente.' })).toBeVisible();

  // The subject "Educação": the look-up wants 3 letters a word, then offers the headings.
  const lookup = page.getByRole('search', { name: 'Procurar áreas, autores e assuntos' });
  await lookup.getByLabel('Tipo').selectOption({ label: 'Assunto' });
  await lookup.getByLabel(/^Termo/).fill('ed');
  await lookup.getByRole('button', { name: 'Procurar' }).click();
  await expect(lookup.getByText('Digite ao menos 3 caracteres em cada palavra.')).toBeVisible();
  await lookup.getByLabel(/^Termo/).fill('educacao');
  await lookup.getByRole('button', { name: 'Procurar' }).click();
  await page.getByRole('checkbox', { name: /^Educação \(\d+ títulos?\)$/ }).check();
  await page.getByRole('button', { name: 'Adicionar ao perfil' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 item adicionado ao perfil.' })).toBeVisible();
  const areas = page.getByRole('table', { name: 'Áreas, autores e assuntos' });
  await expect(areas).toContainText('Educação');

  // And the work type "Livro", in the second tab.
  await page.getByRole('tab', { name: 'Tipos de obra' }).click();
  await page.getByRole('textbox', { name: 'Tipos de obra' }).click();
  await page.getByRole('option', { name: 'Livro', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Adicionar ao perfil' }).click();
  await expect(page.getByRole('table', { name: 'Tipos de obra' })).toContainText('Livro');
  await expectNoAxeViolations(page);

  // A journal, catalogued today: followed for its new issues and their contents.
  const stamp = String(Date.now());
  const journal = `Revista de Ensino ${stamp}`;
  importNewTitle(`e2e-serial-${stamp}`, journal, null);
  await page.getByRole('tab', { name: 'Periódicos' }).click();
  const serialLookup = page.getByRole('search', { name: 'Procurar periódicos' });
  await serialLookup.getByLabel('Título do periódico').fill(`revista ${stamp}`);
  await serialLookup.getByRole('button', { name: 'Procurar' }).click();
  await page.getByRole('checkbox', { name: `${journal} — nenhum fascículo ainda` }).check();
  await page.getByRole('button', { name: 'Adicionar ao perfil' }).click();
  const serials = page.getByRole('table', { name: 'Periódicos' });
  await expect(serials).toContainText(journal);
  const choices = serials.getByRole('group', { name: `Avisar de: ${journal}` });
  await expect(choices.getByRole('checkbox', { name: 'Fascículos novos' })).toBeChecked();
  await choices.getByRole('checkbox', { name: 'Sumários' }).check();
  await serials.getByRole('button', { name: `Salvar: ${journal}` }).click();
  await expect(page.getByRole('status').filter({ hasText: journal })).toBeVisible();
  await expectNoAxeViolations(page);

  // A subject the patron followed once, now past its validity, produces nothing: checked by the
  // API test; here, a new title on "Educação" arrives.
  const title = `Educação e cidadania ${Date.now()}`;
  expect(importNewTitle(`e2e-dsi-${Date.now()}`, title, 'Educação -- Brasil')).toMatch(/1 (inserted|imported|new)/i);
  // And the journal's first issue arrives at the desk, its contents indexed.
  await page.goto(`/pesquisa-geral?termo1=${stamp}`);
  const journalId = /\/acervo\/(\d+)/.exec((await page.getByRole('link', { name: journal }).first().getAttribute('href'))!)![1]!;
  const issue = /^issue (\d+)/.exec(staff('serials', 'receive', journalId, '1', '2026', '11', '1', '1'))![1]!;
  expect(staff('serials', 'article', issue, 'Avaliação na escola básica', 'Souza, J.')).toContain('indexed');
  await page.goto('/meupergamum/perfil-interesse');

  // Within a minute (the matching job runs every minute) the alert is there, and counted in the menu.
  await menu.getByRole('link', { name: /^Alertas/ }).click();
  const alerts = page.getByRole('table', { name: 'Alertas' });
  // The title and the journal's issue are matched in the same job run, but one after the other (the
  // job pauses between its slices while the machine is busy): wait for all three alerts together.
  await expect(async () => {
    await page.reload();
    await expect(alerts).toContainText(title, { timeout: 2000 });
    await expect(alerts).toContainText('Fascículo novo: v. 1, n. 1, 11/2026', { timeout: 500 });
    await expect(alerts).toContainText('Sumário: v. 1, n. 1, 11/2026', { timeout: 500 });
  }).toPass({ timeout: 90_000, intervals: [3000] });
  await expect(menu.getByRole('link', { name: /^Alertas \d+ não lidos?$/ })).toBeVisible();
  const row = alerts.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Novo');
  await expect(row).toContainText('Educação');
  // The journal's issue and its contents, in the same minute, each in its own row.
  await expect(alerts.getByRole('row').filter({ hasText: journal }).filter({ hasText: 'Fascículo novo: v. 1, n. 1, 11/2026' })).toBeVisible();
  await expect(alerts.getByRole('row').filter({ hasText: journal }).filter({ hasText: 'Sumário: v. 1, n. 1, 11/2026' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The same alerts in a feed reader: a secret address, made here, read as a reader would.
  const feedPanel = page.getByRole('region', { name: 'Seus alertas num leitor de feeds' });
  await feedPanel.getByRole('button', { name: 'Gerar endereço' }).click();
  const feedUrl = await feedPanel.getByLabel('Seu endereço secreto').inputValue();
  const feed = await request.get(feedUrl);
  expect(feed.headers()['content-type']).toMatch(/^application\/atom\+xml/);
  expect(await feed.text()).toContain(title);
  await expectNoAxeViolations(page);
  await feedPanel.getByRole('button', { name: 'Revogar endereço' }).click();
  await page.getByRole('dialog', { name: 'Revogar o endereço?' }).getByRole('button', { name: 'Revogar endereço' }).click();
  await expect(feedPanel.getByText('Endereço revogado.')).toBeVisible();
  expect((await request.get(feedUrl)).status()).toBe(404);

  // The e-mail went at once to the local sink.
  await expect(async () => {
    const messages = await mailbox(request);
    expect(messages).toContain(title);
    expect(messages).toContain('Avaliação na escola básica');
  }).toPass({ timeout: 30_000 });

  // "Check titles" lists it too.
  await menu.getByRole('link', { name: 'Verificar títulos' }).click();
  await expect(page.getByRole('table', { name: 'Verificar títulos' })).toContainText(title);
  await expectNoAxeViolations(page);

  // Anyone may follow a search on the subject: its feed lists the new title.
  await page.goto('/pesquisa-geral?termo1=cidadania');
  const follow = page.getByRole('link', { name: 'Acompanhar esta pesquisa (feed Atom)' });
  const searchFeed = await request.get((await follow.getAttribute('href'))!);
  expect(await searchFeed.text()).toContain(title);

  // Read, then removed.
  await page.goto('/meupergamum/alertas');
  await row.getByRole('button', { name: `Marcar como lido: ${title}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${title}: marcado como lido.` })).toBeVisible();
  await expect(row).not.toContainText('Novo');
  await row.getByRole('button', { name: `Remover: ${title}` }).click();
  await page.getByRole('dialog', { name: 'Remover alerta' }).getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alerta removido.' })).toBeVisible();
  await expect(alerts.getByText(title)).toHaveCount(0);
});
