import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './fixtures';

const results = (page: import('@playwright/test').Page) => page.getByRole('main').getByRole('article');
const countHeading = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 2, name: /resultados?$/ });

test('searching "educacao" from the home page puts titles with "Educação" first', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Termo de pesquisa').fill('educacao');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page).toHaveURL(/\/pesquisa-geral\?termo1=educacao$/);
  await expect(countHeading(page)).toBeVisible();
  const firstTitles = await results(page).getByRole('link').allTextContents();
  expect(firstTitles.slice(0, 5).every((title) => /educação/i.test(title))).toBe(true);
  // Each line shows a cover: the title's own image, or one drawn for it (title, author, the work type's colour) with the same name.
  const cover = results(page)
    .first()
    .getByRole('img', { name: `Capa: ${firstTitles[0]}` });
  await expect(cover).toBeVisible();
  await expectNoAxeViolations(page);
});

test('language and year filters: the count, the facets and the results agree; back restores', async ({ page }) => {
  await page.goto('/pesquisa-geral?termo1=educacao');
  const before = await countHeading(page).textContent();
  const languages = page.getByRole('region', { name: 'Idioma' });
  const portuguese = languages.getByRole('checkbox', { name: /^Português \(\d+\)$/ });
  await portuguese.click();
  await expect(portuguese).toBeChecked();
  await expect(page).toHaveURL(/filtro=I%3Apor/);
  const years = page.getByRole('region', { name: 'Ano de publicação' });
  const year = years.getByRole('checkbox').first();
  const label = (await year.locator('xpath=ancestor::label[1]').textContent()) ?? '';
  const [, yearText, expected] = /^(\d{4}) \((\d+)\)$/.exec(label.trim())!;
  await year.click();
  await expect(year).toBeChecked();
  await expect(countHeading(page)).toHaveText(new RegExp(`^${expected} resultados?$`));
  await expect(results(page)).toHaveCount(Math.min(Number(expected), 20));
  for (const line of await results(page).locator('p').first().allTextContents()) expect(line).toContain(yearText!);
  await expect(page.getByRole('group', { name: 'Filtros aplicados' })).toContainText('Português');
  await expectNoAxeViolations(page);
  await page.goBack();
  await expect(page).not.toHaveURL(/filtro=Y/);
  await page.goBack();
  await expect(countHeading(page)).toHaveText(before!);
});

test('advanced search with NOT leaves out what the second row matches', async ({ page }) => {
  await page.goto('/pesquisa-avancada');
  await page.getByLabel('Termo 1').fill('educacao');
  await page.getByLabel('Operador').first().selectOption('NAO');
  await page.getByLabel('Termo 2').fill('revista');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(countHeading(page)).toBeVisible();
  const titles = await results(page).getByRole('link').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  expect(titles.some((title) => /revista/i.test(title))).toBe(false);
  // Without NOT, the journals are there.
  await page.goto('/pesquisa-geral?termo1=revista%20educacao');
  await expect(results(page).getByRole('link').first()).toHaveText(/Revista/);
});

test('an empty search is refused on the spot', async ({ page }) => {
  await page.goto('/pesquisa-geral');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByText('Preencha o campo de pesquisa.')).toBeVisible();
  await expect(page).toHaveURL('/pesquisa-geral');
});

