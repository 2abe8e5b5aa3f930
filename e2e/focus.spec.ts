import { expect, type Locator, type Page, test } from '@playwright/test';
import { copiesOf, expectNoAxeViolations, signIn, staff } from './fixtures';

/*
 * Where the focus is after every act (issue 55, decision 0047): never on the page's body. A write
 * lands on its outcome (the confirmation, or the refusal), a form sent with mistakes on its first
 * wrong field, a new page on its heading at the top, back on the results at the link followed.
 * Fernanda (`funcionario`) does the patron's errands here, and last of all issues the no-debts
 * declaration, which ends her registration: these journeys run alone, after every other
 * (project "focus"). The swap of registration is checked where it is done (account.spec.ts).
 */

/** What holds the focus now: never the body; its text, to say where it is. */
async function focused(page: Page): Promise<string> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body), { message: 'the focus fell to the body' })
    .toBe(true);
  return page.evaluate(() => (document.activeElement as HTMLElement).innerText ?? '');
}

/** The focus is on the outcome that says `text` (or inside it). */
async function expectFocusOn(page: Page, text: string | RegExp): Promise<void> {
  await expect.poll(() => focused(page), { message: `the focus is not on "${text}"` }).toMatch(text);
}

/** The focus is on (or inside) this element. */
async function expectFocusWithin(target: Locator): Promise<void> {
  await expect.poll(() => target.evaluate((element) => element.contains(document.activeElement))).toBe(true);
}

test.describe.configure({ mode: 'serial' });

