import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

async function signIn(page: Page, login: string, keep: boolean) {
  await page.goto('/login');
  await page.getByLabel('Matrícula ou CPF').fill(login);
  await page.getByLabel('Senha').fill('estante123');
  if (keep) await page.getByLabel('Mantenha-me conectado').check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('banner')).toContainText('Olá,');
}

test('"keep me connected" decides whether the session survives a browser restart', async ({ baseURL }) => {
  // A real restart: the same browser profile, closed and opened again. Local storage and the
  // stores' key (IndexedDB) survive it; the browser session's storage does not.
  const profile = mkdtempSync(path.join(tmpdir(), 'estante-profile-'));
  const { launchOptions } = test.info().project.use;
  const open = async () => {
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, locale: 'pt-BR' });
    return { context, page: context.pages()[0] ?? (await context.newPage()) };
  };
  try {
    let browser = await open();
    await signIn(browser.page, 'funcionario', false);
    await expectNoAxeViolations(browser.page);
    await browser.context.close();
    browser = await open();
    await browser.page.goto('/');
    await expect(browser.page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();

    await signIn(browser.page, 'comunidade', true);
    await browser.context.close();
    browser = await open();
    await browser.page.goto('/meupergamum');
    await expect(browser.page).toHaveURL('/meupergamum');
    await expect(browser.page.getByRole('banner')).toContainText('Olá, Gustavo');
    await browser.page.getByRole('link', { name: 'Sair' }).click();
    await expect(browser.page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
    await browser.context.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

test('on a plain-http intranet address (no WebCrypto) the session is still stored encrypted', async ({ baseURL }) => {
  // A host name that is not localhost, mapped to this machine: not a secure context, as a
  // library's http://catalogo.intranet would be.
  const { launchOptions } = test.info().project.use;
  const port = new URL(baseURL!).port;
  const browser = await chromium.launch({ ...launchOptions, args: [...(launchOptions?.args ?? []), '--host-resolver-rules=MAP catalogo.intranet 127.0.0.1'] });
  try {
    const page = await browser.newPage({ baseURL: `http://catalogo.intranet:${port}`, locale: 'pt-BR' });
    const granted = page.waitForResponse((r) => r.url().endsWith('/svc/oauth/token') && (r.request().postData() ?? '').includes('grant_type=password'));
    await signIn(page, 'aluno', false);
    const token = ((await (await granted).json()) as { access_token: string }).access_token;
    expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.subtle])).toEqual([false, 'undefined']);
    const stored = await page.evaluate(() => sessionStorage.getItem('estante.session-auth'));
    expect(stored).toMatch(/^aesgcm\./);
    expect(stored).not.toContain(token.slice(0, 20));
    expect(stored).not.toContain('Ana');
    // And it reads back: a reload keeps the patron signed in.
    await page.reload();
    await expect(page.getByRole('banner')).toContainText('Olá,');
  } finally {
    await browser.close();
  }
});

test('calls that fail together on an expired token wait for one renewal with the refresh token', async ({ page }) => {
  const granted = page.waitForResponse((r) => r.url().endsWith('/svc/oauth/token') && (r.request().postData() ?? '').includes('grant_type=password'));
  await signIn(page, 'aluno', false);
  const first = ((await (await granted).json()) as { access_token: string }).access_token;
  // The stores keep it encrypted: neither the token nor the name is readable there.
  const stored = await page.evaluate(() => sessionStorage.getItem('estante.session-auth'));
  expect(stored).toMatch(/^aesgcm\./);
  expect(stored).not.toContain(first.slice(0, 20));
  expect(stored).not.toContain('Ana');
  // A title page asks for the record, its copies, links, comments and the patron's own comments at
  // once (and the header its providers): the token expires just before it opens.
  await page.goto('/pesquisa-geral?termo1=great%20ray%20charles');
  const result = page.getByRole('main').getByRole('article').first().getByRole('link', { name: 'The Great Ray Charles' });
  await expect(result).toBeVisible();
  // From now on the server answers that access token as it answers an expired one; the refresh token stays good.
  await page.route('**/svc/**', (route) =>
    route.request().headers().authorization === `Bearer ${first}`
      ? route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ status: 401, key: 'TokenInvalido', message: 'Token inválido ou expirado.' }),
        })
      : route.fallback(),
  );
  const renewals: string[] = [];
  const failures: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/svc/oauth/token') && (request.postData() ?? '').includes('grant_type=refresh_token'))
      renewals.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() === 401) failures.push(response.url());
  });
  // Opened from the results (within the app): the page's calls start together once its script is in.
  await result.click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Great Ray Charles' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar comentário' })).toBeVisible();
  expect(failures.length).toBeGreaterThanOrEqual(3);
  expect(renewals).toHaveLength(1);
  await expect(page.getByRole('banner')).toContainText('Olá, Ana');
});