test('paging and sorting live in the URL, so a shared link reproduces the page', async ({ page, context }) => {
  await page.goto('/pesquisa-geral?termo1=manual');
  // Each step waits for its answer and its drawing: the URL changes before the page redraws.
  await Promise.all([page.waitForResponse((r) => r.url().includes('ordenacao=T')), page.getByLabel('Ordenar por').selectOption('T')]);
  await expect(page).toHaveURL(/ordenacao=T/);
  const list = page.getByRole('main').locator('[aria-busy]');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  const firstOfPageOne = await results(page).getByRole('link').first().textContent();
  await Promise.all([page.waitForResponse((r) => r.url().includes('pagina=2')), page.getByRole('button', { name: 'Página 2' }).click()]);
  await expect(page).toHaveURL(/pagina=2/);
  await expect(page.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  // The previous page stays on screen (marked busy) until the next one arrives.
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(results(page).getByRole('link').first()).not.toHaveText(firstOfPageOne!);
  const shown = await results(page).getByRole('link').allTextContents();
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(results(other).getByRole('link').first()).toHaveText(shown[0]!);
  expect(await results(other).getByRole('link').allTextContents()).toEqual(shown);
});

test('on a slow device, a page change right after a new sort keeps the sort', async ({ page }) => {
  // A navigation renders in a transition; a click before it has rendered must not act on the
  // search as last drawn (a CI run caught "page 2" dropping a sort chosen just before).
  test.setTimeout(90_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  for (let i = 0; i < 2; i++) {
    await page.goto('/pesquisa-geral?termo1=manual');
    await page.getByRole('button', { name: 'Página 2' }).waitFor();
    await page.getByLabel('Ordenar por').selectOption('T');
    await page.getByRole('button', { name: 'Página 2' }).click();
    await expect(page).toHaveURL(/pagina=2/);
    expect(page.url()).toMatch(/ordenacao=T/);
  }
});

test('index browse by author lists names from the starting word and opens their titles', async ({ page }) => {
  await page.goto('/pesquisa-geral');
  await page.getByLabel('Índice', { exact: true }).selectOption('autor');
  await page.getByLabel('A partir de').fill('pereira');
  await page.getByRole('button', { name: 'Navegar' }).click();
  await expect(page).toHaveURL(/indice=autor&inicio=pereira/);
  const entries = page.getByRole('list', { name: 'Entradas do índice' }).getByRole('listitem');
  await expect(entries.first()).toContainText(/^Pereira, /);
  const first = entries.first().getByRole('link');
  const name = (await first.textContent())!;
  const count = Number(/\((\d+) títulos?\)/.exec((await entries.first().textContent())!)![1]);
  await first.click();
  await expect(page).toHaveURL(/campo1=autor/);
  await expect(page.getByRole('heading', { level: 2, name: /resultados?$/ })).toHaveText(new RegExp(`^${count} resultados?$`));
  await expect(page.getByRole('article').first()).toContainText(name);
  await expectNoAxeViolations(page);
});

test('the e-books guide searches online titles only', async ({ page }) => {
  await page.goto('/ebooks');
  await page.getByLabel('Termo de pesquisa').fill('saude');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page).toHaveURL(/filtro=X%3AO/);
  await expect(page.getByRole('group', { name: 'Filtros aplicados' })).toContainText('Acesso online');
  const articles = page.getByRole('article');
  await expect(articles.first()).toBeVisible();
  for (const article of await articles.all()) await expect(article).toContainText('Online');
});

test('new acquisitions list the latest titles of a period, compact, newest first', async ({ page }) => {
  await page.goto('/novas-aquisicoes');
  await page.getByLabel('Período').selectOption('30');
  await page.getByRole('button', { name: 'Ver novas aquisições' }).click();
  await expect(page).toHaveURL(/novas=30/);
  await expect(page).toHaveURL(/exibicao=C/);
  await expect(countHeading(page)).toBeVisible();
  await expect(results(page).first()).toBeVisible();
  // Compact display: no work-type badges or availability lines.
  await expect(results(page).first().locator('.mantine-Badge-root')).toHaveCount(0);
  const month = Number(/^(\d+)/.exec((await countHeading(page).textContent())!)![1]);
  await page.getByLabel('Período').selectOption('7');
  await page.getByRole('button', { name: 'Ver novas aquisições' }).click();
  await expect(page).toHaveURL(/novas=7/);
  await expect(countHeading(page)).not.toHaveText(`${month} resultados`);
  const week = Number(/^(\d+)/.exec((await countHeading(page).textContent())!)![1]);
  expect(week).toBeLessThan(month);
  await expectNoAxeViolations(page);
});

test('the teaching-plan guide lists a course bibliography, and asks for at least one field', async ({ page }) => {
  await page.goto('/plano-ensino');
  await page.getByRole('button', { name: 'Ver bibliografia' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Escolha ao menos um campo/);
  await expect(page).toHaveURL(/\/plano-ensino$/);
  // The course list is searched on the server as the patron types.
  await page.getByRole('textbox', { name: 'Curso' }).fill('pedag');
  await page.getByRole('option', { name: 'Pedagogia' }).click();
  await page.getByLabel('Semestre').selectOption('1');
  await page.getByRole('button', { name: 'Ver bibliografia' }).click();
  await expect(page).toHaveURL(/curso=1&semestre=1/);
  await expect(countHeading(page)).toBeVisible();
  const total = Number(/^(\d+)/.exec((await countHeading(page).textContent())!)![1]);
  // Two 2026/1 Pedagogia plans (Fundamentos da Educação, Psicologia da Educação), 8 titles each.
  expect(total).toBe(16);
  // After a reload the form still shows the course chosen.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Curso' })).toHaveValue('Pedagogia');
  await expectNoAxeViolations(page);
  // The session's history names the search by its plan.
  await page.goto('/plano-ensino');
  await expect(page.getByRole('link', { name: /Plano de ensino: Pedagogia · 1º semestre/ })).toBeVisible();
});

test('the authorities guide finds headings and leads to the titles under one', async ({ page }) => {
  await page.goto('/autoridades');
  await page.getByLabel('Nome ou assunto').fill('ba');
  await page.getByRole('button', { name: 'Pesquisar autoridades' }).click();
  await expect(page.getByRole('alert')).toHaveText(/ao menos 3 letras/);
  await page.getByLabel('Nome ou assunto').fill('bach');
  await page.getByLabel('Tipo de autoridade').selectOption('autor_pessoa');
  await page.getByRole('button', { name: 'Pesquisar autoridades' }).click();
  await expect(page).toHaveURL(/search_text=bach&tipo=autor_pessoa/);
  const item = page.getByRole('listitem').filter({ hasText: 'Bach, Johann Sebastian' });
  await expect(item).toContainText('Autor pessoa');
  await expectNoAxeViolations(page);
  await item.getByRole('link', { name: /^Títulos de Bach, Johann Sebastian/ }).click();
  await expect(page).toHaveURL(/\/pesquisa-geral\?termo1=Bach.*campo1=autor&tipo1=frase/);
  await expect(countHeading(page).or(page.getByText('Nenhum resultado'))).toBeVisible();
});

test('a serial in the results says how many of its articles are indexed, and leads to its tables of contents', async ({ page }) => {
  await page.goto('/pesquisa-geral?termo1=revista&filtro=T%3A2');
  const indexed = page
    .getByRole('main')
    .getByRole('link', { name: /^\d+ artigos? indexados? em \d+ fascículo/ })
    .first();
  await expect(indexed).toBeVisible();
  await indexed.click();
  await expect(page).toHaveURL(/\/acervo\/\d+\/sumarios$/);
  await expect(
    page
      .getByRole('region', { name: /^v\. \d+, n\. \d+/ })
      .first()
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
});

test('the normative-acts, jurisprudence and archive guides: their own choices, with or without words', async ({ page }) => {
  await page.goto('/atos-normativos');
  await expect(page.getByRole('heading', { level: 1, name: 'Atos normativos' })).toBeVisible();
  // The choices come from the catalogue's acts, each with how many titles it has.
  await page.getByLabel('Tipo de ato').selectOption({ label: 'Decreto (2)' });
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page).toHaveURL(/base=atos_normativos/);
  await expect(countHeading(page)).toHaveText('2 resultados');
  await expect(results(page).getByRole('link', { name: /^Decreto nº 5\.(296|626),/ })).toHaveCount(2);
  await expect(page.getByRole('group', { name: 'Filtros aplicados' })).toContainText('Decreto');
  // The form shows the search being viewed; words narrow it.
  await expect(page.getByLabel('Tipo de ato')).toHaveValue(/.+/);
  await page.getByLabel('Palavras (opcional)').fill('libras');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(countHeading(page)).toHaveText('1 resultado');
  await expect(results(page).getByRole('link', { name: /^Decreto nº 5\.626,/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goBack();
  await expect(countHeading(page)).toHaveText('2 resultados');

  await page.goto('/jurisprudencia');
  await page.getByLabel('Relator').fill('Almeida');
  await page.getByLabel('Tipo de decisão').selectOption({ label: 'Acórdão (4)' });
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(countHeading(page)).toHaveText('1 resultado');
  await expect(results(page).getByRole('link', { name: 'Recurso Especial nº 1.000.101/SC' })).toBeVisible();
  await expect(results(page).first()).toContainText('Jurisprudência');

  await page.goto('/arquivo');
  await page.getByLabel('Fundo').selectOption({ label: 'Fundo Reitoria (3)' });
  await page.getByLabel('Tipo documental').selectOption({ label: 'Ofício (2)' });
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(countHeading(page)).toHaveText('2 resultados');
  // The facet sidebar has the archive's additional data: its fonds.
  await expect(page.getByRole('region', { name: 'Fundo' }).getByRole('checkbox', { name: 'Fundo Reitoria (2)' })).toBeChecked();
  await expectNoAxeViolations(page);
});

test('a target_gedweb search without words shows no results without calling the server (spec §5)', async ({ page }) => {
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/svc/consulta?')) searches.push(request.url());
  });
  await page.goto('/pesquisa-geral?base=target_gedweb');
  await expect(countHeading(page)).toHaveText('Nenhum resultado');
  expect(searches).toEqual([]);
  // With words the standards are searched.
  await page.goto('/pesquisa-geral?termo1=referencias&base=target_gedweb');
  await expect(results(page).getByRole('link', { name: /^ABNT NBR 6023:2018/ })).toBeVisible();
  expect(searches).toHaveLength(1);
});

test('a misspelt author: the suggestion’s titles at once, "Você quis dizer" on the exact words, followed to the title', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Termo de pesquisa').fill('garsia naranho');
  await page.getByLabel('Campo').selectOption('autor');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  // Nothing under those words: the suggestion's titles are shown at once, saying so.
  await expect(page.getByRole('status').filter({ hasText: 'Nenhum título encontrado para "garsia naranho"' })).toContainText(
    'Mostrando os resultados de "garcía naranjo"',
  );
  await expect(results(page).getByRole('link').first()).toHaveText(/Mujeres peruanas/);
  await expectNoAxeViolations(page);
  // The words exactly as typed find nothing, and the page asks "did you mean".
  await page.getByRole('link', { name: 'Pesquisar exatamente "garsia naranho"' }).click();
  await expect(page).toHaveURL(/exato=1/);
  await expect(countHeading(page)).toHaveText('Nenhum resultado');
  await expect(page.getByText(/^Você quis dizer: garcía naranjo\? \(1 título\)$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'garcía naranjo', exact: true }).click();
  await expect(page).toHaveURL(/termo1=garc%C3%ADa\+naranjo&campo1=autor$/);
  await results(page)
    .getByRole('link', { name: /Mujeres peruanas/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Mujeres peruanas/ })).toBeVisible();
});

test('suggestions as you type: a combobox the keyboard alone drives, passing axe', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Termo de pesquisa' });
  await box.focus();
  await page.keyboard.type('mujeres peru');
  const list = page.getByRole('listbox', { name: 'Sugestões' });
  const first = list.getByRole('option').first();
  await expect(first).toContainText('Mujeres peruanas');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('status').filter({ hasText: /sugest(ão|ões) para "mujeres peru"; use as setas para escolher/ })).toBeAttached();
  await expectNoAxeViolations(page);
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/termo1=Mujeres\+peruanas.*&campo1=titulo/);
  await expect(results(page).getByRole('link').first()).toHaveText(/Mujeres peruanas/);
  // Escape closes the list and leaves the words; Enter then searches them as typed.
  await page.goto('/');
  await box.focus();
  await page.keyboard.type('pedagog');
  await expect(list.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pesquisa-geral\?termo1=pedagog$/);
});

