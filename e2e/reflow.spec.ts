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

/**
 * Issue 55: nothing a person reads on a button, a tab, a select or a field is cut off — no text
 * sticks out of a box that hides what passes it (Mantine's button labels hid accents and
 * descenders), and a select's or an empty field's text is no wider than its box (a select cannot
 * wrap). Text only screen readers read (clipped on purpose) does not count.
 */
async function expectNothingClipped(page: Page, where: string) {
  const clipped = await page.evaluate(() => {
    const found: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent || (element as HTMLInputElement).placeholder || '').trim().slice(0, 40)}"`;
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    // Text in a button, a link styled as one, a tab: inside every box up to it that hides overflow.
    for (const control of Array.from(document.querySelectorAll('button, a.mantine-Button-root, [role="tab"]'))) {
      if (!shown(control) || control.closest('.visually-hidden, [aria-hidden="true"]')) continue;
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        if (!text.textContent?.trim() || text.parentElement?.closest('.visually-hidden')) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
        for (let box: Element | null = text.parentElement; box && control.contains(box); box = box.parentElement) {
          const style = getComputedStyle(box);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const edge = box.getBoundingClientRect();
          if (rects.some((r) => r.left < edge.left - 1 || r.right > edge.right + 1 || r.top < edge.top - 1 || r.bottom > edge.bottom + 1)) {
            found.push(`${name(control)}: its text passes the edge of ${box.tagName.toLowerCase()}.${box.classList[0] ?? ''}`);
            break;
          }
        }
      }
    }
    // A select shows its choice on one line, an empty field its placeholder: the text must fit.
    const measure = document.createElement('canvas').getContext('2d')!;
    for (const field of Array.from(document.querySelectorAll<HTMLSelectElement | HTMLInputElement>('select, input[placeholder]'))) {
      if (!shown(field)) continue;
      const text = field instanceof HTMLSelectElement ? (field.selectedOptions[0]?.textContent ?? '') : field.value ? '' : field.placeholder;
      if (!text) continue;
      const style = getComputedStyle(field);
      measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (measure.measureText(text).width > room + 1) found.push(`${name(field)}: "${text}" is wider than its box`);
    }
    return found;
  });
  expect(clipped, `${where}: text cut off`).toEqual([]);
}

/** The text-size bar's largest size, set as a person does: A+ until it stops, the bar saying so. */
async function largestText(page: Page) {
  const bar = page.getByRole('region', { name: 'Barra de acessibilidade' });
  const more = bar.getByRole('button', { name: 'Aumentar o texto' });
  while (await more.isEnabled()) await more.click();
  await expect(bar.getByText('Tamanho do texto: 200 %')).toBeVisible();
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

test('at the largest text size a phone shows the sign-in page, a title’s statistics and the interest profile whole (issue 55)', async ({ page }) => {
  test.setTimeout(150_000);
  // The text-size bar is on every page but the sign-in page; its size is kept for every page after.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  const bar = page.getByRole('region', { name: 'Barra de acessibilidade' });
  // The size as a person reads it, not "Zoom 0%".
  await expect(bar.getByText('Tamanho do texto: normal')).toBeVisible();
  await largestText(page);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expectReflow(page, 'sign-in page');
  await expectNothingClipped(page, 'sign-in page');

  await signIn(page, 'aluno');
  await page.goto('/pesquisa-geral?termo1=great%20ray%20charles');
  await page.getByRole('main').getByRole('article').first().getByRole('link', { name: 'The Great Ray Charles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Great Ray Charles' })).toBeVisible();
  await page.goto(`${new URL(page.url()).pathname}/dados-estatisticos`);
  await expect(page.getByRole('img', { name: /Gráfico de barras: empréstimos por mês/ })).toBeVisible();
  await expect(page.getByRole('table', { name: /Empréstimos por mês/ })).toBeVisible();
  await expectReflow(page, 'statistics tab');
  await expectNothingClipped(page, 'statistics tab');

  await page.goto('/meupergamum/perfil-interesse');
  for (const tab of ['Áreas, autores e assuntos', 'Periódicos', 'Tipos de obra']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('button').first()).toBeVisible();
    await expectReflow(page, `interest profile, ${tab}`);
    await expectNothingClipped(page, `interest profile, ${tab}`);
  }
});

