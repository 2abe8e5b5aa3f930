import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, mailbox, signIn, staff } from './fixtures';

/*
 * The patron's requests (issue 19), one journey per type: the form refuses a bad value with the
 * §5 message, the request goes to the library (its e-mail in the sink), the library answers
 * with `npm run requests -- status N …`, and the patron sees the status and the note, and gets
 * the e-mail about it.
 */

/** The request number the confirmation gives. */
async function sent(page: Page): Promise<string> {
  const notice = page.getByRole('status').filter({ hasText: /enviada à biblioteca/ });
  await expect(notice).toBeVisible();
  return /Solicitação (\d+)/.exec((await notice.textContent())!)![1]!;
}

async function mailboxHas(request: APIRequestContext, text: string) {
  await expect(async () => expect(await mailbox(request)).toContain(text)).toPass({ timeout: 20_000 });
}

/** The library answers; the patron reloads and sees the status and the note, and has the e-mail. */
async function libraryAnswers(page: Page, request: APIRequestContext, id: string, note: string, history: string) {
  expect(staff('requests', 'status', id, 'disponivel', note)).toContain(`request ${id} is now disponivel`);
  await page.reload();
  const row = page.getByRole('table', { name: history }).getByRole('row').filter({ hasText: note });
  await expect(row).toContainText('Disponível');
  await expect(row).toContainText(id);
  await mailboxHas(request, `Sua solicitação nº ${id}: Disponível`);
}

test('bibliographic switching: a chapter, a reversed page range refused, sent, answered', async ({ page, request }) => {
  await signIn(page, 'mestrando');
  await page.goto('/meupergamum/comutacao-bibliografica');
  await page.getByText('Parte ou capítulo', { exact: true }).click();
  const form = page.getByRole('region', { name: 'Cópia de parte ou capítulo' });
  await form.getByLabel(/^Biblioteca/).selectOption({ label: 'Biblioteca Central' });
  const chapter = `Capítulo ${Date.now()}`;
  await form.getByLabel(/^Título da parte ou capítulo/).fill(chapter);
  await form.getByLabel(/^Título da obra/).fill('Pedagogia da autonomia');
  await form.getByLabel(/^Páginas/).fill('30-20');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(form.getByText('A página inicial não pode ser maior que a final.')).toBeVisible();
  await form.getByLabel(/^Páginas/).fill('20-30');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  const id = await sent(page);
  await mailboxHas(request, `Comutação bibliográfica (parte) nº ${id}: ${chapter} — Pedagogia da autonomia`);
  await expectNoAxeViolations(page);
  await libraryAnswers(page, request, id, 'Cópia no balcão da Central', 'Minhas comutações');
});

test('bibliographic survey: at least one publication type, years in order; sent, answered', async ({ page, request }) => {
  await signIn(page, 'mestrando');
  await page.goto('/meupergamum/levantamento-bibliografico');
  const form = page.getByRole('region', { name: 'Novo levantamento bibliográfico' });
  await form.getByLabel(/^Biblioteca/).selectOption({ label: 'Biblioteca Central' });
  const subject = `Educação inclusiva ${Date.now()}`;
  await form.getByLabel(/^Assunto \*?$/).fill(subject);
  await form.getByLabel(/^Ano inicial/).fill('2020');
  await form.getByLabel(/^Ano final/).fill('2010');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(form.getByText('Escolha ao menos um tipo de publicação.')).toBeVisible();
  await expect(form.getByText('O ano inicial não pode ser maior que o final.')).toBeVisible();
  await form.getByRole('checkbox', { name: 'On-line' }).check();
  await form.getByLabel(/^Ano final/).fill('2025');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  const id = await sent(page);
  await mailboxHas(request, `Levantamento bibliográfico nº ${id}: ${subject}`);
  await expectNoAxeViolations(page);
  await libraryAnswers(page, request, id, 'Levantamento enviado por e-mail', 'Meus levantamentos');
});

