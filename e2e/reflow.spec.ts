import { expect, type Page, test } from '@playwright/test';
import { signIn } from './fixtures';

/**
 * Reflow (issue 24, WCAG 1.4.10): on a phone (390 px) and at the text-size bar's largest size no
 * page scrolls sideways, and every status (a copy's, a loan's due date and overdue badge) is
 * shown whole: lists become cards with the status first.
 */
async function expectReflow(page: Page, where: string) {
  const { overflow, cut, wide } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // What sticks out, innermost first (for the failure message).
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}.${Array.from(element.classList).slice(0, 2).join('.')} "${(element.textContent ?? '').slice(0, 30)}"`;
    const beyond = Array.from(document.querySelectorAll('body *')).filter((element) => element.getBoundingClientRect().right > width + 1);
    const statuses = Array.from(document.querySelectorAll<HTMLElement>('.mantine-Badge-label, [data-status]'));
    return {
      overflow: document.documentElement.scrollWidth - width,
      cut: statuses
        .filter((element) => element.scrollWidth > element.clientWidth + 1 || element.getBoundingClientRect().right > width + 1)
        .map((element) => element.textContent),
      wide: beyond
        .filter((element) => !beyond.some((other) => other !== element && element.contains(other)))
        .slice(0, 5)
        .map(describe),
    };
  });
  expect(overflow, `${where}: the page scrolls sideways (${wide.join('; ')})`).toBeLessThanOrEqual(0);
  expect(cut, `${where}: statuses cut or off-screen`).toEqual([]);
}

async function largestText(page: Page) {
  const more = page.getByRole('button', { name: 'Aumentar o texto' });
  while (await more.isEnabled()) await more.click();
  await expect(page.getByText('Zoom 100%')).toBeVisible();
}

async function walk(page: Page, label: string) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectReflow(page, `${label} home`);
  await page.goto('/pesquisa-geral?termo1=educacao');
  const first = page.getByRole('main').getByRole('article').first().getByRole('link').first();
  await expect(first).toBeVisible();
  await expectReflow(page, `${label} results`);
  await first.click();
  // The copies, each status first on its card.
  await expect(page.locator('td[data-status]').first()).toBeVisible();
  await expectReflow(page, `${label} title`);
  await page.goto('/meupergamum/emprestimos');
  // Ana has an overdue loan: its badge is read whole.
  await expect(page.locator('.mantine-Badge-label', { hasText: /em atraso/i }).first()).toBeVisible();
  await expectReflow(page, `${label} loans`);
  await page.goto('/meupergamum');
  await expect(page.getByRole('region', { name: 'Empréstimos' })).toBeVisible();
  await expectReflow(page, `${label} account home`);
}

test('on a 390 px phone nothing scrolls sideways and statuses are whole, at the usual and the largest text size', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'aluno');
  await walk(page, '390 px');
  // The text-size buttons are in the accessibility bar's wide layout; the size is kept for the phone.
  await page.setViewportSize({ width: 1366, height: 768 });
  await largestText(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await walk(page, '390 px, largest text');
  // The home page while its new acquisitions are still on their way: the skeletons fit too.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/svc/consulta?**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.locator('[aria-hidden="true"] .mantine-Skeleton-root').first()).toBeVisible();
  await expectReflow(page, '390 px, largest text, home loading');
  release();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('on a 1366 px screen at the largest text size nothing scrolls sideways and statuses are whole', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'aluno');
  await largestText(page);
  await walk(page, '1366 px, largest text');
});
