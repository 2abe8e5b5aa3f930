import { type Browser, expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, staff } from './fixtures';

// These journeys switch the institution's settings, so they run alone, after the others
// (playwright.config.ts), one at a time, and put the demo back as they found it.
test.describe.configure({ mode: 'serial' });

/** The administration sets the institution code on the settings screen (issue 54), in a browser of its own; no restart follows. */
async function institutionCodeOnScreen(browser: Browser, code: number): Promise<void> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await signIn(admin, 'administracao');
    await admin.goto('/equipe/configuracoes');
    await expect(admin.getByRole('tab', { name: 'Acesso' })).toHaveAttribute('aria-selected', 'true');
    const field = admin.getByRole('textbox', { name: /^Código da instituição/ });
    await expect(field).toHaveValue(/\d/);
    await field.fill(String(code));
    await expect(admin.getByText('Com este código: entrada em dois passos, com a escolha entre cadastros duplicados.')).toBeVisible();
    await admin.getByRole('button', { name: 'Salvar o acesso' }).click();
    // Said, and the focus on what was said.
    await expect(admin.getByRole('status').filter({ hasText: 'Acesso salvo' }).locator('[tabindex="-1"]')).toBeFocused();
    await expectNoAxeViolations(admin);
  } finally {
    await context.close();
  }
}