/** What is painted on top at the centre of `box`: the nearest element with a name to tell it by. */
async function onTopAt(page: Page, box: { x: number; y: number; width: number; height: number }) {
  return page.evaluate(
    ([x, y]) => {
      const hit = document.elementFromPoint(x!, y!);
      return {
        searchButton: Boolean(hit?.closest('.search-submit')),
        label: hit?.closest('label')?.textContent?.trim() ?? null,
        inDialog: hit?.closest('[role="dialog"]')?.getAttribute('aria-labelledby') ?? null,
        overlay: Boolean(hit?.closest('.mantine-Overlay-root, .mantine-Drawer-overlay, .mantine-Modal-overlay')),
      };
    },
    [box.x + box.width / 2, box.y + box.height / 2],
  );
}

test('on a phone the filter drawer, the menu and the save dialog are on top of the search button: a tap on a year filters (issue 55)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'leitora');
  await page.goto('/pesquisa-geral?termo1=educacao');
  await expect(countHeading(page)).toBeVisible();
  const submit = (await page.getByRole('button', { name: 'Pesquisar', exact: true }).boundingBox())!;

  // The filter drawer: every year value is what a tap at its place reaches, and the search button is under the drawer.
  await page.getByRole('button', { name: /^Filtrar resultados/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Filtros' });
  const years = drawer.getByRole('region', { name: 'Ano de publicação' }).getByRole('checkbox');
  await expect(years.first()).toBeVisible();
  expect((await onTopAt(page, submit)).searchButton).toBe(false);
  // Polled: while the drawer still slides in, a value's place moves under the probe (CI once hit nothing).
  for (const year of await years.all()) {
    const label = (await year.locator('xpath=ancestor::label[1]').textContent())!.trim();
    await expect.poll(async () => onTopAt(page, (await year.boundingBox())!)).toMatchObject({ searchButton: false, label });
  }
  await expectNoAxeViolations(page);
  // A real tap where the search button is (the drawer there), then on a year: the year filters the results.
  await page.mouse.click(submit.x + submit.width / 2, submit.y + submit.height / 2);
  await expect(page).toHaveURL(/\/pesquisa-geral\?termo1=educacao$/);
  const year = years.first();
  const [, code] = /^(\d{4}|sem data)/.exec((await year.locator('xpath=ancestor::label[1]').textContent())!.trim())!;
  const box = (await year.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(new RegExp(`filtro=Y%3A${code}`));
  await expect(year).toBeChecked();
  await drawer.getByRole('button', { name: 'Fechar' }).click();
  await expect(drawer).toBeHidden();

  // The menu's drawer.
  await page.getByRole('button', { name: 'Abrir o menu' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect((await onTopAt(page, submit)).searchButton).toBe(false);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // The save-search dialog: its field is what a tap reaches, not the search button.
  await page.getByRole('button', { name: 'Salvar esta pesquisa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Salvar esta pesquisa' });
  const name = dialog.getByRole('textbox', { name: /^Nome da pesquisa/ });
  await expect(name).toBeVisible();
  expect((await onTopAt(page, submit)).searchButton).toBe(false);
  for (const control of [name, dialog.getByRole('button', { name: 'Salvar', exact: true }), dialog.getByRole('button', { name: 'Cancelar' })]) {
    expect((await onTopAt(page, (await control.boundingBox())!)).searchButton).toBe(false);
  }
  await expectNoAxeViolations(page);
});

test('back from a title returns to the place in the list, with the focus on the link followed (issue 55)', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Termo de pesquisa').fill('educacao');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(countHeading(page)).toBeVisible();
  // The twelfth title, well down the page (told by its address: two titles may share a name).
  const link = results(page).nth(11).getByRole('link').first();
  const href = (await link.getAttribute('href'))!;
  await link.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const scrolled = await page.evaluate(() => window.scrollY);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(countHeading(page)).toBeVisible();
  await expect(results(page).locator(`a[href="${href}"]`)).toBeFocused();
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(40);

  // With the keyboard alone: Enter on a link, back, and the focus is on that link again.
  const other = results(page).nth(14).getByRole('link').first();
  const otherHref = (await other.getAttribute('href'))!;
  await other.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${otherHref}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(results(page).locator(`a[href="${otherHref}"]`)).toBeFocused();
});

test('the same search twice is one history entry; searches of the same words tell apart by their filters and sort (issue 55)', async ({ page }) => {
  await page.goto('/pesquisa-geral?termo1=educacao');
  await expect(countHeading(page)).toBeVisible();
  await page.goto('/pesquisa-geral?termo1=educacao&pagina=2');
  await expect(countHeading(page)).toBeVisible();
  await page.goto('/pesquisa-geral?termo1=educacao&filtro=I%3Apor');
  await expect(page.getByRole('group', { name: 'Filtros aplicados' })).toContainText('Idioma: Português');
  await page.goto('/pesquisa-geral?termo1=educacao&ordenacao=T');
  await expect(countHeading(page)).toBeVisible();
  await page.goto('/pesquisa-geral');
  const history = page.getByRole('region', { name: 'Pesquisas desta sessão' });
  await expect(history.getByRole('link')).toHaveText(['educacao — ordenado por Título', 'educacao — Idioma: Português', 'educacao']);
});

test('a search that finds nothing does not swap a name silently and offers next steps (issue 55)', async ({ page }) => {
  await page.goto('/pesquisa-geral?termo1=machado');
  await expect(countHeading(page)).toHaveText('Nenhum resultado');
  await expect(page.getByText(/^Você quis dizer: macedo\? \(\d+ títulos?\)$/)).toBeVisible();
  await expect(results(page)).toHaveCount(0);
  const next = page.getByRole('region', { name: 'Não encontrou o que procurava?' });
  await expect(next.getByRole('link', { name: 'Pedir a outra biblioteca (empréstimo entre bibliotecas)' })).toHaveAttribute(
    'href',
    '/meupergamum/emprestimo-entre-bibliotecas',
  );
  // The partner network's search is offered only while it has a partner (a journey of network.spec adds one): the same words there.
  const network = next.getByRole('link', { name: /bibliotecas parceiras/ });
  if ((await network.count()) > 0) await expect(network).toHaveAttribute('href', /^\/rede-pergamum\?termo1=machado&base=rede$/);
  await expectNoAxeViolations(page);
});

test('the results page brings no schemas: it reads its address without zod (issue 55)', async ({ page, request }) => {
  await page.goto('/pesquisa-geral?termo1=educacao');
  await expect(countHeading(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const names = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );
  const code = (await Promise.all(names.map(async (name) => (await request.get(name)).text()))).join('\n');
  expect(names.length).toBeGreaterThan(0);
  // zod's own error for a wrong type: in its chunk, which the home and title pages do not load either.
  expect(/Invalid input: expected/.test(code), 'zod is among the scripts of the results page').toBe(false);
});