test('catalogue sheet: previewed as typed, sent, reviewed by the library, downloaded as PDF', async ({ page, request }) => {
  await signIn(page, 'mestrando');
  await page.goto('/meupergamum/ficha-catalografica');
  const form = page.getByRole('region', { name: 'Nova ficha catalográfica' });
  const title = `Leitura e escrita na universidade ${Date.now()}`;
  await form.getByLabel(/^Biblioteca/).selectOption({ label: 'Biblioteca Central' });
  await form.getByLabel(/^Sobrenome do autor/).fill('Alves');
  await form.getByLabel(/^Prenomes do autor/).fill('Eduardo Martins');
  await form.getByLabel(/^Título \*?$/).fill(title);
  await form.getByLabel(/^Orientador/).fill('Helena Vieira');
  await form.getByLabel(/^Grau/).selectOption({ label: 'Mestrado' });
  await form.getByLabel(/^Programa ou curso/).fill('Educação');
  await form.getByLabel(/^Local/).fill('Sabiá');
  await form.getByLabel(/^Ano \*?$/).fill('2026');
  await form.getByLabel(/^Folha de rosto/).fill('1');
  await form.getByLabel(/^Resumo/).fill('5');
  await form.getByLabel(/^Introdução/).fill('11');
  await form.getByLabel(/^Bibliografia: página inicial/).fill('100');
  await form.getByLabel(/^Bibliografia: página final/).fill('130');
  await form.getByLabel(/^Total de folhas/).fill('120');
  await form.getByLabel(/^Palavras-chave/).fill('Leitura');
  await form.getByLabel(/^Palavras-chave/).press('Enter');
  await form.getByLabel(/^Palavras-chave/).fill('Escrita acadêmica');
  await form.getByLabel(/^Palavras-chave/).press('Enter');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(form.getByText('Uma página não pode passar do total de folhas.')).toBeVisible();
  await form.getByLabel(/^Total de folhas/).fill('140');
  // The preview shows the sheet as it will be printed.
  const preview = page.getByRole('region', { name: 'Prévia da ficha' });
  await expect(preview).toContainText('Alves, Eduardo Martins.');
  await expect(preview).toContainText('Dissertação (Mestrado em Educação)');
  await expect(preview).toContainText('1. Leitura. 2. Escrita acadêmica. I. Vieira, Helena.');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  const id = await sent(page);
  await mailboxHas(request, `Ficha catalográfica nº ${id}: ${title}`);
  await expectNoAxeViolations(page);

  // The library reviews it on the staff area's queue: classification and author mark, a preview, then released.
  const other = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin, locale: 'pt-BR' });
  const desk = await other.newPage();
  await signIn(desk, 'atendimento');
  await desk.goto('/equipe/solicitacoes');
  await desk.getByRole('tab', { name: /^Ficha catalográfica \(\d+\)$/ }).click();
  await desk.getByRole('button', { name: `Abrir a solicitação nº ${id}` }).click();
  const move = desk.getByRole('form', { name: `Mover a solicitação nº ${id}` });
  await expect(desk.getByRole('heading', { name: new RegExp(`^Solicitação nº ${id}:`) })).toBeVisible();
  await move.getByLabel(/^Classificação/).fill('378.2');
  await move.getByLabel(/^Notação de autor/).fill('A474l');
  const previewed = desk.waitForEvent('download');
  await move.getByRole('button', { name: 'Pré-visualizar a ficha (PDF)' }).click();
  expect((await previewed).suggestedFilename()).toBe(`ficha-catalografica-${id}-previa.pdf`);
  await move.getByLabel(/^Nova situação/).selectOption({ label: 'Disponível' });
  await move.getByLabel(/^Nota para o leitor/).fill('Ficha revisada');
  await expectNoAxeViolations(desk);
  await move.getByRole('button', { name: 'Mover' }).click();
  await expect(desk.getByRole('status').filter({ hasText: `Solicitação nº ${id}: Disponível. O leitor foi avisado por e-mail.` })).toBeVisible();
  await other.close();
  await page.reload();
  const row = page.getByRole('table', { name: 'Minhas fichas catalográficas' }).getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Ficha revisada');
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Baixar ficha nº ${id} (PDF)` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`ficha-catalografica-${id}.pdf`);
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await mailboxHas(request, `Sua solicitação nº ${id}: Disponível`);
});

test('specialised search: a bad e-mail refused, sent, answered', async ({ page, request }) => {
  await signIn(page, 'mestrando');
  await page.goto('/meupergamum/pesquisa-especializada');
  const form = page.getByRole('region', { name: 'Nova pesquisa especializada' });
  const subject = `Avaliação formativa ${Date.now()}`;
  await form.getByLabel(/^Biblioteca/).selectOption({ label: 'Biblioteca Central' });
  await form.getByLabel(/^Assunto/).fill(subject);
  await form.getByLabel(/^Objetivo da pesquisa/).fill('Revisão de literatura da dissertação');
  await form.getByLabel(/^E-mail para contato/).fill('eduardo@');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(form.getByText(/^E-mail inválido/)).toBeVisible();
  await form.getByLabel(/^E-mail para contato/).fill('eduardo.alves@demo.estante.local; eduardo@example.org');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  const id = await sent(page);
  await mailboxHas(request, `Pesquisa especializada nº ${id}: ${subject}`);
  await expectNoAxeViolations(page);
  await libraryAnswers(page, request, id, 'Resultados enviados', 'Minhas pesquisas especializadas');
});

test('inter-library loan: required fields said, sent, answered', async ({ page, request }) => {
  await signIn(page, 'mestrando');
  await page.goto('/meupergamum/emprestimo-entre-bibliotecas');
  const form = page.getByRole('region', { name: 'Novo empréstimo entre bibliotecas' });
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(form.getByText('Preencha este campo.').first()).toBeVisible();
  const title = `Obra rara ${Date.now()}`;
  await form.getByLabel(/^Instituição e biblioteca/).fill('USP, Biblioteca da Faculdade de Educação');
  await form.getByLabel(/^Título/).fill(title);
  await form.getByLabel(/^Biblioteca para retirada/).selectOption({ label: 'Biblioteca Central' });
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  const id = await sent(page);
  await mailboxHas(request, `Empréstimo entre bibliotecas nº ${id}: ${title}`);
  await expectNoAxeViolations(page);
  await libraryAnswers(page, request, id, 'Chega em 10 dias', 'Meus empréstimos entre bibliotecas');
});
