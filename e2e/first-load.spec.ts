import { expect, type Page, test } from '@playwright/test';

/**
 * What a first visit downloads (issue 24): the scripts home, a results page and a title page
 * fetch before they settle stay within 200 KB as sent (compressed), none of the account area's
 * strings or of zod's schemas comes to the home page, and every script is a compressed, hashed
 * asset kept for a year.
 */
const BUDGET = 200 * 1024;

interface Script {
  name: string;
  sent: number;
}

async function scriptsOf(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<Script[]> {
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ name: new URL(entry.name).pathname, sent: entry.encodedBodySize })),
  );
}

const total = (scripts: Script[]) => scripts.reduce((sum, script) => sum + script.sent, 0);

test('home, results and title each download at most 200 KB of compressed script', async ({ page }) => {
  const home = await scriptsOf(page, '/', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible());
  const results = await scriptsOf(page, '/pesquisa-geral?termo1=educacao', (p) =>
    expect(p.getByRole('heading', { level: 2, name: /resultados?$/ })).toBeVisible(),
  );
  const title = await scriptsOf(page, '/acervo/1', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible());
  for (const [name, scripts] of Object.entries({ home, results, title })) {
    expect(scripts.length, name).toBeGreaterThan(0);
    expect(total(scripts), `${name}: ${scripts.map((s) => `${s.name} ${s.sent}`).join(', ')}`).toBeLessThanOrEqual(BUDGET);
    // Every script came compressed (a body far smaller than the script) from /assets/.
    for (const script of scripts) expect(script.name, name).toMatch(/^\/assets\/[\w.-]+-[\w-]{8}\.js$/);
  }
});

test('a script is sent compressed and kept for a year; the home page brings no account strings and no schemas', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const names = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );
  const bodies: string[] = [];
  for (const name of names) {
    const res = await request.get(name, { headers: { 'accept-encoding': 'br' } });
    const body = await res.text();
    // The build compresses every script of 1 KB or more (vite.config.ts); a smaller one gains nothing.
    if (body.length >= 1024) expect(res.headers()['content-encoding'], name).toBe('br');
    expect(res.headers()['cache-control'], name).toBe('public, max-age=31536000, immutable');
    bodies.push(body);
  }
  const code = bodies.join('\n');
  // A Portuguese string only the loans screen shows, and zod's own error for a wrong type.
  expect(code).toContain('Termo de pesquisa');
  expect(code).not.toContain('Renovar selecionados');
  expect(code).not.toMatch(/Invalid input: expected/);
});