/** The front page's new-acquisitions grid: how many columns it has, and the titles whose words are cut. */
async function newAcquisitions(page: Page) {
  const grid = page.getByRole('region', { name: 'Novas aquisições' }).getByRole('list');
  await expect(grid.getByRole('listitem')).toHaveCount(12);
  return grid.evaluate((list) => {
    const titles = Array.from(list.querySelectorAll<HTMLElement>('[role="listitem"] a[href^="/acervo/"]'));
    const cut = titles.flatMap((title) => {
      // Wider than its box, or a word split over two lines ("Administr/ação").
      if (title.scrollWidth > title.clientWidth) return [`${title.textContent}: wider than its card`];
      const text = title.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return [];
      const words = [...(text.textContent ?? '').matchAll(/\S+/g)];
      return words.flatMap((word) => {
        const range = document.createRange();
        range.setStart(text, word.index!);
        range.setEnd(text, word.index! + word[0].length);
        const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
        return lines.size > 1 ? [`${title.textContent}: "${word[0]}" split over lines`] : [];
      });
    });
    return { columns: getComputedStyle(list).gridTemplateColumns.split(' ').length, cut };
  });
}

test('on a desktop the new acquisitions take fewer columns as the text grows, and no title’s word is cut (issue 55)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  const usual = await newAcquisitions(page);
  expect(usual.columns).toBe(6);
  await largestText(page);
  const largest = await newAcquisitions(page);
  expect(largest.columns).toBeLessThan(usual.columns);
  expect(largest.cut).toEqual([]);
  await expectReflow(page, 'home, largest text');
});

test('the charts’ labels grow with the text, and counts are marked in whole numbers (issue 55)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'aluno');
  await page.goto('/pesquisa-geral?termo1=great%20ray%20charles');
  await page.getByRole('main').getByRole('article').first().getByRole('link', { name: 'The Great Ray Charles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Great Ray Charles' })).toBeVisible();
  const statistics = `${new URL(page.url()).pathname}/dados-estatisticos`;
  // The height of a month's name under the loans chart, and of a mark on a suggestions chart's axis.
  const loanLabel = async () => {
    await page.goto(statistics);
    const chart = page.getByRole('img', { name: /Gráfico de barras: empréstimos por mês/ });
    await expect(chart).toBeVisible();
    return chart.getByText('jan.', { exact: true }).evaluate((label) => label.getBoundingClientRect().height);
  };
  const suggestionMarks = async () => {
    await page.goto('/meupergamum/estatisticas-aquisicao');
    const marks = page.locator('.recharts-cartesian-axis-tick-value');
    await expect(marks.first()).toBeVisible();
    return {
      height: await marks.first().evaluate((mark) => mark.getBoundingClientRect().height),
      // The count axes' marks: every number shown is whole.
      numbers: (await marks.allTextContents()).filter((text) => /^[\d.,]+$/.test(text)),
    };
  };
  const usual = { loans: await loanLabel(), suggestions: await suggestionMarks() };
  expect(usual.suggestions.numbers.length).toBeGreaterThan(0);
  expect(usual.suggestions.numbers.filter((n) => !/^\d+$/.test(n))).toEqual([]);
  await largestText(page);
  const largest = { loans: await loanLabel(), suggestions: await suggestionMarks() };
  // Twice the text, (about) twice the labels.
  expect(largest.loans / usual.loans).toBeGreaterThan(1.8);
  expect(largest.suggestions.height / usual.suggestions.height).toBeGreaterThan(1.8);
  expect(largest.suggestions.numbers.filter((n) => !/^\d+$/.test(n))).toEqual([]);
});
