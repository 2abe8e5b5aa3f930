import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, mailbox, signIn } from './fixtures';

/*
 * The back office on screen (issues 20 and 18, the staff screens of issue 54): a purchase suggestion
 * sent from the footer is taken up, quoted, ordered and delivered by the acquisition staff in
 * "Aquisição", the patron following each step in Consulta de sugestões and by e-mail; and a
 * serial subscribed in "Periódicos" has an issue received from its Kardex with one key press,
 * which becomes an alert for the patron who follows the journal.
 */

/** A second person at another browser, signed in as `login` (a staff member beside the patron). */
async function colleague(browser: Browser, baseURL: string | undefined, login: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const page = await context.newPage();
  await signIn(page, login);
  return page;
}

async function mailboxHas(request: APIRequestContext, text: string) {
  await expect(async () => expect(await mailbox(request)).toContain(text)).toPass({ timeout: 20_000 });
}

/** The patron's row of the suggestion in Consulta de sugestões, read again. */
async function rowOf(page: Page, title: string) {
  await page.goto('/meupergamum/consulta-sugestoes');
  return page.getByRole('table', { name: 'Suas sugestões de aquisição' }).getByRole('row').filter({ hasText: title });
}

test('acquisitions on screen: a footer suggestion accepted, quoted, ordered and delivered in two parts, the patron told at each step', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  // The patron suggests a title from the footer, for the Campus Serra library (few journeys use it).
  await signIn(page, 'leitora');
  const title = `Bibliotecas escolares no Brasil ${Date.now()}`;
  await page.getByRole('contentinfo').getByRole('button', { name: 'Sugestão de aquisição', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Sugestão de aquisição' });
  await form.getByLabel(/^Campus/).selectOption({ label: 'Campus Serra' });
  await form.getByLabel(/^Biblioteca/).selectOption({ label: 'Biblioteca do Campus Serra' });
  await form.getByRole('textbox', { name: /^Título/ }).fill(title);
  await form.getByRole('textbox', { name: /^Autor/ }).fill('Campello, Bernadete');
  await form.getByRole('textbox', { name: /^Editora/ }).fill('Autêntica');
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sugestão de aquisição enviada com sucesso.' })).toBeVisible();
  let row = await rowOf(page, title);
  await expect(row).toContainText('Pré-sugestão');
  const id = /^(\d+)/.exec((await row.getByRole('cell').first().textContent())!)![1]!;

  // The acquisition staff find it in the queue and open it.
  const desk = await colleague(browser, baseURL, 'aquisicao');
  await desk.goto('/equipe');
  await desk.getByRole('navigation', { name: 'Seções da equipe' }).getByRole('link', { name: 'Aquisição' }).click();
  await expect(desk).toHaveURL(/\/equipe\/aquisicao$/);
  const queue = desk.getByRole('table', { name: /^Sugestões: Todas as situações, Todas as bibliotecas/ });
  await expect(queue.getByRole('row').filter({ hasText: title })).toContainText('Pré-sugestão');
  await expectNoAxeViolations(desk);
  await queue.getByRole('button', { name: `Abrir a sugestão nº ${id}` }).click();
  await expect(queue.getByRole('button', { name: `Fechar a sugestão nº ${id}` })).toHaveAttribute('aria-expanded', 'true');
  const detail = desk.getByRole('region', { name: `Sugestão nº ${id}: ${title}` });
  await expect(detail.getByRole('heading', { level: 3 })).toBeFocused();
  await expectNoAxeViolations(desk);
  const said = (text: string | RegExp) => desk.getByRole('status').filter({ hasText: text });

  // Accepted as a purchase suggestion.
  await detail
    .getByRole('form', { name: `Aceitar a sugestão nº ${id}` })
    .getByRole('button', { name: 'Aceitar como sugestão de compra' })
    .click();
  await expect(said(`Sugestão nº ${id} aceita: Sugestão de compra.`)).toBeVisible();
  await expect(said('Isabela Castro Moura recebe o aviso por e-mail.').locator('[tabindex="-1"]')).toBeFocused();
  await mailboxHas(request, `Sua sugestão de aquisição nº ${id}: Sugestão de compra`);
  row = await rowOf(page, title);
  await expect(row).toContainText('Sugestão de compra');

  // Quoted: 2 copies at R$ 84,50 from a supplier.
  const quote = detail.getByRole('form', { name: `Cotar a sugestão nº ${id}` });
  await quote.getByRole('textbox', { name: /^Exemplares a comprar/ }).fill('2');
  await quote.getByRole('textbox', { name: /^Preço unitário/ }).fill('84,50');
  await quote.getByRole('textbox', { name: /^Fornecedor/ }).fill('Livraria Serrana');
  await quote.getByRole('textbox', { name: /^Nota para o solicitante/ }).fill('Cotada na Livraria Serrana');
  await quote.getByRole('button', { name: 'Registrar cotação' }).click();
  await expect(said(new RegExp(`^Sugestão nº ${id} cotada \\(R\\$\\s84,50, Livraria Serrana\\): Em cotação\\.`))).toBeVisible();
  await mailboxHas(request, `Sua sugestão de aquisição nº ${id}: Em cotação`);
  row = await rowOf(page, title);
  await expect(row).toContainText('Em cotação');
  await expect(row).toContainText('Nota da biblioteca: Cotada na Livraria Serrana');

  // A purchase order with it, in the Pedidos tab.
  await desk.getByRole('tab', { name: 'Pedidos' }).click();
  const order = desk.getByRole('form', { name: 'Novo pedido de compra' });
  await order.getByLabel(/^Biblioteca/).selectOption({ label: 'Biblioteca do Campus Serra' });
  await order.getByRole('checkbox', { name: `Incluir a sugestão nº ${id}: ${title}` }).check();
  await expect(order.getByRole('textbox', { name: /^Fornecedor/ })).toHaveValue('Livraria Serrana');
  await order.getByRole('textbox', { name: /^Entrega prevista/ }).fill('2027-03-15');
  await order.getByRole('button', { name: 'Criar pedido' }).click();
  const placed = said(/^Pedido nº \d+ criado \(Livraria Serrana, Biblioteca do Campus Serra\) com 1 sugestão, agora Aguardando entrega\./);
  await expect(placed).toBeVisible();
  const orderId = /^Pedido nº (\d+)/.exec((await placed.textContent())!)![1]!;
  await mailboxHas(request, `Incluída no pedido de compra nº ${orderId}, entrega prevista para 15/03/2027`);
  row = await rowOf(page, title);
  await expect(row).toContainText('Aguardando entrega');
  await expect(row).toContainText(`Pedido de compra nº ${orderId}`);

  // The first copy arrives; then the second, catalogued as a title found with the title search.
  await desk.getByRole('tab', { name: 'Sugestões' }).click();
  await queue.getByRole('button', { name: `Abrir a sugestão nº ${id}` }).click();
  let deliver = detail.getByRole('form', { name: `Registrar a entrega da sugestão nº ${id}` });
  await deliver.getByRole('textbox', { name: /^Exemplares recebidos agora/ }).fill('1');
  await deliver.getByRole('button', { name: 'Registrar entrega' }).click();
  await expect(said(`Entrega registrada na sugestão nº ${id}: 1 de 2 exemplares (Parcialmente atendida).`)).toBeVisible();
  row = await rowOf(page, title);
  await expect(row).toContainText('Parcialmente atendida');
  await expect(row).toContainText('1 de 2');
  deliver = detail.getByRole('form', { name: `Registrar a entrega da sugestão nº ${id}` });
  await expect(deliver.getByRole('textbox', { name: /^Exemplares recebidos agora/ })).toHaveValue('1');
  const search = deliver.getByRole('group', { name: 'Buscar o título no catálogo' });
  await search.getByRole('textbox', { name: 'Palavras do título, autor ou ISBN' }).fill('pedagogia brasil contemporaneo');
  await search.getByRole('button', { name: 'Buscar', exact: true }).click();
  const use = search.getByRole('button', { name: /^Usar o título nº \d+: Pedagogia no Brasil contemporâneo$/ }).first();
  const titleId = /nº (\d+)/.exec((await use.getAttribute('aria-label'))!)![1]!;
  await use.click();
  const titleField = deliver.getByRole('textbox', { name: /^Nº do título no acervo/ });
  await expect(titleField).toHaveValue(titleId);
  await expect(titleField).toBeFocused();
  await deliver.getByRole('button', { name: 'Registrar entrega' }).click();
  await expect(said(`Entrega registrada na sugestão nº ${id}: 2 de 2 exemplares (Atendida).`)).toBeVisible();
  await mailboxHas(request, `Sua sugestão de aquisição nº ${id}: Atendida`);
  await expect(detail.getByRole('link', { name: `Título nº ${titleId}` })).toHaveAttribute('href', `/acervo/${titleId}`);
  const history = detail.getByRole('table', { name: `Histórico da sugestão nº ${id}` });
  await expect(history.getByRole('row').filter({ hasText: 'Parcialmente atendida' })).toHaveCount(1);
  await expect(history.getByRole('cell', { name: 'Atendida', exact: true })).toHaveCount(1);

  // The board: the suggestion among the ended ones.
  await desk.getByText('Quadro', { exact: true }).click();
  await expect(desk.getByRole('heading', { level: 3, name: /^Pré-sugestões \(\d+\)$/ })).toBeVisible();
  await desk.getByText(/^Encerradas? \(\d+\)$/).click();
  await expect(desk.getByRole('listitem').filter({ hasText: title }).getByRole('button', { expanded: true })).toBeVisible();
  await expectNoAxeViolations(desk);

  // The patron sees it attended, linked to the catalogue title.
  row = await rowOf(page, title);
  await expect(row).toContainText('Atendida');
  await expect(row).toContainText('2 de 2');
  await expect(row.getByRole('link', { name: title })).toHaveAttribute('href', `/acervo/${titleId}`);
  await desk.context().close();
});

/** A month `back` months before this one (UTC, as the server counts), as `YYYY-MM` and as the Kardex says it (`MM/YYYY`, `agosto de 2026`). */
function monthsAgo(back: number): { value: string; short: string; long: string } {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1, 12));
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  const long = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);
  return { value: `${at.getUTCFullYear()}-${month}`, short: `${month}/${at.getUTCFullYear()}`, long };
}

