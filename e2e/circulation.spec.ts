import { expect, type Page, test } from '@playwright/test';
import { type Copy, copiesOf, expectNoAxeViolations, mailbox, signIn, staff } from './fixtures';

// Lends and returns copies at the desk, so it runs alone, after the other journeys (playwright.config.ts).
test.describe.configure({ mode: 'serial' });

test('a hold on a title whose copies are all lent: the queue place, released at check-in, then cancelled', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/pesquisa-geral?termo1=great%20ray%20charles');
  await page.getByRole('main').getByRole('article').first().getByRole('link', { name: 'The Great Ray Charles' }).click();
  const id = /\/acervo\/(\d+)/.exec(page.url())![1]!;
  // At the library with most lendable copies, the desk lends every one still on the shelf.
  const lendable = (await copiesOf(page, id)).filter((c) => c.tipo_emprestimo === 'Normal' || c.tipo_emprestimo === 'Curto prazo');
  const counts = new Map<number, number>();
  for (const c of lendable) counts.set(c.cod_biblioteca, (counts.get(c.cod_biblioteca) ?? 0) + 1);
  const library = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  const here = lendable.filter((c) => c.cod_biblioteca === library);
  for (const c of here.filter((c) => c.situacao === 'disponivel')) expect(staff('circ', 'checkout', c.tombo, 'professor')).toContain('lent to Carlos');
  // Carlos borrows one more: a copy someone else had comes back and goes to him.
  const lent = (await copiesOf(page, id)).find((c) => c.cod_biblioteca === library && c.situacao === 'emprestado' && here.some((h) => h.tombo === c.tombo))!;
  expect(staff('circ', 'checkin', lent.tombo)).toContain('back on the shelf');
  expect(staff('circ', 'checkout', lent.tombo, 'professor')).toContain('lent to Carlos');

  await signIn(page, 'aluno');
  await page.goto(`/acervo/${id}/reserva`);
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Reservar' }) });
  await form.getByRole('textbox', { name: 'Biblioteca' }).click();
  // Libraries with a copy on the shelf are named up front (take it at the desk) and not offered for a hold.
  const onShelf = new Set(
    (await copiesOf(page, id))
      .filter((c) => c.situacao === 'disponivel' && (c.tipo_emprestimo === 'Normal' || c.tipo_emprestimo === 'Curto prazo'))
      .map((c) => c.desc_biblioteca),
  );
  for (const name of onShelf) {
    await expect(page.getByRole('note')).toContainText(`${name}:`);
    await expect(page.getByRole('option', { name: new RegExp(`^${name} \\(`) })).toHaveCount(0);
  }
  await page.getByRole('option', { name: `${here[0]!.desc_biblioteca} (ninguém na fila)` }).click();
  await form.getByRole('button', { name: 'Reservar' }).click();
  await expect(page.getByText('Você será o nº 1 na fila.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirmar reserva' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reserva feita: você é o nº 1 na fila.' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver minhas reservas' }).click();
  await expect(page).toHaveURL('/meupergamum/reservas');
  const holds = page.getByRole('table', { name: 'Minhas reservas' });
  await expect(holds.getByRole('row').filter({ hasText: 'The Great Ray Charles' })).toContainText('Na fila: nº 1');
  await expectNoAxeViolations(page);

  // Carlos, who has the copies, cannot renew one while Ana waits for the title.
  const other = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin, locale: 'pt-BR' });
  const carlos = await other.newPage();
  await signIn(carlos, 'professor');
  await carlos.goto('/meupergamum/emprestimos');
  await carlos.getByRole('checkbox', { name: 'Selecionar o empréstimo de The Great Ray Charles' }).first().check();
  await carlos.getByRole('button', { name: 'Renovar selecionados' }).click();
  await expect(carlos.getByRole('status', { name: 'Resultado da renovação' })).toContainText(
    'The Great Ray Charles: não renovado. Não é possível renovar: outro usuário reservou este título.',
  );
  await other.close();

  // The desk takes a copy back: it is kept for Ana, with a pick-up deadline.
  expect(staff('circ', 'checkin', lent.tombo)).toMatch(/kept for hold \d+ until/);
  await page.reload();
  await expect(holds.getByRole('row').filter({ hasText: 'The Great Ray Charles' })).toContainText(`Liberada: retire até`);
  await expect(holds).toContainText(`exemplar ${lent.tombo}`);

  // Cancelling needs a selection and a confirmation.
  await page.getByRole('button', { name: 'Cancelar selecionadas' }).click();
  await expect(page.getByRole('alert')).toHaveText('Selecione uma reserva para cancelar.');
  await page.getByRole('checkbox', { name: 'Selecionar a reserva de The Great Ray Charles' }).check();
  await page.getByRole('button', { name: 'Cancelar selecionadas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar reservas' });
  await expect(dialog).toContainText('Cancelar 1 reserva?');
  await dialog.getByRole('button', { name: 'Cancelar reservas' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 reserva cancelada.' })).toBeVisible();
  await expect(page.getByText('Você não tem reservas.')).toBeVisible();

  // The history opens on the last 12 months (both dates filled in); a period needs both dates, in order.
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.getByLabel(/^Até( \*)?$/)).toHaveValue(today);
  await page.getByLabel(/^Até( \*)?$/).fill('');
  await page.getByRole('button', { name: 'Mostrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Informe a data inicial e a final.');
  await page.getByLabel(/^De( \*)?$/).fill(today);
  await page.getByLabel(/^Até( \*)?$/).fill(today);
  await page.getByRole('button', { name: 'Mostrar' }).click();
  await expect(page.getByRole('table', { name: 'Histórico de reservas' })).toContainText('Cancelada');
  await expectNoAxeViolations(page);
});

