import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './fixtures';

// Imports titles, adds a copy and lends it, hides a title from the OPAC: shared state, so it runs
// alone, after the other journeys (playwright.config.ts, project "cataloguing").
test.describe.configure({ mode: 'serial' });

const RUN = Date.now() % 1_000_000;
const TITLE = 'Cartografia dos sabiás: um inventário de campo';

/** A Koha-style MARCXML export: two titles whose 952 items name a branch Estante does not know (CPL), and a record without its 001. */
function marcXml(): Buffer {
  const record = (id: string, title: string, author: string, items: string[]) => `
  <record>
    <leader>00000nam a2200000 a 4500</leader>
    <controlfield tag="001">${id}</controlfield>
    <controlfield tag="008">200101s2019    bl            000 0 por d</controlfield>
    <datafield tag="100" ind1="1" ind2=" "><subfield code="a">${author}</subfield></datafield>
    <datafield tag="245" ind1="1" ind2="0"><subfield code="a">${title}</subfield></datafield>
    <datafield tag="260" ind1=" " ind2=" "><subfield code="a">São Paulo :</subfield><subfield code="b">Editora Exemplo,</subfield><subfield code="c">2019.</subfield></datafield>
    ${items.map((barcode) => `<datafield tag="952" ind1=" " ind2=" "><subfield code="a">CPL</subfield><subfield code="p">${barcode}</subfield><subfield code="y">BK</subfield><subfield code="o">598.8 C322</subfield></datafield>`).join('')}
  </record>`;
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<collection xmlns="http://www.loc.gov/MARC21/slim">${record('e2e-cat-1', TITLE, 'Andrade, Helena', ['E2E-K1', 'E2E-K2'])}${record(
    'e2e-cat-2',
    'Pássaros do cerrado mineiro',
    'Lopes, Raul',
    ['E2E-K3'],
  )}
  <record>
    <leader>00000nam a2200000 a 4500</leader>
    <datafield tag="245" ind1="0" ind2="0"><subfield code="a">Registro sem número de controle</subfield></datafield>
  </record>
</collection>
`);
}

test('a cataloguer uploads a MARCXML file from the staff area and watches its progress and report', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'catalogacao');
  await page.goto('/equipe/catalogacao');
  await expect(page.getByRole('heading', { level: 2, name: 'Importar arquivo MARC' })).toBeVisible();
  await expectNoAxeViolations(page);

  const form = page.getByRole('form', { name: 'Importar arquivo MARC' });
  await page.locator('input[type="file"]').setInputFiles({ name: 'catalogacao-e2e.xml', mimeType: 'text/xml', buffer: marcXml() });
  await form.getByRole('combobox', { name: 'Exemplares dos registros' }).selectOption('koha');
  await form.getByRole('textbox', { name: 'Tipos de empréstimo da origem' }).fill('BK=1');
  await form.getByRole('button', { name: 'Enviar e importar' }).click();
  // Said at once (and again when it ends, a second or two later), the focus on what was said.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /catalogacao-e2e\.xml (enviado|concluída)/ })
      .locator('[tabindex="-1"]'),
  ).toBeFocused();

  // The bar and its words, then the report.
  const bar = page.getByRole('progressbar', { name: 'Progresso da importação de catalogacao-e2e.xml' });
  await expect(bar).toBeVisible();
  await expect(page.getByText('Importação concluída.')).toBeVisible({ timeout: 30_000 });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(
    page.getByRole('status').filter({ hasText: 'Importação de catalogacao-e2e.xml concluída: 3 registros lidos.' }).locator('[tabindex="-1"]'),
  ).toBeFocused();
  await expect(page.getByText(/de .* lidos \(100%\), 3 registros/)).toBeVisible();
  const counts = page.getByRole('list', { name: 'Resumo da importação' });
  await expect(counts).toContainText('3 registros lidos');
  await expect(counts).toContainText('1 rejeitado');
  await expect(page.getByText('Biblioteca “CPL” sem mapeamento: 3 exemplares não importados')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Registros rejeitados e o motivo' })).toContainText('record has no control number (001)');
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar o relatório (texto)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('catalogacao-e2e-relatorio.txt');
  const text = Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8');
  expect(text).toMatch(/3 records read, .* 1 rejected/);
  expect(text).toContain("library 'CPL' is not mapped: 3 copies not imported");
});

test('a copy added to a title in the staff area is lent at the desk', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'catalogacao');
  await page.goto('/equipe/catalogacao');
  await page.getByRole('textbox', { name: 'Número, número de controle ou palavras do título' }).fill('e2e-cat-1');
  await page.getByRole('button', { name: 'Procurar' }).click();
  await page.getByRole('button', { name: new RegExp(`^Abrir ${TITLE} \\(nº \\d+\\)$`) }).click();
  await expect(page.getByRole('heading', { level: 2, name: TITLE })).toBeFocused();
  await expect(page).toHaveURL(/\/equipe\/catalogacao\?titulo=\d+$/);
  await expect(page.getByRole('link', { name: 'Editar o registro MARC' })).toHaveAttribute('href', /\/equipe\/registros\?titulo=\d+$/);

  const barcode = `E2E-CAT-${RUN}`;
  await page.getByRole('button', { name: 'Adicionar exemplar' }).click();
  const form = page.getByRole('form', { name: 'Novo exemplar' });
  await form.getByRole('textbox', { name: 'Tombo' }).fill(barcode);
  await form.getByRole('textbox', { name: 'Localização (número de chamada)' }).fill('598.8 C322 ex.1');
  await form.getByRole('combobox', { name: 'Biblioteca' }).selectOption({ index: 1 });
  await form.getByRole('combobox', { name: 'Tipo de empréstimo' }).selectOption({ label: 'Normal' });
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Adicionar exemplar' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Exemplar ${barcode} adicionado.` })
      .locator('[tabindex="-1"]'),
  ).toBeFocused();
  await expect(page.getByRole('table', { name: `Exemplares de ${TITLE}` })).toContainText(barcode);

  // The desk, in a browser of its own, lends it.
  const context = await browser.newContext();
  const desk = await context.newPage();
  try {
    await signIn(desk, 'balcao');
    await desk.goto('/equipe/balcao');
    const input = desk.getByRole('textbox', { name: 'Leitor, exemplar ou nome' });
    await input.fill('mestrando');
    await input.press('Enter');
    await expect(desk.getByRole('heading', { name: 'Leitor: Eduardo Martins Alves' })).toBeVisible();
    await input.fill(barcode);
    await input.press('Enter');
    const status = desk.getByRole('status').filter({ hasText: /\S/ }).last();
    await expect(status).toContainText('Emprestado a Eduardo Martins Alves:');
    await expect(status).toContainText(`(exemplar ${barcode})`);
  } finally {
    await context.close();
  }

  // Back in cataloguing, the copy is on loan: it cannot be withdrawn.
  await page.reload();
  const table = page.getByRole('table', { name: `Exemplares de ${TITLE}` });
  await expect(table.getByRole('row').filter({ hasText: barcode })).toContainText('Emprestado');
  await table.getByRole('button', { name: `Dar baixa no exemplar ${barcode}` }).click();
  await page.getByRole('dialog', { name: 'Dar baixa no exemplar?' }).getByRole('button', { name: 'Dar baixa' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `O exemplar ${barcode} está emprestado, reservado ou em trânsito` })).toBeVisible();
});

