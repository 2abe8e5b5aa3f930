import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, mailbox, signIn } from './fixtures';

/*
 * The staff area (issue 51): offered to staff only, its sections those their roles open; the
 * scheduled jobs page for the administration, reached by keyboard, read as a table.
 */

test('a staff member reaches the scheduled jobs from the header, by keyboard', async ({ page }) => {
  await signIn(page, 'funcionario');
  const link = page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Equipe' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/equipe$/);
  await expect(page).toHaveTitle(/Área da equipe/);
  await expect(page.getByText('As seções que os seus papéis abrem:')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('listitem').getByRole('link', { name: 'Tarefas agendadas' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/equipe\/tarefas$/);
  await expect(page).toHaveTitle(/Área da equipe: Tarefas agendadas/);
  const table = page.getByRole('table', { name: 'Tarefas agendadas' });
  const expire = table.getByRole('row').filter({ hasText: 'circulation.expire-holds' });
  await expect(expire).toContainText('0 4 * * * (cron, UTC)');
  await expect(expire).toContainText('Encerra as reservas não retiradas no prazo');
  await expect(table.getByRole('row').filter({ hasText: 'circulation.loan-notices' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Seções da equipe' }).getByRole('link', { name: 'Tarefas agendadas' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoAxeViolations(page);
});

test('a patron is not offered the staff area, and is told whom to ask there', async ({ page }) => {
  await signIn(page, 'aluno');
  await expect(page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Equipe' })).toHaveCount(0);
  await page.goto('/equipe/tarefas');
  await expect(page.getByRole('status').filter({ hasText: 'Esta área é da equipe da biblioteca' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tarefas agendadas' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the administration grants a role and takes it back on screen, and reads both acts in the audit and its CSV', async ({ page }) => {
  await signIn(page, 'administracao');
  await page.goto('/equipe');
  const menu = page.getByRole('navigation', { name: 'Seções da equipe' });
  await expect(menu.getByRole('link')).toHaveText([
    'Área da equipe',
    'Equipe e papéis',
    'Auditoria',
    'Exportação',
    'Rede de parceiros',
    'Configurações',
    'Tarefas agendadas',
    'Correio',
  ]);
  await menu.getByRole('link', { name: 'Equipe e papéis' }).click();
  const grant = page
    .getByRole('region', { name: 'Conceder papéis' })
    .or(page.locator('form').filter({ has: page.getByRole('button', { name: 'Conceder papéis' }) }));
  await grant
    .first()
    .getByRole('textbox', { name: /^Login/ })
    .fill('catalogacao');
  await grant.first().getByRole('checkbox', { name: 'Atendimento' }).check();
  await grant.first().getByRole('button', { name: 'Conceder papéis' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Papéis de Otávio Lopes Siqueira: Atendimento e Catalogação.' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Membros da equipe e os seus papéis' }).getByRole('row').filter({ hasText: 'Otávio Lopes Siqueira' });
  await expect(row).toContainText('Atendimento');
  await expectNoAxeViolations(page);
  await row.getByRole('button', { name: 'Retirar papéis de Otávio Lopes Siqueira' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retirar papéis de Otávio Lopes Siqueira' });
  await dialog.getByRole('checkbox', { name: 'Atendimento' }).check();
  await dialog.getByRole('button', { name: 'Retirar papéis' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Papéis de Otávio Lopes Siqueira: Catalogação.' })).toBeVisible();

  await menu.getByRole('link', { name: 'Auditoria' }).click();
  await page.getByRole('textbox', { name: /^Ação/ }).fill('staff');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const acts = page.getByRole('table', { name: /^Atos da equipe/ });
  await expect(acts.getByRole('row').filter({ hasText: 'Otávio Lopes Siqueira' })).toHaveCount(2);
  await expect(acts).toContainText('staff.grant');
  await expect(acts).toContainText('Rafael Tavares Gomes');
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const csv = Buffer.concat(await (await (await download).createReadStream()).toArray()).toString('utf8');
  expect(csv.split('\r\n')[0]).toBe('\ufeffem,autor,autor_nome,acao,alvo,alvo_nome,motivo,detalhes');
  expect(csv).toMatch(/,staff\.revoke,pessoa:\d+,Otávio Lopes Siqueira,/);
});

test('every staff screen is clean for axe in the default and the high-contrast schemes', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'funcionario');
  const screens = [
    '/equipe',
    '/equipe/balcao',
    '/equipe/leitores',
    '/equipe/solicitacoes',
    '/equipe/aquisicao',
    '/equipe/periodicos',
    '/equipe/catalogacao',
    '/equipe/moderacao',
    '/equipe/membros',
    '/equipe/auditoria',
    '/equipe/exportacao',
    '/equipe/rede',
    '/equipe/configuracoes',
    '/equipe/tarefas',
    '/equipe/correio',
  ];
  for (const scheme of ['default', 'contraste'] as const) {
    if (scheme === 'contraste') {
      await page.getByRole('region', { name: 'Barra de acessibilidade' }).getByLabel('Cores').selectOption('contraste');
      await expect(page.locator('html')).toHaveClass(/cor-contraste/);
    }
    for (const screen of screens) {
      await page.goto(screen);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Área da equipe');
      // Once every list has arrived (a loader is a passing state, not the screen).
      await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
  }
});

test('the desk registers a patron by hand, finds her, and e-mails her a code to choose a password', async ({ page }) => {
  await signIn(page, 'balcao');
  await page.goto('/equipe/leitores');
  const login = `leitora${Date.now() % 100_000}`;
  await page.getByRole('button', { name: 'Novo leitor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo leitor' });
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Tereza Batista Nova');
  await dialog.getByRole('textbox', { name: /^Login/ }).fill(login);
  await dialog.getByLabel(/^Categoria/).selectOption({ label: 'Aluno de graduação' });
  await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(`${login}@demo.estante.local`);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cadastrar leitor' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Leitor Tereza Batista Nova cadastrado.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Tereza Batista Nova' })).toBeVisible();

  await page.getByRole('textbox', { name: /^Login, CPF ou nome/ }).fill('batista tereza');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('table', { name: 'Leitores encontrados para “batista tereza”' })).toContainText(login);
  await page.getByRole('button', { name: 'Enviar e-mail de recuperação de senha' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Código enviado para / })).toBeVisible();
  await expect.poll(async () => mailbox(page.request)).toContain(`${login}@demo.estante.local`);
  await expectNoAxeViolations(page);
});
