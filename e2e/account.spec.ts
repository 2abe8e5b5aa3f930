import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './fixtures';

/*
 * The patron's own record (issue 21): personal data kept current (the §5 rules refuse a bad phone
 * and a tax number with letters) and still there after signing in again; the password changed
 * with the live rules and used to sign in; Helena swapping to her other registration. Isabela
 * (`leitora`) and João (`pesquisador`) are the demo accounts only these journeys change.
 */

/** Signs out from the header and waits until the session is gone. */
async function signOut(page: Page) {
  await page.getByRole('link', { name: 'Sair' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
}

/** Signs in on the login page with a password of one's own. */
async function signInWith(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Matrícula ou CPF').fill(login);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(password);
  await page.getByRole('radio', { name: 'O catálogo' }).check();
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('personal data: the phone takes no letter as it is typed, a tax number with letters is refused, the change is kept and seen after signing in again', async ({
  page,
}) => {
  await signIn(page, 'leitora');
  await page.goto('/meupergamum/dados-pessoais');
  // Her registration ends in 20 days: the notice of spec §8.
  await expect(page.getByRole('note').filter({ hasText: 'Seu vínculo está terminando' })).toContainText('daqui a 20 dias');
  const library = page.getByRole('region', { name: 'Dados mantidos pela biblioteca' });
  await expect(library).toContainText('Nome: Isabela Castro Moura');
  await expect(library).toContainText('Categoria: Usuário especial');
  const form = page.getByRole('region', { name: 'Seus dados' });
  await expect(form.getByLabel(/^Telefone/)).toHaveValue('(48) 3721-5555');

  // Spec §5: digits, hyphen, parentheses and space — anything else is not taken, key by key (issue 55).
  const phone = form.getByLabel(/^Telefone/);
  await phone.clear();
  await phone.pressSequentially('(48) 3721-555X');
  await expect(phone).toHaveValue('(48) 3721-555');
  await phone.pressSequentially('a5b');
  await expect(phone).toHaveValue('(48) 3721-5555');
  await form.getByLabel(/^CPF/).fill('1114447773A');
  await form.getByRole('button', { name: 'Salvar dados pessoais' }).click();
  await expect(form.getByText('CPF: somente números.')).toBeVisible();
  await expect(form.getByText(/^Telefone: somente números/)).toHaveCount(0);
  await expect(form.getByRole('alert').filter({ hasText: 'Corrija os campos indicados.' })).toBeVisible();
  await expectNoAxeViolations(page);

  await form.getByLabel(/^Telefone/).fill('(48) 99876-5432');
  await form.getByLabel(/^CPF/).fill('11144477735');
  await form.getByLabel(/^Logradouro/).fill('Rua Deputado Antônio Edu Vieira, 1524');
  await form.getByLabel(/^Complemento/).fill('Bloco B');
  await form.getByLabel(/^CEP/).fill('88040-001');
  await form.getByLabel('Estado civil').selectOption({ label: 'Casado(a)' });
  await form.getByLabel('Lotação (departamento)').selectOption({ index: 1 });
  const department = await form.getByLabel('Lotação (departamento)').locator('option:checked').textContent();
  await form.getByRole('button', { name: 'Salvar dados pessoais' }).click();
  await expect(form.getByRole('status')).toHaveText('Dados pessoais alterados com sucesso.');

  await signOut(page);
  await signIn(page, 'leitora');
  await page.goto('/meupergamum/dados-pessoais');
  const again = page.getByRole('region', { name: 'Seus dados' });
  await expect(again.getByLabel(/^Telefone/)).toHaveValue('(48) 99876-5432');
  await expect(again.getByLabel(/^Logradouro/)).toHaveValue('Rua Deputado Antônio Edu Vieira, 1524');
  await expect(again.getByLabel(/^Complemento/)).toHaveValue('Bloco B');
  await expect(again.getByLabel(/^CEP/)).toHaveValue('88040-001');
  await expect(again.getByLabel('Estado civil').locator('option:checked')).toHaveText('Casado(a)');
  await expect(again.getByLabel('Lotação (departamento)').locator('option:checked')).toHaveText(department!);
  await expect(again.getByText(/^Última alteração em/)).toBeVisible();
});

test('password: the live rules, the change, then signing in with the new password (the old one refused)', async ({ page }) => {
  await signIn(page, 'pesquisador');
  await page.goto('/meupergamum/senha');
  const form = page.getByRole('region', { name: 'Alterar a senha' });
  const rules = form.getByRole('list', { name: 'Regras da senha' });
  // Before anything is typed the rules are only listed: none failed, none met (issue 55).
  await expect(rules.getByRole('listitem').first()).toContainText('Entre 8 e 32 caracteres');
  await expect(rules.getByRole('listitem').filter({ hasText: /atendida/ })).toHaveCount(0);
  await expect(rules.getByRole('listitem').filter({ hasText: '✗' })).toHaveCount(0);
  await form.getByLabel(/^Senha atual/).fill('estante123');
  await form.getByLabel(/^Nova senha/).fill('joao');
  await expect(rules.getByRole('listitem').filter({ hasText: 'Entre 8 e 32 caracteres' })).toContainText('não atendida');
  await expect(rules.getByRole('listitem').filter({ hasText: 'Nenhuma palavra do seu nome' })).toContainText('não atendida');
  await form.getByRole('button', { name: 'Alterar a senha' }).click();
  await expect(form.getByRole('alert')).toContainText('A senha não confere com os critérios');

  await form.getByLabel(/^Nova senha/).fill('Biblioteca#2026');
  for (const rule of [
    'Entre 8 e 32 caracteres',
    'Pelo menos um número',
    'Um caractere especial',
    'Letras maiúsculas e minúsculas',
    'Nenhuma palavra do seu nome',
  ]) {
    await expect(rules.getByRole('listitem').filter({ hasText: rule })).toContainText('(atendida)');
  }
  await form.getByLabel(/^Repita a nova senha/).fill('Biblioteca#2025');
  await expect(form.getByText('As senhas não coincidem.')).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByLabel(/^Repita a nova senha/).fill('Biblioteca#2026');
  await expect(form.getByText('As senhas não coincidem.')).toHaveCount(0);
  await form.getByRole('button', { name: 'Alterar a senha' }).click();
  await expect(form.getByRole('status')).toHaveText('Senha alterada com sucesso.');
  // Still signed in (with the new password, behind the scenes): the account area answers.
  await page.goto('/meupergamum/dados-pessoais');
  await expect(page.getByRole('region', { name: 'Dados mantidos pela biblioteca' })).toContainText('João Pedro Antunes');

  await signOut(page);
  await signInWith(page, 'pesquisador', 'estante123');
  await expect(page.getByRole('alert')).toContainText('Matrícula ou CPF ou senha incorretos.');
  await signInWith(page, 'pesquisador', 'Biblioteca#2026');
  await expect(page.getByRole('banner')).toContainText('Olá, João');
});

test('docente swaps to her other registration without signing out', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Matrícula ou CPF').fill('docente');
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('estante123');
  await page.getByRole('radio', { name: 'O catálogo' }).check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page
    .getByRole('radiogroup', { name: 'Com qual cadastro você quer continuar?' })
    .getByRole('radio', { name: 'Helena Prado Vieira — Professor' })
    .check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('banner')).toContainText('Olá, Helena');

  await page.goto('/meupergamum/troca-usuario');
  await expect(page.getByText('Você está usando o vínculo Helena Prado Vieira — Professor.')).toBeVisible();
  const form = page.getByRole('region', { name: 'Trocar de usuário' });
  // Her only other registration comes chosen (issue 55): one click swaps.
  await expect(form.getByRole('radio', { name: 'Helena Prado Vieira — Aluno de doutorado' })).toBeChecked();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Trocar de usuário' }).click();
  await expect(form.getByRole('status')).toHaveText('Agora você está usando o vínculo Helena Prado Vieira — Aluno de doutorado.');
  // The focus on that confirmation, not on the body (issue 55, decision 0047).
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('Agora você está usando o vínculo');
  await expect(page.getByText('Você está usando o vínculo Helena Prado Vieira — Aluno de doutorado.', { exact: true })).toBeVisible();
  // And the one left behind is now the one chosen.
  await expect(form.getByRole('radio', { name: 'Helena Prado Vieira — Professor' })).toBeChecked();

  // Every screen now reads the doctoral registration, after a reload too (the new session is stored).
  await page.goto('/meupergamum/dados-pessoais');
  await expect(page.getByRole('region', { name: 'Dados mantidos pela biblioteca' })).toContainText('Categoria: Aluno de doutorado');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Dados mantidos pela biblioteca' })).toContainText('Categoria: Aluno de doutorado');
  await expect(page.getByRole('banner')).toContainText('Olá, Helena');
});

test('the menu: its entries under headings, and no teaching plan for an undergraduate (a professor has it)', async ({ page }) => {
  await signIn(page, 'aluno');
  await page.goto('/meupergamum');
  const menu = page.getByRole('navigation', { name: 'Menu do Meu Pergamum' });
  for (const heading of ['Empréstimos e reservas', 'Pesquisa e acervo', 'Solicitações à biblioteca', 'Sugestões e compras', 'Meu cadastro']) {
    await expect(menu.getByRole('group', { name: heading })).toBeVisible();
  }
  await expect(menu.getByRole('group', { name: 'Empréstimos e reservas' }).getByRole('link', { name: 'Empréstimos', exact: true })).toBeVisible();
  await expect(menu.getByRole('group', { name: 'Meu cadastro' }).getByRole('link', { name: 'Senha' })).toBeVisible();
  // Ana is an undergraduate: a teaching plan is a professor's, so it is not offered, nor found by its address.
  await expect(menu.getByRole('link', { name: 'Plano de ensino' })).toHaveCount(0);
  await page.goto('/meupergamum/plano-ensino');
  await expect(page.getByRole('region', { name: 'Escolha os planos' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await signOut(page);
  await signIn(page, 'professor');
  await page.goto('/meupergamum');
  await menu.getByRole('group', { name: 'Pesquisa e acervo' }).getByRole('link', { name: 'Plano de ensino' }).click();
  await expect(page.getByRole('region', { name: 'Escolha os planos' })).toBeVisible();
});

test('the lists are tables where they fit (1366 px beside the menu) and cards on a phone or at the largest text size', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'aluno');
  await page.goto('/meupergamum/emprestimos');
  const loans = page.getByRole('table', { name: 'Empréstimos em aberto' });
  const header = loans.getByRole('columnheader', { name: 'Título' });
  /** How a row is drawn: a table row, or a card (a column of the row's values). */
  const firstRow = () =>
    loans
      .getByRole('row')
      .nth(1)
      .evaluate((row) => getComputedStyle(row).display);
  await expect(loans.getByRole('row')).toHaveCount(4);
  // A table (issue 55: cards before, at this width): the header row in sight, the rows as rows.
  await expect(header).toBeVisible();
  expect((await header.boundingBox())!.width).toBeGreaterThan(40);
  expect(await firstRow()).toBe('table-row');
  await expectNoAxeViolations(page);

  // A phone: each loan a card, its due date first.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(firstRow).toBe('flex');
  // The header row kept for screen readers, out of sight.
  expect(await loans.locator('thead').evaluate((thead) => getComputedStyle(thead).position)).toBe('absolute');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Back at 1366 px with the text at its largest (200 %): the table would not fit, so cards again.
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect.poll(firstRow).toBe('table-row');
  const bar = page.getByRole('region', { name: 'Barra de acessibilidade' });
  for (let i = 0; i < 5; i++) await bar.getByRole('button', { name: 'Aumentar o texto' }).click();
  await expect(page.locator('html')).toHaveClass(/\bzoom-100\b/);
  await expect.poll(firstRow).toBe('flex');
  for (let i = 0; i < 5; i++) await bar.getByRole('button', { name: 'Diminuir o texto' }).click();
  await expect.poll(firstRow).toBe('table-row');
});
