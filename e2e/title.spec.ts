import { expect, type Page, test } from '@playwright/test';
import { type Copy, expectNoAxeViolations, signIn } from './fixtures';

async function openRayCharles(page: Page) {
  await page.goto('/pesquisa-geral?termo1=great%20ray%20charles');
  await page.getByRole('main').getByRole('article').first().getByRole('link', { name: 'The Great Ray Charles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Great Ray Charles' })).toBeVisible();
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Abas do título' });

test('a result opens the title page; every tab opens by click and by URL, with no axe violation', async ({ page }) => {
  // Nine tabs, each opened twice and checked by axe: longer than one journey's usual 30 s.
  test.setTimeout(90_000);
  await openRayCharles(page);
  await expect(page).toHaveURL(/\/acervo\/\d+$/);
  const base = new URL(page.url()).pathname;
  await expect(page.getByRole('img', { name: 'Capa: The Great Ray Charles' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^\d+ exemplar(es)?$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  const expected: [string, string, (p: Page) => ReturnType<Page['getByRole']>][] = [
    ['Referência', 'referencia', (p) => p.getByTestId('reference')],
    ['MARC', 'marc', (p) => p.getByRole('table', { name: /Registro MARC 21/ })],
    ['Exemplares', 'exemplares', (p) => p.getByRole('table', { name: /^\d+ exemplar(es)?$/ })],
    ['Dublin Core', 'dublin-core', (p) => p.getByRole('table', { name: /Dublin Core/ })],
    ['Reserva', 'reserva', (p) => p.getByText(/^Pode ser reservado em /)],
    // Where a copy can be sent from, or that none can now (this record's one copy on the shelf is in closed stacks).
    [
      'Solicitação de empréstimo',
      'solicitacao-emprestimo',
      (p) => p.getByText(/^(O empréstimo pode ser solicitado a: |Nenhuma biblioteca tem exemplares disponíveis para solicitar agora\.)/),
    ],
    ['Dados estatísticos', 'dados-estatisticos', (p) => p.getByRole('img', { name: /Gráfico de barras: empréstimos por mês/ })],
    ['Acervo fechado', 'acervo-fechado', (p) => p.getByRole('list', { name: 'Exemplares no acervo fechado' })],
    ['Sumários de livros', 'sumarios-livros', (p) => p.getByRole('listitem').filter({ hasText: 'My melancholy baby' })],
  ];
  await expect(tabs(page).getByRole('link')).toHaveText(expected.map(([label]) => label));
  for (const [label, segment, content] of expected) {
    await tabs(page).getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(`${base}/${segment}`);
    await expect(page.getByRole('heading', { level: 2, name: label })).toBeVisible();
    await expect(content(page)).toBeVisible();
    await expect(tabs(page).getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
  }
  // By URL, straight into a tab; a tab this title has no data for says so.
  await page.goto(`${base}/dublin-core`);
  await expect(page.getByRole('cell', { name: 'The Great Ray Charles [sound recording]', exact: true })).toBeVisible();
  await page.goto(`${base}/colecao-kardex`);
  await expect(page.getByText('Este título não tem dados nesta aba.')).toBeVisible();
});

test('the ABNT reference is copied to the clipboard; APA is a click away', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openRayCharles(page);
  await tabs(page).getByRole('link', { name: 'Referência' }).click();
  const reference = page.getByTestId('reference');
  // A recording with no author but a performer (NBR 6023:2018, 7.13): entered under its title — the
  // first word in capitals, with its article —, the performer credited, the probable date as
  // catalogued, the physical description.
  const abnt = 'THE GREAT Ray Charles. Intérprete: Ray Charles. New York, N.Y.: Atlantic, [1957?]. 1 sound disc, analog, 33 1/3 rpm, 12 in.';
  await expect(reference).toHaveText(abnt);
  await page.getByRole('button', { name: 'Copiar referência' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Referência copiada.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(abnt);
  await page.getByText('APA', { exact: true }).click();
  await expect(reference).toHaveText('Charles, R. (1957). The Great Ray Charles [Álbum]. Atlantic.');
});

test('copies can be narrowed to one library', async ({ page }) => {
  await openRayCharles(page);
  const table = page.getByRole('table', { name: /^\d+ exemplar(es)?$/ });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const libraries = await table.locator('tbody tr td:nth-child(2)').allTextContents();
  expect(new Set(libraries).size).toBeGreaterThan(1);
  const chosen = libraries[libraries.length - 1]!;
  await page.getByRole('region', { name: 'Exemplares' }).getByRole('textbox', { name: 'Biblioteca' }).click();
  await page.getByRole('option', { name: chosen, exact: true }).click();
  await expect(table).toHaveAccessibleName('1 exemplar');
  await expect(table.locator('tbody tr td:nth-child(2)')).toHaveText([chosen]);
  await expectNoAxeViolations(page);
});

test('a signed-in patron comments; the comment awaits approval until a moderator approves it on the staff screen', async ({ page, browser, baseURL }) => {
  const text = `Comentário de teste ${Date.now()}: <b>negrito</b> fica como texto.`;
  await openRayCharles(page);
  const here = new URL(page.url()).pathname;
  await expect(page.getByText('Realize o login para enviar um comentário.')).toBeVisible();
  // The login form in a modal (spec §2): signing in keeps the patron on the title.
  await page.getByRole('region', { name: 'Comentários' }).getByRole('button', { name: 'Entrar' }).click();
  const modal = page.getByRole('dialog', { name: 'Entrar' });
  await modal.getByLabel('Matrícula ou CPF').fill('aluno');
  await modal.getByRole('textbox', { name: 'Senha', exact: true }).fill('senha-errada');
  await modal.getByRole('button', { name: 'Entrar' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Matrícula ou CPF ou senha incorretos.');
  await expect(modal.getByText('Depois de entrar, ir para')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await modal.getByRole('textbox', { name: 'Senha', exact: true }).fill('estante123');
  await modal.getByRole('button', { name: 'Entrar' }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(here);
  await expect(page.getByRole('banner')).toContainText('Olá, Ana');

  const section = page.getByRole('region', { name: 'Comentários' });
  await section.getByRole('textbox', { name: 'Biblioteca' }).click();
  await page.getByRole('option', { name: 'Biblioteca Central' }).click();
  await section.getByLabel('Comentário').fill(text);
  await page.getByRole('button', { name: 'Enviar comentário' }).click();
  await expect(page.getByText('Comentário enviado. Ele será publicado depois de aprovado pela biblioteca.')).toBeVisible();
  const mine = page.getByRole('article').filter({ hasText: text });
  await expect(mine).toContainText('Aguardando aprovação');
  await expectNoAxeViolations(page);

  // The moderator approves it on the staff area's moderation screen.
  const other = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const moderator = await other.newPage();
  await signIn(moderator, 'moderacao');
  await moderator.goto('/equipe/moderacao');
  const awaiting = moderator.getByRole('article').filter({ hasText: text });
  await expect(awaiting).toContainText('Ana Beatriz Souza');
  await expectNoAxeViolations(moderator);
  await awaiting.getByRole('button', { name: /^Aprovar/ }).click();
  await expect(moderator.getByRole('status').filter({ hasText: 'Comentário aprovado: publicado na página do título.' })).toBeVisible();
  await expect(moderator.getByRole('article').filter({ hasText: text })).toHaveCount(0);
  await other.close();

  await page.reload();
  const published = page.getByRole('article').filter({ hasText: text });
  await expect(published).toContainText('Ana,');
  await expect(published).not.toContainText('Aguardando aprovação');
  await expect(published.locator('b')).toHaveCount(0);
});

test('an authority page lists its references and titles, and has a MARC tab', async ({ page }) => {
  await page.goto('/autoridades?search_text=souza&tipo=autor_pessoa');
  await page.getByRole('link', { name: 'Registro de autoridade de Souza, Salvador' }).click();
  await expect(page).toHaveURL(/\/autoridade\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Souza, Salvador' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Formas não usadas/ })).toContainText('Salvador Souza');
  const titles = page.getByRole('region', { name: /^\d+ títulos?$/ });
  await expect(titles.getByRole('listitem').first()).toBeVisible();
  await expectNoAxeViolations(page);
  // A title listed there names Souza, Salvador as its author.
  await titles.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/acervo\/\d+$/);
  await expect(page.getByRole('link', { name: 'Souza, Salvador' }).first()).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'MARC', exact: true }).click();
  await expect(page).toHaveURL(/\/autoridade\/\d+\/marc$/);
  await expect(page.getByRole('rowheader', { name: /^100\s*Cabeçalho - Nome pessoal/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a serial's Kardex shows a year of issues, received or missing, and an issue's contents", async ({ page }) => {
  await page.goto('/pesquisa-geral?termo1=revista&filtro=T%3A2');
  await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
  await tabs(page).getByRole('link', { name: 'Coleção (Kardex)' }).click();
  await expect(page).toHaveURL(/\/acervo\/\d+\/colecao-kardex$/);
  const table = page.getByRole('table', { name: /fascículos? em \d{4}/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole('cell', { name: /^Recebido em / }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await table
    .getByRole('button', { name: /artigos?$/ })
    .first()
    .click();
  const contents = page.getByRole('region', { name: /^v\. \d+, n\. \d+/ });
  await expect(contents.getByRole('listitem')).toHaveCount(3);
  await tabs(page).getByRole('link', { name: 'Sumários', exact: true }).click();
  await expect(
    page
      .getByRole('region', { name: /^v\. \d+, n\. \d+/ })
      .first()
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a signed-in patron asks for a closed-stacks copy and gets a protocol', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Matrícula ou CPF').fill('professor');
  await page.getByLabel('Senha').fill('estante123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('banner')).toContainText('Olá, Carlos');
  await openRayCharles(page);
  await tabs(page).getByRole('link', { name: 'Acervo fechado' }).click();
  const copies = page.getByRole('list', { name: 'Exemplares no acervo fechado' });
  await expect(copies).toContainText('disponível para retirada');
  await page.getByRole('button', { name: 'Solicitar retirada' }).click();
  const protocol = page.getByRole('status').filter({ hasText: 'Pedido registrado' });
  await expect(protocol).toContainText(/protocolo AF\d{4}-\d{6}/);
  await expect(protocol).toContainText('The Great Ray Charles');
  await expect(copies).toContainText('indisponível no momento');
  await expect(page.getByRole('button', { name: 'Solicitar retirada' })).toBeDisabled();
  await expectNoAxeViolations(page);
});

/**
 * The page of a title with a hold tab and a loan request tab whose every copy is a normal-loan copy
 * on the shelf (read with the anonymous token): no hold is needed at any library, for anyone.
 */
async function titleAllOnTheShelf(page: Page): Promise<string> {
  const token = await page.request.post('/svc/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: 'estante-web', client_secret: 'estante-public' },
  });
  const headers = { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
  for (let id = 1; id <= 300; id++) {
    const copies = (await (await page.request.get(`/svc/acervo/${id}/exemplares`, { headers })).json()) as { exemplares?: Copy[] };
    if (!copies.exemplares?.length || !copies.exemplares.every((c) => c.situacao === 'disponivel' && c.tipo_emprestimo === 'Normal')) continue;
    const record = (await (await page.request.get(`/svc/acervo/${id}`, { headers })).json()) as { abas: string[] };
    if (record.abas.includes('18') && record.abas.includes('75')) return `/acervo/${id}`;
  }
  throw new Error('no title of the demo library has every copy on the shelf');
}

test('the hold and loan request tabs say the same before and after signing in (issue 55)', async ({ page }) => {
  // Every library that lends this title has a copy on the shelf: no hold is needed, signed in or not.
  const shelved = await titleAllOnTheShelf(page);
  const noHold = /^Não é preciso reservar: há exemplares na estante/;
  await page.goto(`${shelved}/reserva`);
  await expect(page.getByText(noHold)).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Disponível agora — retire no balcão, sem reserva:' })).toBeVisible();
  await expect(page.getByText('Entre para reservar este título.')).toHaveCount(0);
  await expect(page.getByText(/pode ser reservado/i)).toHaveCount(0);
  await page.goto(`${shelved}/solicitacao-emprestimo`);
  const request = page.getByText(/^O empréstimo pode ser solicitado a: /);
  const requestSaid = await request.textContent();

  // Ray Charles: out at one library, on the shelf at another. The visitor signs in on the tab itself.
  await openRayCharles(page);
  const rayCharles = new URL(page.url()).pathname;
  await tabs(page).getByRole('link', { name: 'Reserva', exact: true }).click();
  const holdable = page.getByText(/^Pode ser reservado em /);
  const holdSaid = await holdable.textContent();
  await expect(page.getByText('Entre para reservar este título.')).toBeVisible();
  const login = page.locator('form', { has: page.getByLabel('Matrícula ou CPF') });
  await login.getByLabel('Matrícula ou CPF').fill('aluno');
  await login.getByRole('textbox', { name: 'Senha', exact: true }).fill('estante123');
  await login.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('banner')).toContainText('Olá, Ana');
  await expect(page).toHaveURL(`${rayCharles}/reserva`);
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Reservar' }) });
  await expect(form.getByRole('textbox', { name: 'Biblioteca' })).toBeVisible();
  await expect(page.getByText(/^Pode ser reservado em /)).toHaveText(holdSaid!);
  await expect(page.getByText('Entre para reservar este título.')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Signed in, the title with copies on the shelf still needs no hold, and offers no form.
  await page.goto(`${shelved}/reserva`);
  await expect(page.getByText(noHold)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reservar' })).toHaveCount(0);
  await page.goto(`${shelved}/solicitacao-emprestimo`);
  await expect(page.getByText(/^O empréstimo pode ser solicitado a: /)).toHaveText(requestSaid!);
  await expect(page.getByRole('button', { name: 'Enviar solicitação' })).toBeVisible();
});

test('the title page says whether a copy is on the shelf before its long description (issue 55)', async ({ page }) => {
  await openRayCharles(page);
  const terms = page.getByRole('main').locator('dl').first().locator('dt');
  await expect(terms.first()).toHaveText('Disponibilidade');
  expect(await terms.count()).toBeGreaterThan(5);
});

test("a copy on loan past its due date is said to be late on the title's copies (issue 55)", async ({ page }) => {
  // Ana has one overdue loan (the demo library): its copy, on the title page, is late too.
  await signIn(page, 'aluno');
  await page.goto('/meupergamum/emprestimos');
  const overdue = page
    .getByRole('table', { name: 'Empréstimos em aberto' })
    .getByRole('row')
    .filter({ hasText: /Em atraso há \d+ dias?/ });
  await expect(overdue).toHaveCount(1);
  const tombo = /Exemplar (\S+)/.exec((await overdue.textContent())!)![1]!;
  await overdue.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/acervo\/\d+$/);
  const copy = page
    .getByRole('table', { name: /^\d+ exemplar(es)?$/ })
    .getByRole('row')
    .filter({ hasText: tombo });
  await expect(copy).toContainText(/Emprestado — em atraso: devolução prevista para \d{2}\/\d{2}\/\d{4}/);
  await expectNoAxeViolations(page);
});
