import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './fixtures';

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