test('a blocked account is told the library blocked it and why it may be (not to reset the password), and repeated failures a 429', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Matrícula ou CPF').fill('bloqueado');
  await page.getByLabel('Senha').fill('estante123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  // Bruno is blocked for a loan 45 days overdue (issue 55): the library's block, not the sign-in lock.
  await expect(page.getByRole('alert')).toHaveText(
    'Conta bloqueada pela biblioteca, por exemplo por um empréstimo em atraso ou um débito pendente. Trocar a senha não a desbloqueia: procure a biblioteca para regularizar.',
  );
  // The blocked account again (no other journey needs it): five wrong passwords, then 429 even with the right one.
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('Matrícula ou CPF').fill('bloqueado');
    await page.getByLabel('Senha').fill(`errada-${i}`);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Matrícula ou CPF ou senha incorretos.');
  }
  await page.getByLabel('Senha').fill('estante123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  // The lock after wrong passwords is the one "Esqueci minha senha" helps with.
  await expect(page.getByRole('alert')).toHaveText(/^Muitas tentativas seguidas com senha errada\..*"Esqueci minha senha"/);
  await expectNoAxeViolations(page);
});

test('password recovery: a code by e-mail from the SMTP sink, the live rules, then sign-in with the new password', async ({ page }) => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const path = await import('node:path');
  const { simpleParser } = await import('mailparser');
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  const codes = async () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
    const texts = await Promise.all(files.map(async (f) => (await simpleParser(readFileSync(path.join(dir, f)))).text ?? ''));
    return texts.flatMap((text) => /nova senha é (\d{6})/.exec(text)?.[1] ?? []);
  };
  await page.goto('/login');
  await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recuperar a senha' })).toBeVisible();
  const before = (await codes()).length;
  await page.getByLabel('Matrícula ou CPF').fill(' 2024001234 ');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByRole('status')).toContainText('Ana, enviamos um código para an*******@d***.estante.local');
  await expect.poll(async () => (await codes()).length).toBe(before + 1);
  const code = (await codes()).at(-1)!;
  await page.getByLabel('Código').fill(code);
  const rules = page.getByRole('list', { name: 'Regras da senha' });
  await expect(rules).toBeVisible();
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('curta');
  await expect(rules.getByRole('listitem').filter({ hasText: 'Entre 8 e 32 caracteres' })).toContainText('não atendida');
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('Nova#Senha2026');
  await page.getByLabel('Repita a nova senha').fill('Nova#Senha202');
  await expect(page.getByText('As senhas não coincidem.')).toBeVisible();
  await page.getByLabel('Repita a nova senha').fill('Nova#Senha2026');
  await expect(rules.getByRole('listitem').filter({ hasText: 'não atendida' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('status')).toHaveText('Senha alterada com sucesso. Entre com a nova senha.');
  await page.getByLabel('Matrícula ou CPF').fill('2024001234');
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Nova#Senha2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('banner')).toContainText('Olá, Ana');
});

