import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, INSTITUTION, mailbox } from './fixtures';

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key.replace(/_(one|other|zero)$/, '')}`] : keysOf(value, `${prefix}${key}.`),
  );
const KEYS = keysOf(JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../packages/web/src/i18n/locales/pt.json'), 'utf8')) as Tree);

/** No translation key shows raw: the page's text holds none of the app's keys ("a11y.zoomIn"). */
async function expectNoRawKeys(page: Page) {
  const text = await page.locator('body').innerText();
  expect(KEYS.filter((key) => text.includes(key))).toEqual([]);
}

const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

async function signInInDialog(page: Page, login: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Matrícula ou CPF').fill(login);
  await dialog.getByRole('textbox', { name: 'Senha', exact: true }).fill('estante123');
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(dialog.getByRole('button', { name: 'Enviar' })).toBeVisible();
}

test('English and Spanish change every string of the shell, no key shows raw, and Portuguese comes back', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('button', { name: 'Comentários' })).toBeVisible();
  await expectNoRawKeys(page);
  await footer.getByRole('navigation', { name: 'Idiomas' }).getByRole('button', { name: 'English' }).click();
  await expect(page).toHaveURL(/lng=en/);
  await expect(page.getByRole('heading', { level: 1, name: 'Library catalogue' })).toBeVisible();
  const bar = page.getByRole('region', { name: 'Accessibility bar' });
  await expect(bar.getByRole('button', { name: 'Larger text' })).toBeVisible();
  await expect(bar.getByLabel('Colours')).toBeVisible();
  await expect(footer.getByRole('button', { name: 'Acquisition suggestion' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Opening hours' })).toBeVisible();
  await expect(footer).toContainText('Supported browsers: Chrome 104, Firefox 110, Edge 110');
  await expect(page.getByRole('heading', { name: 'Welcome to the UEVS libraries' })).toBeVisible();
  await expectNoRawKeys(page);

  await footer.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo de las bibliotecas' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Barra de accesibilidad' }).getByRole('button', { name: 'Ampliar el texto' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Horario de atención' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectNoRawKeys(page);
  await expectNoAxeViolations(page);

  await page.getByRole('contentinfo').getByRole('button', { name: 'Português' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Catálogo das bibliotecas' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
});

test('the sign-in page also speaks French and Italian, and has no accessibility bar', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('region', { name: 'Barra de acessibilidade' })).toHaveCount(0);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Se connecter' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Mot de passe', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mot de passe oublié' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Italiano' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Browser supportati');
  await expectNoRawKeys(page);
  await expectNoAxeViolations(page);
});

test('zoom 100, every colour scheme and bold text are applied at once and kept after a reload', async ({ page }) => {
  await page.goto('/');
  const bar = page.getByRole('region', { name: 'Barra de acessibilidade' });
  const html = page.locator('html');
  for (let i = 0; i < 5; i++) await bar.getByRole('button', { name: 'Aumentar o texto' }).click();
  await expect(bar).toContainText('Tamanho do texto: 200 %');
  await expect(bar.getByRole('button', { name: 'Aumentar o texto' })).toBeDisabled();
  await expect(html).toHaveClass(/\bzoom-100\b/);
  // The root font doubles, so every rem doubles: the layout reflows rather than overflowing.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('32px');
  await noHorizontalScroll(page);
  await bar.getByRole('button', { name: 'Texto em negrito' }).click();
  await expect(bar.getByRole('button', { name: 'Texto em negrito' })).toHaveAttribute('aria-pressed', 'true');
  for (const [scheme, label] of [
    ['invertido', 'Cores invertidas'],
    ['escala-cinza', 'Escala de cinza'],
    ['escuro', 'Modo escuro'],
    ['contraste', 'Alto contraste'],
  ] as const) {
    await bar.getByLabel('Cores').selectOption({ label });
    await expect(html).toHaveClass(new RegExp(`\\bcor-${scheme}\\b`));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Catálogo das bibliotecas' })).toBeVisible();
    await expect(html).toHaveClass(new RegExp(`\\bcor-${scheme}\\b`));
    await expect(html).toHaveClass(/\bzoom-100\b/);
    await expect(html).toHaveClass(/\bnegrito\b/);
    // Dark mode sets real colours (not a filter): they must pass AA as well.
    if (scheme === 'escuro') await expectNoAxeViolations(page);
  }
  // High contrast: white on black, links in yellow.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(0, 0, 0)');
  expect(await page.getByRole('link', { name: 'Pesquisa geral' }).evaluate((a) => getComputedStyle(a).color)).toBe('rgb(255, 255, 0)');
  await expectNoAxeViolations(page);
  await page.getByRole('region', { name: 'Barra de acessibilidade' }).getByRole('button', { name: 'Restaurar padrão' }).click();
  await expect(html).not.toHaveClass(/cor-|negrito|zoom-100/);
  await page.reload();
  await expect(html).toHaveClass(/\bzoom-0\b/);
});

test('the Libras button loads the configured sign-language widget', async ({ page }) => {
  // The real VLibras lives on the internet; here a stand-in answers for its script.
  await page.route('https://vlibras.gov.br/app/vlibras-plugin.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.VLibras = { Widget: function (root) { window.librasStarted = root; } };' }),
  );
  await page.goto('/');
  const libras = page.getByRole('region', { name: 'Barra de acessibilidade' }).getByRole('button', { name: 'Libras' });
  await expect(libras).toHaveAttribute('aria-pressed', 'false');
  await libras.click();
  await expect(libras).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => page.evaluate(() => (window as unknown as { librasStarted?: string }).librasStarted)).toBe('https://vlibras.gov.br/app');
  await expect(page.locator('[vw] [vw-access-button]')).toHaveCount(1);
  await libras.click();
  await expect(page.locator('[vw]')).toHaveCount(0);
});

test('keyboard shortcuts reach the content, the search box and the footer', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeVisible();
  await page.keyboard.press('Alt+1');
  await expect(page.locator('#main')).toBeFocused();
  await page.keyboard.press('Alt+4');
  await expect(page.locator('#footer')).toBeFocused();
  // No search box on the FAQ: Alt+3 goes to the home page's.
  await page.keyboard.press('Alt+3');
  await expect(page).toHaveURL('/');
  await expect(page.getByLabel('Termo de pesquisa')).toBeFocused();
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Início' })).toBeFocused();
});

test('the kiosk button opens the self-service page with the institution’s parameters', async ({ page }) => {
  await page.goto('/');
  const kiosk = page.getByRole('link', { name: /Autoatendimento/ });
  const href = new URL((await kiosk.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe('https://demo.estante.local/autoatendimento');
  expect(Object.fromEntries(href.searchParams)).toEqual({ instituicao: '1', biblioteca: '1', idioma: 'pt', teclado: 'S', autenticacao: 'senha' });
  await expect(kiosk).toHaveAttribute('target', '_blank');
});

test('a general comment and an acquisition suggestion: sign in first, validation, then a toast', async ({ page, request }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('button', { name: 'Comentários' }).click();
  const dialog = page.getByRole('dialog', { name: 'Comentários' });
  await expect(dialog.getByText('Entre com sua conta para enviar um comentário.')).toBeVisible();
  await signInInDialog(page, 'professor');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog.getByText('Escolha a biblioteca e escreva o comentário.')).toBeVisible();
  await dialog.getByLabel(/^Biblioteca/).selectOption({ label: 'Biblioteca Central' });
  await dialog.getByLabel(/^Comentário/).fill('   A sala de estudos poderia abrir aos domingos.  ');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Comentário enviado com sucesso.' })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The library got it by e-mail (the local mail sink).
  const messages = await mailbox(request);
  expect(messages).toMatch(/<h2>Comentário geral nº \d+ — Biblioteca Central<\/h2><p><strong>Para:<\/strong> bc@demo.estante.local/);
  expect(messages).toContain('A sala de estudos poderia abrir aos domingos.');

  // A professor also sees the separate acquisition link (the institution's acquisition web).
  await expect(footer.getByRole('link', { name: /Sugestão de aquisição para docentes/ })).toHaveAttribute(
    'href',
    'https://demo.estante.local/aquisicao/docentes',
  );
  await footer.getByRole('button', { name: 'Sugestão de aquisição', exact: true }).click();
  const suggestion = page.getByRole('dialog', { name: 'Sugestão de aquisição' });
  await expect(suggestion.getByText('Sugira obras que a biblioteca ainda não tem.')).toBeVisible();
  await suggestion.getByLabel(/^Campus/).selectOption({ label: 'Campus Litoral' });
  await suggestion.getByLabel(/^Biblioteca/).selectOption({ label: 'Biblioteca do Campus Litoral' });
  await suggestion.getByRole('textbox', { name: /^Título/ }).fill('   ');
  await suggestion.getByRole('textbox', { name: /^Editora/ }).fill('Companhia das Letras');
  await suggestion.getByRole('button', { name: 'Enviar' }).click();
  await expect(suggestion.getByText('Preencha o campo obrigatório: Título.')).toBeVisible();
  await suggestion.getByRole('textbox', { name: /^Título/ }).fill('Torto arado');
  await suggestion.getByRole('textbox', { name: /^Autor/ }).fill('Itamar Vieira Junior');
  await expectNoAxeViolations(page);
  await suggestion.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sugestão de aquisição enviada com sucesso.' })).toBeVisible();
  // Toasts close by themselves after 8 s (spec §9): the wait is those 8 s plus the usual budget.
  await expect(page.getByRole('alert').filter({ hasText: 'Sugestão de aquisição enviada com sucesso.' })).toBeHidden({ timeout: 8_000 + 10_000 });
});

test('support shows the institution’s message, its links kept and nothing else', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Suporte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suporte' });
  await expect(dialog).toContainText('Dúvidas sobre o catálogo?');
  await expect(dialog.getByRole('link', { name: 'biblioteca@demo.estante.local' })).toHaveAttribute('href', 'mailto:biblioteca@demo.estante.local');
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
});

test('opening hours, Monday to Sunday, events and the FAQ', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Horário de atendimento' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Horário de atendimento' })).toBeVisible();
  const central = page.getByRole('table', { name: 'Biblioteca Central' });
  await expect(central.getByRole('row')).toHaveCount(8);
  await expect(central.getByRole('row', { name: /Segunda-feira/ })).toContainText('07:30 às 22:00');
  await expect(central.getByRole('row', { name: /Domingo/ })).toContainText('Fechado');
  await page.getByLabel('Campus', { exact: true }).selectOption({ label: 'Campus Serra' });
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Campus Serra']);
  await expectNoAxeViolations(page);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Eventos' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Semana do Livro e da Biblioteca' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Normalização de trabalhos acadêmicos/ })).toHaveAttribute('href', 'https://eventos.demo.estante.local/abnt');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Perguntas frequentes' }).click();
  const question = page.getByRole('button', { name: 'Como renovo um empréstimo?' });
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Não é possível renovar uma obra reservada por outra pessoa.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Informações gerais' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Graduação: até 5 obras por 14 dias.' })).toBeVisible();
});

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('home, results and title are usable: menu and facets in drawers, nothing sideways', async ({ page }) => {
    await page.goto('/');
    // The compact header: the portal's name and the institution's acronym, not its full name.
    await expect(page.getByRole('link', { name: 'Catálogo online UEVS' })).toBeVisible();
    await expect(page.getByRole('banner').getByText(INSTITUTION)).toBeHidden();
    await noHorizontalScroll(page);
    await page.getByRole('button', { name: 'Abrir o menu' }).click();
    const menu = page.getByRole('dialog', { name: 'UEVS' });
    await expect(menu.getByRole('link', { name: 'Cesta' })).toBeVisible();
    await menu.getByRole('button', { name: 'Fechar' }).click();
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Opções de acessibilidade' }).click();
    await expect(page.getByRole('button', { name: 'Aumentar o texto' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Termo de pesquisa').fill('educacao');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /resultados?$/ })).toBeVisible();
    await noHorizontalScroll(page);
    await page.getByRole('button', { name: /Filtrar resultados/ }).click();
    const filters = page.getByRole('dialog', { name: 'Filtros' });
    await filters
      .getByRole('region', { name: 'Idioma' })
      .getByRole('checkbox', { name: /^Português/ })
      .click();
    await expect(page).toHaveURL(/filtro=I%3Apor/);
    await filters.getByRole('button', { name: 'Fechar' }).click();
    await expect(page.getByRole('button', { name: 'Filtrar resultados (1 aplicados)' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('main').getByRole('article').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/acervo\/\d+/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await noHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });
});

/** Signs in as `devedor` (debts, loans, a deviation: every account screen has something) to Meu Pergamum. */
async function signInToAccount(page: Page): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await page.getByLabel('Matrícula ou CPF').fill('devedor');
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('estante123');
  await page.getByRole('radio', { name: 'Meu Pergamum' }).check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL('/meupergamum');
}

/** axe over home, results, title, basket and every Meu Pergamum screen, each once drawn. */
async function expectEveryScreenClean(page: Page): Promise<void> {
  for (const [url, ready] of [
    ['/', page.getByRole('heading', { level: 1, name: 'Catálogo das bibliotecas' })],
    ['/pesquisa-geral?termo1=educacao', page.getByRole('heading', { level: 2, name: /resultados?$/ })],
    ['/acervo/12', page.getByRole('heading', { level: 2, name: 'Comentários' })],
    ['/cesta', page.getByRole('heading', { level: 1, name: 'Cesta' })],
  ] as const) {
    await page.goto(url);
    await expect(ready).toBeVisible();
    await expectNoAxeViolations(page);
  }
  for (const section of [
    '',
    '/emprestimos',
    '/debitos',
    '/afastamentos',
    '/nada-consta',
    '/reservas',
    '/solicitacoes',
    '/token',
    '/cesta-permanente',
    '/aquisicao',
    '/consulta-sugestoes',
    '/pedidos-compra',
    '/estatisticas-aquisicao',
    // (The teaching plan is a professor's section, not Daniela's: acquisitions.spec.ts checks it with axe.)
    '/bases-dados',
    '/totais-acervo',
    '/comentarios',
    '/itens-salvos',
    '/dados-pessoais',
    '/senha',
    '/troca-usuario',
    '/meus-dados',
  ]) {
    await page.goto(`/meupergamum${section}`);
    await expect(page.getByRole('navigation', { name: 'Menu do Meu Pergamum' })).toBeVisible();
    await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
    await expectNoAxeViolations(page);
  }
}

// Twenty-seven screens, each drawn and checked by axe: about 50 s on an idle machine.
test('axe finds nothing in the normal scheme: login, home, results, title, basket and every Meu Pergamum screen', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await expectNoAxeViolations(page);
  await signInToAccount(page);
  await expectEveryScreenClean(page);
});

test('axe finds nothing in the high-contrast scheme: home, results, title, basket, every Meu Pergamum screen and login', async ({ page }) => {
  test.setTimeout(180_000);
  await signInToAccount(page);
  await page.getByRole('region', { name: 'Barra de acessibilidade' }).getByLabel('Cores').selectOption('contraste');
  await expect(page.locator('html')).toHaveClass(/cor-contraste/);
  await expectEveryScreenClean(page);
  // The sign-in page in high contrast too (signed out: it shows the form).
  await page.getByRole('link', { name: 'Sair' }).click();
  // Signing out finishes (the refresh token revoked, the stores cleared) before the next page loads.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/cor-contraste/);
  await expectNoAxeViolations(page);
});
