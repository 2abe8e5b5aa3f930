import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

/**
 * Where focus and scroll go (issue 24): a keyboard user lands on the count after a search and a
 * page change, reaches the first result in a few Tabs, starts a new page at its top, removes a
 * filter chip from the keyboard, and lands on the page's heading when a title opens.
 */
const results = (page: Page) => page.getByRole('main').getByRole('article');
const countHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /resultados?$/ });

/** Presses Tab until `target` holds focus; the number of presses, or Infinity after `limit`. */
async function tabsUntil(page: Page, target: import('@playwright/test').Locator, limit: number): Promise<number> {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  return Number.POSITIVE_INFINITY;
}

test('keyboard only: search, the count holds focus, the first result is a few Tabs away, its page opens at its heading', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Termo de pesquisa').fill('educacao');
  await page.keyboard.press('Enter');
  await expect(countHeading(page)).toBeFocused();
  const first = results(page).first().getByRole('link').first();
  const title = (await first.textContent())!;
  expect(await tabsUntil(page, first, 5)).toBeLessThanOrEqual(5);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeFocused();
  // The hold tab is a few Tabs further, and opens from the keyboard.
  const hold = page.getByRole('navigation', { name: 'Abas do título' }).getByRole('link', { name: 'Reserva' });
  expect(await tabsUntil(page, hold, 40)).toBeLessThan(Number.POSITIVE_INFINITY);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/reserva$/);
});

test('the skip link goes to the results', async ({ page }) => {
  await page.goto('/pesquisa-geral?termo1=manual');
  await expect(countHeading(page)).toBeVisible();
  // The page's first stop is the shell's skip link; the results' own comes next.
  await page.getByRole('link', { name: 'Ir para o conteúdo' }).focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Ir para os resultados' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(countHeading(page)).toBeFocused();
  // The first result's checkbox (for the basket), then its title.
  expect(await tabsUntil(page, results(page).first().getByRole('link').first(), 2)).toBe(2);
});

test('page 2 opens at the top, with focus on the count', async ({ page }) => {
  await page.goto('/pesquisa-geral?termo1=manual');
  const next = page.getByRole('button', { name: 'Página 2' });
  await next.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await Promise.all([page.waitForResponse((r) => r.url().includes('pagina=2')), next.click()]);
  await expect(next).toHaveAttribute('aria-current', 'page');
  await expect(countHeading(page)).toBeFocused();
  // The heading sits below the search form and the controls: the page may scroll just enough to show it, never to the bottom.
  const { scrollY, headingTop } = await page.evaluate(() => ({
    scrollY: window.scrollY,
    headingTop: document.getElementById('resultados')!.getBoundingClientRect().top + window.scrollY,
  }));
  expect(scrollY).toBeLessThanOrEqual(headingTop);
  await expect(countHeading(page)).toBeInViewport();
});

test('a filter chip is removed from the keyboard, and focus returns to the count', async ({ page }) => {
  await page.goto('/pesquisa-geral?termo1=educacao&filtro=I%3Apor');
  const chips = page.getByRole('group', { name: 'Filtros aplicados' });
  const remove = chips.getByRole('button', { name: /^Remover filtro Português/ });
  await expect(remove).toBeVisible();
  await remove.focus();
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/filtro=/);
  await expect(chips).toHaveCount(0);
  await expect(countHeading(page)).toBeFocused();
  await expectNoAxeViolations(page);
});