test('after sign-in the patron chooses where to go: the catalogue or Meu Pergamum (activity 8)', async ({ page }) => {
  await page.goto('/login');
  // The sign-in page: the institution's logo, the title, the welcome text and the access panel.
  await expect(page.getByRole('img', { name: 'Logotipo: Universidade Estadual do Vale do Sabiá' })).toBeVisible();
  await expect(page.getByText('Bem-vindo ao catálogo das bibliotecas da UEVS.', { exact: false })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Acesso' })).toBeVisible();
  const destination = page.getByRole('radiogroup', { name: /Depois de entrar, ir para/ });
  await expect(destination.getByRole('radio', { name: 'O catálogo' })).toBeChecked();
  await page.getByLabel('Matrícula ou CPF').fill('professor');
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('estante123');
  await destination.getByRole('radio', { name: 'Meu Pergamum' }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL('/meupergamum');
  await expect(page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Meu Pergamum' })).toBeVisible();
});

test('a person with two registrations chooses which one to continue as', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Matrícula ou CPF').fill('docente');
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('estante123');
  await page.getByRole('radio', { name: 'O catálogo' }).check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  const chooser = page.getByRole('radiogroup', { name: 'Com qual cadastro você quer continuar?' });
  await expect(chooser).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Preencha o campo: escolha um cadastro.');
  await expectNoAxeViolations(page);
  await chooser.getByRole('radio', { name: 'Helena Prado Vieira — Aluno de doutorado' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('banner')).toContainText('Olá, Helena');
});

test('the hold tab embeds the login form and turns into the signed-in tab', async ({ page }) => {
  await page.goto('/pesquisa-geral?termo1=great%20ray%20charles');
  await page.getByRole('main').getByRole('article').first().getByRole('link', { name: 'The Great Ray Charles' }).click();
  await page.getByRole('navigation', { name: 'Abas do título' }).getByRole('link', { name: 'Reserva', exact: true }).click();
  const main = page.getByRole('main');
  await expect(main.getByText('Depois de entrar, ir para')).toHaveCount(0);
  await main.getByLabel('Matrícula ou CPF').fill('professor');
  await main.getByRole('textbox', { name: 'Senha', exact: true }).fill('estante123');
  await main.locator('form').getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('banner')).toContainText('Olá, Carlos');
  await expect(page).toHaveURL(/\/reserva$/);
  await expect(main.getByRole('textbox', { name: 'Senha', exact: true })).toHaveCount(0);
});

test('"Sair" signs out and goes home without ever showing a placeholder screen (issue 55)', async ({ page }) => {
  // Everything the page ever shows, from its first script on: a placeholder drawn for a moment is caught too.
  await page.addInitScript(() => {
    const w = window as unknown as { placeholderSeen: boolean };
    w.placeholderSeen = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('em construção')) w.placeholderSeen = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await signIn(page, 'comunidade', false);
  await page.getByRole('banner').getByRole('link', { name: 'Sair' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => (window as unknown as { placeholderSeen: boolean }).placeholderSeen)).toBe(false);
  // Opened by its address too (a bookmark, another tab).
  await signIn(page, 'comunidade', false);
  await page.goto('/sair');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { placeholderSeen: boolean }).placeholderSeen)).toBe(false);
});

test('the header’s "Entrar" and "Autoatendimento" have their label in the middle of the button, not on its top edge (issue 55)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/');
  const banner = page.getByRole('banner');
  for (const name of [/^Entrar$/, /^Autoatendimento/]) {
    const button = banner.getByRole('link', { name });
    await expect(button).toBeVisible();
    // The box of the label's words (not of the button), by a range over its first text.
    const { box, text } = await button.evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, { acceptNode: (n) => (n.textContent?.trim() ? 1 : 3) });
      const range = document.createRange();
      range.selectNodeContents(walker.nextNode()!);
      const words = range.getBoundingClientRect();
      const outer = element.getBoundingClientRect();
      return { box: { top: outer.top, height: outer.height }, text: { top: words.top, height: words.height } };
    });
    expect(box.height).toBeGreaterThan(text.height + 8);
    expect(Math.abs(text.top + text.height / 2 - (box.top + box.height / 2))).toBeLessThanOrEqual(2);
  }
});
