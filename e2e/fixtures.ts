import { execFileSync } from 'node:child_process';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Asserts that axe-core finds no WCAG 2.2 A/AA violation on the page as it is now (2.2 adds target size, issue 24). */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The demo institution's name (packages/api/src/seed/demo.ts). */
export const INSTITUTION = 'Universidade Estadual do Vale do Sabiá';

/** The local mail sink's page (`/svc/dev/correio`, opened with its key): every message the server sent, newest first. */
export async function mailbox(request: APIRequestContext): Promise<string> {
  return (await request.get(`/svc/dev/correio?chave=${process.env.E2E_MAIL_KEY}`)).text();
}

/** A staff command, as a librarian runs it beside the server (README: npm run comments / institution). */
export function staff(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'packages/api/src/cli/staff.ts', ...args], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR! },
    encoding: 'utf8',
  });
}

/** Signs `login` in on the login page (the demo password), staying in the catalogue. */
export async function signIn(page: Page, login: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Matrícula ou CPF').fill(login);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('estante123');
  await page.getByRole('radio', { name: 'O catálogo' }).check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('banner')).toContainText('Olá,');
}

/** A copy as the catalogue answers it (`GET /svc/acervo/:id/exemplares`). */
export interface Copy {
  tombo: string;
  cod_biblioteca: number;
  desc_biblioteca: string;
  tipo_emprestimo: string;
  situacao: string;
}

/** A title's copies, read with the anonymous token. */
export async function copiesOf(page: Page, id: string): Promise<Copy[]> {
  const token = await page.request.post('/svc/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: 'estante-web', client_secret: 'estante-public' },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const response = await page.request.get(`/svc/acervo/${id}/exemplares`, { headers: { authorization: `Bearer ${access_token}` } });
  return ((await response.json()) as { exemplares: Copy[] }).exemplares;
}