test('a new page opens at its top: a title from a scrolled list, an account section from below the fold', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/pesquisa-geral?termo1=educacao');
  const results = page.getByRole('main').getByRole('article');
  const tenth = results.nth(9).getByRole('link').first();
  const title = (await tenth.textContent())!;
  await tenth.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await tenth.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await signIn(page, 'funcionario');
  await page.goto('/meupergamum');
  const menu = page.getByRole('navigation', { name: /Meu Pergamum/ });
  const last = menu.getByRole('link').last();
  await last.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  const name = (await last.textContent())!.trim();
  await last.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('after every write the focus is on what it did: sign-in, personal data, interest, suggestion, renewal, hold, basket, password, no-debts', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A wrong password: on the refusal, not on the body under a button that was busy.
  await page.goto('/login');
  await page.getByLabel('Matrícula ou CPF').fill('funcionario');
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('nao-e-a-senha');
  await page.getByRole('radio', { name: 'O catálogo' }).check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expectFocusOn(page, /incorret/);
  await signIn(page, 'funcionario');

  // Personal data: sent with a mistake, the focus goes to the wrong field; saved, to the confirmation.
  await page.goto('/meupergamum/dados-pessoais');
  const form = page.getByRole('region', { name: 'Seus dados' });
  const cep = form.getByLabel(/^CEP/);
  const before = await cep.inputValue();
  await cep.fill('880');
  await form.getByRole('button', { name: 'Salvar dados pessoais' }).click();
  await expect(cep).toBeFocused();
  await expect(cep).toHaveAttribute('aria-invalid', 'true');
  await cep.fill(before);
  await form.getByRole('button', { name: 'Salvar dados pessoais' }).click();
  await expectFocusOn(page, 'Dados pessoais alterados com sucesso.');

  // Interest profile: an area added, then removed.
  await page.goto('/meupergamum/perfil-interesse');
  const lookup = page.getByRole('search', { name: 'Procurar áreas, autores e assuntos' });
  await lookup.getByLabel(/^Termo/).fill('educação');
  await lookup.getByRole('button', { name: 'Procurar' }).click();
  const candidate = page.getByRole('main').getByRole('checkbox').first();
  await candidate.check();
  await page.getByRole('button', { name: 'Adicionar ao perfil' }).click();
  await expectFocusOn(page, /adicionad/);
  const remove = page.getByRole('button', { name: /^Remover/ }).first();
  await remove.click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Remover/ })
    .click();
  await expectFocusOn(page, /removid/);

  // An acquisition suggestion from the footer: the dialog closes, the focus back on its button.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Sugestão de aquisição', exact: true }).click();
  const suggestion = page.getByRole('dialog', { name: 'Sugestão de aquisição' });
  // Sent empty: the focus on the first field to correct.
  await suggestion.getByRole('button', { name: 'Enviar' }).click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
  await suggestion.getByLabel(/^Campus/).selectOption({ label: 'Campus Central' });
  await suggestion.getByLabel(/^Biblioteca/).selectOption({ label: 'Biblioteca Central' });
  await suggestion.getByRole('textbox', { name: /^Título/ }).fill('Pedagogia da autonomia');
  await suggestion.getByRole('textbox', { name: /^Editora/ }).fill('Paz e Terra');
  await suggestion.getByRole('button', { name: 'Enviar' }).click();
  await expect(suggestion).toBeHidden();
  await expectFocusOn(page, /Sugestão de aquisição|enviada/);

  // A renewal: a copy lent at the desk, renewed here.
  await page.goto('/pesquisa-geral?termo1=great%20ray%20charles');
  await page.getByRole('main').getByRole('article').first().getByRole('link', { name: 'The Great Ray Charles' }).click();
  const id = /\/acervo\/(\d+)/.exec(page.url())![1]!;
  const copies = await copiesOf(page, id);
  const lendable = copies.filter((c) => c.situacao === 'disponivel' && (c.tipo_emprestimo === 'Normal' || c.tipo_emprestimo === 'Curto prazo'));
  const mine = lendable[0]!;
  expect(staff('circ', 'checkout', mine.tombo, 'funcionario')).toContain('lent to Fernanda');
  await page.goto('/meupergamum/emprestimos');
  await page.getByRole('checkbox', { name: 'Selecionar o empréstimo de The Great Ray Charles' }).first().check();
  await page.getByRole('button', { name: 'Renovar selecionados' }).click();
  await expectFocusOn(page, /The Great Ray Charles/);

  // A hold on a title whose copies at one library are all lent (to Carlos), placed then cancelled.
  const library = mine.cod_biblioteca;
  const others = lendable.filter((c) => c.cod_biblioteca === library && c.tombo !== mine.tombo);
  for (const c of others) staff('circ', 'checkout', c.tombo, 'professor');
  expect(staff('circ', 'checkin', mine.tombo)).toContain('back on the shelf');
  expect(staff('circ', 'checkout', mine.tombo, 'professor')).toContain('lent to Carlos');
  await page.goto(`/acervo/${id}/reserva`);
  const holdForm = page.locator('form', { has: page.getByRole('button', { name: 'Reservar' }) });
  await holdForm.getByRole('textbox', { name: 'Biblioteca' }).click();
  await page.getByRole('option', { name: new RegExp(`^${mine.desc_biblioteca} \\(`) }).click();
  await holdForm.getByRole('button', { name: 'Reservar' }).click();
  await page.getByRole('button', { name: 'Confirmar reserva' }).click();
  await expectFocusOn(page, /Reserva feita/);
  await page.goto('/meupergamum/reservas');
  await page.getByRole('checkbox', { name: 'Selecionar a reserva de The Great Ray Charles' }).check();
  await page.getByRole('button', { name: 'Cancelar selecionadas' }).click();
  await page.getByRole('dialog', { name: 'Cancelar reservas' }).getByRole('button', { name: 'Cancelar reservas' }).click();
  await expectFocusOn(page, /1 reserva cancelada/);
  for (const c of [mine, ...others]) staff('circ', 'checkin', c.tombo);

  // The basket: one title added, two more, one removed, the references copied and e-mailed, kept.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/pesquisa-geral?termo1=educacao');
  const results = page.getByRole('main').getByRole('article');
  await results
    .first()
    .getByRole('button', { name: /^Adicionar à cesta/ })
    .click();
  await expectFocusOn(page, /cesta/i);
  await results.nth(1).getByRole('checkbox').check();
  await results.nth(2).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Adicionar 2 selecionados à cesta' }).click();
  await expectFocusOn(page, '2 títulos adicionados à cesta.');
  await page.goto('/cesta');
  await page
    .getByRole('button', { name: /^Remover: / })
    .first()
    .click();
  await expectFocusOn(page, /saiu da cesta/);
  await page.getByLabel('Formato').selectOption('abnt');
  await page.getByRole('button', { name: 'Copiar referências' }).click();
  await expectFocusOn(page, '2 referências copiadas.');
  await page.getByLabel(/^E-mails/).fill('fernanda@example.org');
  await page.getByRole('button', { name: 'Enviar e-mail' }).click();
  await expectFocusOn(page, /enviados para 1 endereço/);
  await page.getByRole('button', { name: 'Salvar na cesta permanente' }).click();
  await expectFocusOn(page, /a cesta permanente tem/);
  await expectNoAxeViolations(page);

  // The password: a wrong current one refused, then changed.
  await page.goto('/meupergamum/senha');
  const pw = page.getByRole('region', { name: 'Alterar a senha' });
  await pw.getByLabel(/^Senha atual/).fill('nao-e-a-senha');
  await pw.getByLabel(/^Nova senha/).fill('Biblioteca#2027');
  await pw.getByLabel(/^Repita a nova senha/).fill('Biblioteca#2027');
  await pw.getByRole('button', { name: 'Alterar a senha' }).click();
  await expectFocusWithin(pw.getByRole('alert').first());
  await pw.getByLabel(/^Senha atual/).fill('estante123');
  await pw.getByRole('button', { name: 'Alterar a senha' }).click();
  await expectFocusOn(page, 'Senha alterada com sucesso.');

  // The no-debts declaration (last: it ends her registration).
  await page.goto('/meupergamum/nada-consta');
  await page.getByRole('button', { name: 'Emitir declaração' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Emitir declaração' }).click();
  await expectFocusOn(page, /Código de verificação/);
  // The confirmation dialog gone (a dialog fading out reads as faint text to axe).
  await expect(page.getByRole('dialog')).toBeHidden();
  await expectNoAxeViolations(page);
});