test('institution 571, set on the settings screen: the username first, then the password and the required duplicate chooser', async ({ page, browser }) => {
  await institutionCodeOnScreen(browser, 571);
  try {
    await page.goto('/login');
    await expect(page.getByRole('textbox', { name: 'Senha', exact: true })).toHaveCount(0);
    await page.getByLabel('Matrícula ou CPF').fill('docente');
    await page.getByRole('button', { name: 'Continuar' }).click();
    // Step two: the password and, as Helena has two registrations, the chooser.
    const chooser = page.getByRole('textbox', { name: 'Escolha o cadastro' });
    await expect(chooser).toBeVisible();
    await expect(page.getByText('Matrícula ou CPF: docente')).toBeVisible();
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('estante123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Preencha o campo: escolha um cadastro.');
    await expectNoAxeViolations(page);
    // The arrow goes back to step one.
    await page.getByRole('button', { name: 'Voltar e trocar o usuário' }).click();
    await expect(page.getByLabel('Matrícula ou CPF')).toHaveValue('docente');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('textbox', { name: 'Escolha o cadastro' }).click();
    await page.getByRole('option', { name: 'Helena Prado Vieira — Aluno de doutorado' }).click();
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('estante123');
    await page.getByRole('radio', { name: 'O catálogo' }).check();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('banner')).toContainText('Olá, Helena');
    // Someone with one registration goes straight to the password.
    await page.getByRole('link', { name: 'Sair' }).click();
    // Signing out finishes (the refresh token revoked, the stores cleared) before the next page loads.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
    await page.goto('/login');
    await page.getByLabel('Matrícula ou CPF').fill('mestrando');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('textbox', { name: 'Senha', exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Escolha o cadastro' })).toHaveCount(0);
  } finally {
    staff('institution', 'code', '1');
  }
});

test('institution 87: the category selector picks the registration', async ({ page }) => {
  staff('institution', 'code', '87');
  try {
    await page.goto('/login');
    await page.getByLabel('Matrícula ou CPF').fill('docente');
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('estante123');
    await page.getByRole('textbox', { name: 'Categoria' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(14);
    await page.getByRole('option', { name: 'Professor' }).click();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('banner')).toContainText('Olá, Helena');
  } finally {
    staff('institution', 'code', '1');
  }
});

test('with activity 1120 the sign-in needs "I am not a robot", solved by the browser', async ({ page }) => {
  staff('institution', 'activity', '1120', 'on');
  try {
    await page.goto('/login');
    await page.getByLabel('Matrícula ou CPF').fill('mestrando');
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('estante123');
    await page.getByRole('radio', { name: 'O catálogo' }).check();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Marque "Não sou um robô" antes de continuar.');
    await page.getByRole('checkbox', { name: 'Não sou um robô' }).check();
    await expect(page.getByText('Verificado.')).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('banner')).toContainText('Olá, Eduardo');
  } finally {
    staff('institution', 'activity', '1120', 'off');
  }
});

test('institutional sign-in (OIDC) through a real provider, and its errors shown once on the login page', async ({ page }) => {
  const provider = `http://127.0.0.1:${process.env.E2E_OIDC_PORT ?? 8790}`;
  staff('institution', 'oidc', 'on', `${provider}/session/end`);
  try {
    await page.goto('/login?redirect=%2Fcesta');
    await page.getByRole('button', { name: 'Entrar com o login institucional' }).click();
    // The provider's own login and consent pages (oidc-provider's development interactions).
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
    await page.locator('input[name="login"]').fill('aluno');
    await page.locator('input[name="password"]').fill('qualquer');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    // Back through /oauth-response to where the sign-in started.
    await expect(page).toHaveURL('/cesta');
    await expect(page.getByRole('banner')).toContainText('Olá, Ana');
    // Logging out after an OIDC sign-in leaves through the provider's logout link (spec §4).
    await page.getByRole('link', { name: 'Sair' }).click();
    await expect(page).toHaveURL(`${provider}/session/end`);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();

    // Someone the library does not know: back on the login page with the message, once.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar com o login institucional' }).click();
    await page.locator('input[name="login"]').fill('ninguem');
    await page.locator('input[name="password"]').fill('qualquer');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('alert')).toContainText('Usuário não encontrado');
    await expectNoAxeViolations(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Entrar com o login institucional' })).toBeVisible();
    await expect(page.getByText('Usuário não encontrado')).toHaveCount(0);

    // Institution 571 with OIDC: an address goes to the provider, anything else to the password.
    staff('institution', 'code', '571');
    await page.goto('/login');
    await page.getByLabel('Matrícula ou CPF').fill('mestrando');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('textbox', { name: 'Senha', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Voltar e trocar o usuário' }).click();
    await page.getByLabel('Matrícula ou CPF').fill('ana.souza@demo.estante.local');
    const toProvider = page.waitForRequest((r) => r.url().startsWith(`${provider}/auth?`));
    await page.getByRole('button', { name: 'Continuar' }).click();
    expect(new URL((await toProvider).url()).searchParams.get('login_hint')).toBe('ana.souza@demo.estante.local');
  } finally {
    staff('institution', 'code', '1');
    staff('institution', 'oidc', 'off');
  }
});

test('features appear and disappear with the institution’s activities', async ({ page }) => {
  const footer = page.getByRole('contentinfo');
  try {
    for (const code of ['12', '13', '57', '87', '88']) staff('institution', 'activity', code, 'off');
    await page.goto('/acervo/12');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Horário de atendimento' })).toBeVisible();
    for (const name of ['Comentários', 'Sugestão de aquisição']) await expect(footer.getByRole('button', { name, exact: true })).toHaveCount(0);
    for (const name of ['ICAP', 'Catálogo da Rede Pergamum']) await expect(footer.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
    await expect(footer.getByText('Catálogo Estante')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Comentários' })).toHaveCount(0);
    for (const code of ['12', '13', '57', '87', '88']) staff('institution', 'activity', code, 'on');
    await page.reload();
    await expect(footer.getByRole('button', { name: 'Comentários', exact: true })).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Sugestão de aquisição', exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: /ICAP/ })).toBeVisible();
    await expect(footer.getByRole('link', { name: /Catálogo da Rede Pergamum/ })).toBeVisible();
    await expect(footer.getByText('Catálogo Estante')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Comentários' })).toBeVisible();
  } finally {
    for (const code of ['12', '13', '57', '87', '88']) staff('institution', 'activity', code, 'on');
  }
});
