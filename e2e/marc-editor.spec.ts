import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './fixtures';

// Changes a demo title's record: shared state, so it runs alone, after the other journeys
// (playwright.config.ts, project "records").
test.describe.configure({ mode: 'serial' });

const RUN = Date.now() % 1_000_000;
const SUBTITLE = `resumo, resenha e recensão : edição revista ${RUN}`;

test("a cataloguer changes a title's 245 $b in the MARC editor; the OPAC's title page and its ABNT reference follow", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'catalogacao');
  await page.goto('/equipe/registros');
  await page.getByLabel('Palavras do título ou número de controle').fill('estante-nor-004');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: /^Editar o registro de ABNT NBR 6028:2021/ }).click();
  await expect(page).toHaveURL(/\/equipe\/registros\?titulo=\d+$/);
  const id = new URL(page.url()).searchParams.get('titulo');

  // The leader by its named positions, the 245 $b by its label; the tag table finds nothing wrong.
  await expect(page.getByLabel('06 — Type of record')).toHaveValue('a');
  const subtitle = page.getByLabel('Campo 245, subcampo b');
  await subtitle.fill(SUBTITLE);
  await expect(page.getByText('O registro segue a tabela do MARC 21.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The preview: the title page and the ABNT reference of the unsaved record.
  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(page.getByTestId('preview-reference')).toContainText(`edição revista ${RUN}`);
  await expect(page.getByRole('heading', { name: /^Pré-visualização/ })).toBeFocused();

  // Saved as a new version, the confirmation taking the focus; the earlier version listed.
  await page.getByRole('button', { name: 'Gravar como nova versão' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Registro gravado: esta é a versão \d+\./ })
      .locator('[tabindex="-1"]'),
  ).toBeFocused();
  await expect(page.getByRole('button', { name: /^Abrir a versão \d+ no editor$/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The OPAC: the title page and its reference tab show the new subtitle.
  await page.goto(`/acervo/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`edição revista ${RUN}`);
  await page.getByRole('navigation', { name: 'Abas do título' }).getByRole('link', { name: 'Referência' }).click();
  await expect(page.getByTestId('reference')).toContainText(`edição revista ${RUN}`);
});