test('a title hidden from the OPAC answers 404 to a patron, and comes back when restored', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'catalogacao');
  await page.goto('/equipe/catalogacao');
  await page.getByRole('textbox', { name: 'Número, número de controle ou palavras do título' }).fill('e2e-cat-2');
  await page.getByRole('button', { name: 'Procurar' }).click();
  await page.getByRole('button', { name: /^Abrir Pássaros do cerrado mineiro \(nº \d+\)$/ }).click();
  await expect(page).toHaveURL(/\?titulo=\d+$/);
  const id = /titulo=(\d+)/.exec(page.url())![1]!;

  const context = await browser.newContext();
  const reader = await context.newPage();
  try {
    await signIn(reader, 'aluno');
    const search = '/pesquisa-geral?termo1=p%C3%A1ssaros%20cerrado%20mineiro';
    const found = reader.getByRole('main').getByRole('link', { name: 'Pássaros do cerrado mineiro', exact: true });
    await reader.goto(search);
    await expect(found.first()).toBeVisible();
    expect((await reader.goto(`/acervo/${id}`))!.status()).toBe(200);
    await expect(reader.getByRole('heading', { level: 1, name: 'Pássaros do cerrado mineiro' })).toBeVisible();

    await page.getByRole('button', { name: 'Ocultar do catálogo' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: '“Pássaros do cerrado mineiro” está oculto do catálogo.' }).locator('[tabindex="-1"]'),
    ).toBeFocused();
    await expect(page.getByText('Oculto do catálogo', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    expect((await reader.goto(`/acervo/${id}`))!.status()).toBe(404);
    await expect(reader.getByRole('heading', { level: 1, name: 'Pássaros do cerrado mineiro' })).toHaveCount(0);
    await reader.goto(search);
    // Once the search has answered (its count heading), the title is not among its results.
    await expect(reader.getByRole('heading', { level: 2, name: /resultados?$/ })).toBeVisible();
    await expect(found).toHaveCount(0);

    await page.getByRole('button', { name: 'Mostrar no catálogo' }).click();
    await expect(page.getByRole('status').filter({ hasText: '“Pássaros do cerrado mineiro” voltou ao catálogo.' }).locator('[tabindex="-1"]')).toBeFocused();
    expect((await reader.goto(`/acervo/${id}`))!.status()).toBe(200);
    await expect(reader.getByRole('heading', { level: 1, name: 'Pássaros do cerrado mineiro' })).toBeVisible();
  } finally {
    await context.close();
  }
});