test('loans: overdue marked, renew the selected ones with a receipt, refused with the reason, history', async ({ page }) => {
  await signIn(page, 'aluno');
  await page.goto('/meupergamum');
  await page.getByRole('navigation', { name: 'Menu do Meu Pergamum' }).getByRole('link', { name: 'Empréstimos' }).click();
  await expect(page).toHaveURL('/meupergamum/emprestimos');
  const table = page.getByRole('table', { name: 'Empréstimos em aberto' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table).toContainText(/Em atraso há \d+ dias?/);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Renovar selecionados' }).click();
  await expect(page.getByRole('alert')).toHaveText('Selecione um item para renovar.');
  // One loan on time and the overdue one.
  const rows = table.getByRole('row');
  const overdue = rows.filter({ hasText: 'Em atraso' });
  const onTime = rows.filter({ hasNotText: 'Em atraso' }).nth(1);
  const onTimeTitle = (await onTime.getByRole('link').textContent())!;
  await onTime.getByRole('checkbox').check();
  await overdue.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Renovar selecionados' }).click();
  const outcome = page.getByRole('status', { name: 'Resultado da renovação' });
  await expect(outcome).toContainText(`${onTimeTitle}: renovado até`);
  await expect(outcome).toContainText('não renovado. Empréstimo em atraso: devolva o exemplar na biblioteca.');
  await expect(outcome).toContainText(/Chave de verificação: [0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}/);
  await expect(onTime).toContainText('1 de');
  await expectNoAxeViolations(page);
  // The history of the last two years lists the returned loans.
  const today = new Date();
  const from = new Date(today.getTime() - 730 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel(/^De( \*)?$/).fill(from);
  await page.getByLabel(/^Até( \*)?$/).fill(today.toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Mostrar' }).click();
  await expect(page.getByRole('table', { name: 'Histórico de empréstimos' }).getByRole('row')).not.toHaveCount(0);
});

test('debts with their payment slip; the no-debts declaration refused with open loans, issued without; the loan token', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await signIn(page, 'devedor');
  await page.goto('/meupergamum/debitos');
  const debts = page.getByRole('table', { name: 'Débitos em aberto' });
  await expect(debts).toContainText('Multa por atraso');
  await expect(debts).toContainText('Perda de material');
  await expect(page.getByText('Total a pagar: R$ 72,40')).toBeVisible();
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Gerar guia de pagamento (PDF)' }).click();
  const slip = await download;
  expect(slip.suggestedFilename()).toMatch(/^guia-de-recolhimento-\d{16}\.pdf$/);
  const bytes = await (await slip.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByRole('status').filter({ hasText: 'Guia de pagamento baixada' })).toBeVisible();

  // With loans and debts open, the declaration cannot be issued, and the page says why.
  await page.goto('/meupergamum/nada-consta');
  const refused = page.getByRole('note').filter({ hasText: 'A declaração não pode ser emitida agora' });
  await expect(refused).toContainText('Há 2 empréstimos em aberto: devolva os exemplares.');
  await expect(refused).toContainText('Há débitos de R$ 72,40 a pagar.');
  await expect(page.getByRole('button', { name: 'Emitir declaração' })).toHaveCount(0);

  // Gustavo owes nothing: he gets it, as a PDF with its code, and by e-mail; it ends his link.
  const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const gustavo = await context.newPage();
  await signIn(gustavo, 'comunidade');
  await gustavo.goto('/meupergamum/nada-consta');
  await gustavo.getByRole('button', { name: 'Emitir declaração' }).click();
  const dialog = gustavo.getByRole('dialog', { name: 'Emitir a declaração de nada consta' });
  await expect(dialog).toContainText('seu vínculo com as bibliotecas é encerrado');
  await dialog.getByRole('button', { name: 'Emitir declaração' }).click();
  await expect(
    gustavo.getByRole('status').filter({ hasText: /Declaração emitida\. Código de verificação: [0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}/ }),
  ).toBeVisible();
  const pdf = gustavo.waitForEvent('download');
  await gustavo.getByRole('button', { name: 'Baixar declaração (PDF)' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/^nada-consta-[0-9A-F-]{14}\.pdf$/);
  await gustavo.getByRole('button', { name: 'Enviar por e-mail' }).click();
  await expect(gustavo.getByRole('status').filter({ hasText: 'Declaração enviada para gustavo.teixeira@demo.estante.local.' })).toBeVisible();
  await expectNoAxeViolations(gustavo);
  await gustavo.getByRole('navigation', { name: 'Menu do Meu Pergamum' }).getByRole('link', { name: 'Afastamentos' }).click();
  await expect(gustavo.getByRole('table', { name: 'Afastamentos' })).toContainText('Nada consta emitido: vínculo com as bibliotecas encerrado');

  // The loan token for the kiosk.
  await gustavo.goto('/meupergamum/token');
  await expect(gustavo.getByText('Você não tem um token válido.')).toBeVisible();
  await gustavo.getByRole('button', { name: 'Gerar novo token' }).click();
  await expect(gustavo.getByRole('status')).toContainText(/^\d{6}Válido até/);
  await expectNoAxeViolations(gustavo);
  await context.close();
});

test('a loan request: the form’s rules, sent, then found among the requests by status', async ({ page }) => {
  await page.goto('/pesquisa-geral?termo1=great%20ray%20charles');
  await page.getByRole('main').getByRole('article').first().getByRole('link', { name: 'The Great Ray Charles' }).click();
  const id = /\/acervo\/(\d+)/.exec(page.url())![1]!;
  await signIn(page, 'mestrando');
  await page.goto(`/acervo/${id}/solicitacao-emprestimo`);
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Enviar solicitação' }) });
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(form.getByRole('alert')).toHaveText('Corrija os campos indicados.');
  await expect(form.getByText('Escolha a biblioteca de recebimento.')).toBeVisible();
  await expect(form.getByText('Informe o telefone.')).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByRole('textbox', { name: 'Biblioteca de origem' }).click();
  await page
    .getByRole('option')
    .filter({ hasText: /disponíve(l|is)/ })
    .first()
    .click();
  await form.getByRole('textbox', { name: 'Biblioteca de recebimento' }).click();
  await page.getByRole('option', { name: 'Biblioteca Central' }).click();
  await form.getByRole('textbox', { name: 'Telefone' }).fill('48 9999x');
  await form.getByRole('radio', { name: 'No meu domicílio' }).check();
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(form.getByText('Telefone: até 16 caracteres, só números, hífen, parênteses e espaço.')).toBeVisible();
  await expect(form.getByText('Informe o endereço do domicílio.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Telefone' }).fill('(48) 99999-0000');
  await form.getByRole('textbox', { name: 'Endereço do domicílio' }).fill('Rua das Acácias, 45, Trindade');
  await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveValue('eduardo.alves@demo.estante.local');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(form.getByRole('status')).toContainText('Solicitação enviada.');
  await form.getByRole('link', { name: 'Minhas solicitações de empréstimo' }).click();
  await expect(page).toHaveURL('/meupergamum/solicitacoes');
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel(/^De( \*)?$/).fill(today);
  await page.getByLabel(/^Até( \*)?$/).fill(today);
  await page.getByRole('textbox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'Aguardando' }).click();
  await page.getByRole('button', { name: 'Mostrar' }).click();
  const table = page.getByRole('table', { name: 'Minhas solicitações de empréstimo' });
  await expect(table).toContainText('The Great Ray Charles');
  await expect(table).toContainText('No meu domicílio');
  await expectNoAxeViolations(page);
});

/** A token of `login` (the demo password), for the calls a journey makes beside the screens. */
async function tokenOf(page: Page, login: string): Promise<string> {
  const response = await page.request.post('/svc/oauth/token', {
    form: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: login, password: 'estante123' },
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Copies of generated titles the desk may lend: on the shelf, of a loan type that lends, the only
 * such copy of the title at its library (so a patron may hold the title there once it is lent).
 */
async function lendableCopies(page: Page, wanted: number): Promise<(Copy & { id: string })[]> {
  const found: (Copy & { id: string })[] = [];
  for (let id = 2150; found.length < wanted && id > 1500; id--) {
    const copies = await copiesOf(page, String(id));
    const lends = (c: Copy) => c.tipo_emprestimo === 'Normal' || c.tipo_emprestimo === 'Curto prazo';
    const pick = copies.find(
      (c) => c.situacao === 'disponivel' && lends(c) && copies.filter((o) => o.cod_biblioteca === c.cod_biblioteca && lends(o)).length === 1,
    );
    if (pick) found.push({ ...pick, id: String(id) });
  }
  return found;
}

test('the desk: three copies lent to aluno by barcode and Enter, a fourth refused past the limit, a late return fined, a hold released and its holder e-mailed, a copy sent in transit', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const [first, second, third, fourth] = await lendableCopies(page, 4);
  expect(fourth).toBeDefined();
  await signIn(page, 'balcao');
  const link = page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Equipe' });
  await link.click();
  await page.getByRole('navigation', { name: 'Seções da equipe' }).getByRole('link', { name: 'Balcão de circulação' }).click();
  await expect(page).toHaveURL(/\/equipe\/balcao$/);
  const input = page.getByRole('textbox', { name: 'Leitor, exemplar ou nome' });
  await expect(input).toBeFocused();
  await expectNoAxeViolations(page);

  // Keyboard only, as a scanner types: the card, three copies, then the receipt by e-mail.
  let keys = 0;
  const scan = async (code: string) => {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    keys++;
  };
  const status = page.getByRole('status').filter({ hasText: /\S/ }).last();
  await scan('aluno');
  await expect(page.getByRole('heading', { name: 'Leitor: Ana Beatriz Souza' })).toBeVisible();
  await expect(page.getByText('3 de 6 empréstimos')).toBeVisible();
  for (const copy of [first!, second!, third!]) {
    await expect(input).toBeFocused();
    await scan(copy.tombo);
    await expect(status).toContainText(`Emprestado a Ana Beatriz Souza:`);
    await expect(status).toContainText(`(exemplar ${copy.tombo})`);
  }
  await expect(page.getByText('6 de 6 empréstimos')).toBeVisible();
  const receipt = page.getByRole('button', { name: 'Enviar recibo por e-mail' });
  while (!(await receipt.evaluate((button) => button === document.activeElement))) {
    await page.keyboard.press('Tab');
    keys++;
    expect(keys).toBeLessThanOrEqual(14);
  }
  await page.keyboard.press('Enter');
  keys++;
  await expect(status).toContainText('Recibo de 6 empréstimos enviado para ana.souza@demo.estante.local, em português.');
  expect(keys).toBeLessThanOrEqual(15);
  test.info().annotations.push({ type: 'key presses beyond the barcodes', description: String(keys) });
  await expect
    .poll(async () => mailbox(page.request))
    .toMatch(/<h2>Seus empréstimos na biblioteca<\/h2><p><strong>Para:<\/strong> ana.souza@demo.estante.local/);

  // A fourth copy passes her category's limit: refused, with the reason in words.
  await input.focus();
  await scan(fourth!.tombo);
  await expect(page.getByRole('alert').filter({ hasText: /\S/ }).last()).toContainText('A pessoa já tem 6 empréstimos abertos, o limite da sua categoria (6).');
  await expect(page.getByRole('button', { name: 'Emprestar mesmo assim' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Her overdue loan comes back late: fined.
  const overdue = page.getByRole('table', { name: 'Empréstimos de Ana Beatriz Souza' }).getByRole('row').filter({ hasText: 'em atraso' });
  const lateCopy = (await overdue.getByRole('cell').nth(1).textContent())!.trim();
  await page.getByRole('button', { name: 'Fechar leitor' }).click();
  await expect(input).toBeFocused();
  await scan(lateCopy);
  await expect(status).toContainText(`(exemplar ${lateCopy})`);
  await expect(status).toContainText('Estava com Ana Beatriz Souza.');
  await expect(status).toContainText(/Multa de R\$\s?\d+,\d{2}\./);

  // Eduardo holds the first title where its copy is; the copy comes back and is kept for him, and he is e-mailed.
  const eduardo = await tokenOf(page, 'mestrando');
  const hold = await page.request.post('/svc/reserva', {
    headers: { authorization: `Bearer ${eduardo}` },
    data: { cod_acervo: Number(first!.id), biblioteca: first!.cod_biblioteca },
  });
  expect(hold.ok()).toBe(true);
  await scan(first!.tombo);
  await expect(status).toContainText('Separar para Eduardo Martins Alves até');
  await expect(page.getByRole('table', { name: 'Estante de reservas' })).toContainText('Eduardo Martins Alves');
  await expect
    .poll(async () => mailbox(page.request))
    .toMatch(/<h2>Sua reserva está disponível: [^<]+<\/h2><p><strong>Para:<\/strong> eduardo.alves@demo.estante.local/);
  await expectNoAxeViolations(page);
  await page.getByRole('region', { name: 'Barra de acessibilidade' }).getByLabel('Cores').selectOption('contraste');
  await expect(page.locator('html')).toHaveClass(/cor-contraste/);
  await expectNoAxeViolations(page);

  // Ana sees the fine on her Débitos page.
  const other = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const ana = await other.newPage();
  await signIn(ana, 'aluno');
  await ana.goto('/meupergamum/debitos');
  await expect(ana.getByRole('table', { name: 'Débitos em aberto' })).toContainText('Multa por atraso');
  await other.close();

  // The second copy comes back at another library's desk: in transit home, with a slip to print.
  const deskLibrary = page.getByLabel('Biblioteca do balcão');
  const elsewhere = (await deskLibrary.locator('option').allTextContents()).find((name) => name !== 'Não informada' && name !== second!.desc_biblioteca)!;
  await deskLibrary.selectOption({ label: elsewhere });
  await input.focus();
  await scan(second!.tombo);
  await expect(status).toContainText(`Enviar para ${second!.desc_biblioteca}.`);
  const slip = page.getByRole('region', { name: 'Guia de trânsito' }).or(
    page
      .locator('section, div')
      .filter({ has: page.getByRole('heading', { name: 'Guia de trânsito' }) })
      .last(),
  );
  await expect(slip.first()).toContainText(second!.tombo);
  await expect(page.getByRole('button', { name: 'Imprimir guia' })).toBeVisible();
  await expectNoAxeViolations(page);
  // The third back at its own library (none chosen): on the shelf.
  await deskLibrary.selectOption({ label: 'Não informada' });
  await input.focus();
  await scan(third!.tombo);
  await expect(status).toContainText(`(exemplar ${third!.tombo})`);
});

test("a category's loan limit lowered on the settings screen refuses the desk's next check-out, in words", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const [copy] = await lendableCopies(page, 1);
  expect(copy).toBeDefined();
  // The administration, in a browser of its own, gives professors no loan at all.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, 'administracao');
  await admin.goto('/equipe/configuracoes');
  await admin.getByRole('tab', { name: 'Políticas de empréstimo' }).click();
  const limit = admin.getByRole('textbox', { name: /^Limite de empréstimos de Professor/ });
  const before = await limit.inputValue();
  const setLimit = async (value: string, said: RegExp) => {
    await limit.fill(value);
    await admin.getByRole('button', { name: 'Salvar o limite de Professor' }).click();
    await expect(admin.getByRole('status').filter({ hasText: said })).toBeVisible();
  };
  await setLimit('0', /Limite de Professor salvo: nenhum empréstimo\./);
  await expectNoAxeViolations(admin);
  try {
    await signIn(page, 'balcao');
    await page.goto('/equipe/balcao');
    const input = page.getByRole('textbox', { name: 'Leitor, exemplar ou nome' });
    await input.fill('professor');
    await input.press('Enter');
    await expect(page.getByRole('heading', { name: 'Leitor: Carlos Eduardo Pereira' })).toBeVisible();
    await input.fill(copy!.tombo);
    await input.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: /\S/ }).last()).toContainText(/o limite da sua categoria \(0\)\./);
  } finally {
    await setLimit(before, /Limite de Professor salvo/);
    await context.close();
  }
});
