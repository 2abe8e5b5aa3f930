import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, staff } from './fixtures';

// These journeys switch the institution's settings, so they run alone, after the others
// (playwright.config.ts), one at a time, and put the demo back as they found it.
test.describe.configure({ mode: 'serial' });

test('institution 571: the username first, then the password and the required duplicate chooser', async ({ page }) => {
  staff('institution', 'code', '571');
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