test('serials on screen: a subscription made, an issue received with Enter in its Kardex, an alert for the patron who follows the journal', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // A demo journal whose issues arrive at another library (Ciências da Saúde): its Kardex at the
  // Biblioteca Central starts empty, so the next issue expected is the subscription's first month.
  const journal = 'Revista brasileira de engenharia civil';
  const library = 'Biblioteca Central';

  // The patron follows it in the interest profile (new issues, by default).
  await signIn(page, 'mestrando');
  await page.goto('/meupergamum/perfil-interesse');
  await page.getByRole('tab', { name: 'Periódicos' }).click();
  const lookup = page.getByRole('search', { name: 'Procurar periódicos' });
  await lookup.getByLabel('Título do periódico').fill('revista engenharia civil');
  await lookup.getByRole('button', { name: 'Procurar' }).click();
  await page.getByRole('checkbox', { name: new RegExp(`^${journal} \\(ISSN `) }).check();
  await page.getByRole('button', { name: 'Adicionar ao perfil' }).click();
  const followed = page.getByRole('table', { name: 'Periódicos' });
  await expect(followed).toContainText(journal);
  await expect(followed.getByRole('group', { name: `Avisar de: ${journal}` }).getByRole('checkbox', { name: 'Fascículos novos' })).toBeChecked();

  // Cataloguing subscribes the Biblioteca Central to it, monthly, from three months ago.
  const desk = await colleague(browser, baseURL, 'catalogacao');
  await desk.goto('/equipe');
  await desk.getByRole('navigation', { name: 'Seções da equipe' }).getByRole('link', { name: 'Periódicos' }).click();
  await expect(desk).toHaveURL(/\/equipe\/periodicos$/);
  const serialLookup = desk.getByRole('search', { name: 'Procurar o periódico pelo título' });
  await serialLookup.getByRole('textbox', { name: /^Palavras do título/ }).fill('engenharia civil');
  await serialLookup.getByRole('button', { name: 'Procurar' }).click();
  await desk
    .getByRole('button', { name: new RegExp(`^Usar ${journal}, título nº \\d+$`) })
    .first()
    .click();
  const subscribe = desk.getByRole('form', { name: 'Nova assinatura' });
  const titleNumber = subscribe.getByRole('textbox', { name: /^Número do título/ });
  await expect(titleNumber).toBeFocused();
  await expect(titleNumber).toHaveValue(/^\d+$/);
  const start = monthsAgo(3);
  await subscribe.getByLabel(/^Biblioteca/).selectOption({ label: library });
  await subscribe.getByLabel(/^Primeiro mês/).fill(start.value);
  await subscribe.getByLabel(/^Periodicidade/).selectOption({ label: 'mensal' });
  await subscribe.getByRole('button', { name: 'Registrar a assinatura' }).click();
  await expect(desk.getByRole('status').filter({ hasText: `Assinatura registrada: ${journal}, ${library}, desde ` })).toBeVisible();

  // Its Kardex, opened from the list: "Receber o próximo" has the focus; one Enter receives the issue.
  await desk.getByRole('button', { name: `Abrir Kardex de ${journal}, ${library}` }).click();
  const kardex = desk.getByRole('region', { name: `${journal} — ${library}` });
  const receive = kardex.getByRole('button', { name: `Receber o próximo (${start.short})` });
  await expect(receive).toBeFocused();
  await expectNoAxeViolations(desk);
  await desk.keyboard.press('Enter');
  await expect(desk.getByRole('status').filter({ hasText: `Fascículo ${start.short} recebido.` })).toBeVisible();
  await expect(kardex.getByRole('button', { name: `Receber o próximo (${monthsAgo(2).short})` })).toBeFocused();
  const issues = kardex.getByRole('table', { name: `Fascículos de ${journal}, ${library}, os mais novos primeiro` });
  await expect(issues.getByRole('row').filter({ hasText: start.long })).toContainText('Recebido');
  await expect(issues.getByRole('row').filter({ hasText: monthsAgo(2).long })).toContainText('Em atraso');
  await expectNoAxeViolations(desk);
  await desk.context().close();

  // The matching job runs every minute; the administration runs it now.
  const admin = await colleague(browser, baseURL, 'administracao');
  await admin.goto('/equipe/tarefas');
  await admin.getByRole('button', { name: 'Executar agora a tarefa interest.match' }).click();
  await expect(admin.getByText('Tarefa interest.match pedida; começa em instantes.')).toBeVisible();
  await admin.context().close();

  // The patron's alert: the journal's new issue.
  await page.goto('/meupergamum/alertas');
  const alerts = page.getByRole('table', { name: 'Alertas' });
  const alert = alerts
    .getByRole('row')
    .filter({ hasText: journal })
    .filter({ hasText: `Fascículo novo: ${start.short}` });
  await expect(async () => {
    await page.reload();
    await expect(alert).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000, intervals: [2000] });
  await expect(alert).toContainText('Novo');
});
