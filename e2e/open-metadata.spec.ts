import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

/**
 * The catalogue, open (issue 22, decision 0027): what reference managers (COinS), search engines
 * (schema.org JSON-LD) and browsers (OpenSearch) read from its pages, as they read it.
 */
const OPENSEARCH_NS = 'http://a9.com/-/spec/opensearch/1.1/';

/** The title a COinS ContextObject names, whichever format it is in. */
const kevTitle = (kev: URLSearchParams) => kev.get('rft.btitle') ?? kev.get('rft.atitle') ?? kev.get('rft.jtitle') ?? kev.get('rft.title');

/** Every COinS span in `scope`, as URLSearchParams of its ContextObject. */
async function coins(page: Page, scope = 'body'): Promise<URLSearchParams[]> {
  const titles = await page.locator(`${scope} span.Z3988`).evaluateAll((spans) => spans.map((s) => s.getAttribute('title') ?? ''));
  return titles.map((title) => new URLSearchParams(title));
}

test('each result line carries its title as COinS; the title page as COinS and schema.org JSON-LD', async ({ page }) => {
  await page.goto('/pesquisa-geral?termo1=great%20ray%20charles');
  const results = page.getByRole('main').getByRole('article');
  await expect(results.first()).toBeVisible();
  const lines = await results.count();
  const spans = await coins(page, 'main article');
  // One per line, none shown: empty and hidden from assistive technology.
  expect(spans).toHaveLength(lines);
  await expect(page.locator('main article span.Z3988').first()).toHaveText('');
  await expect(page.locator('main article span.Z3988').first()).toHaveAttribute('aria-hidden', 'true');
  const first = spans[0]!;
  expect(first.get('ctx_ver')).toBe('Z39.88-2004');
  expect(first.get('rft_val_fmt')).toMatch(/^info:ofi\/fmt:kev:mtx:(book|journal|dissertation)$/);
  const link = results.first().getByRole('link').first();
  expect(kevTitle(first)).toBe((await link.textContent())?.trim());
  expect(first.get('rft_id')).toBe(new URL((await link.getAttribute('href'))!, page.url()).href);
  await expectNoAxeViolations(page);

  await results.first().getByRole('link', { name: 'The Great Ray Charles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Great Ray Charles' })).toBeVisible();
  await expect(page).toHaveURL(/\/acervo\/\d+$/);
  const [title, ...others] = await coins(page);
  expect(others).toHaveLength(0);
  expect(kevTitle(title!)).toBe('The Great Ray Charles');
  expect(title!.get('rft.date')).toBe('1957');
  expect(title!.get('rft_id')).toBe(page.url());

  const scripts = await page.locator('script[type="application/ld+json"]').evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
  expect(scripts).toHaveLength(1);
  const data = JSON.parse(scripts[0]!) as Record<string, unknown>;
  expect(data['@context']).toEqual({ '@vocab': 'https://schema.org/' });
  expect(data['@type']).toMatch(/^[A-Z][A-Za-z]+$/);
  expect(data.name).toBe('The Great Ray Charles');
  expect(data.url).toBe(page.url());
  await expectNoAxeViolations(page);

  // On a tab of the title, the metadata still names the title page itself.
  const own = page.url();
  await page.getByRole('navigation', { name: 'Abas do título' }).getByRole('link', { name: 'MARC' }).click();
  await expect(page).toHaveURL(`${own}/marc`);
  expect((await coins(page))[0]!.get('rft_id')).toBe(own);
});

test('the pages point browsers at an OpenSearch description whose template opens a results page', async ({ page }) => {
  await page.goto('/');
  const link = page.locator('head link[rel="search"]');
  await expect(link).toHaveAttribute('type', 'application/opensearchdescription+xml');
  const href = new URL((await link.getAttribute('href'))!, page.url()).href;
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/opensearchdescription\+xml/);
  // Read by the browser's own XML parser: well formed, in the OpenSearch 1.1 namespace.
  const description = await page.evaluate(
    ({ xml, ns }) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      const text = (name: string) => doc.getElementsByTagNameNS(ns, name)[0]?.textContent ?? null;
      return {
        error: doc.getElementsByTagName('parsererror').length > 0,
        root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
        shortName: text('ShortName'),
        encoding: text('InputEncoding'),
        html:
          Array.from(doc.getElementsByTagNameNS(ns, 'Url'))
            .find((u) => u.getAttribute('type') === 'text/html')
            ?.getAttribute('template') ?? null,
      };
    },
    { xml: await response.text(), ns: OPENSEARCH_NS },
  );
  expect(description.error).toBe(false);
  expect(description.root).toBe(`${OPENSEARCH_NS} OpenSearchDescription`);
  expect(description.shortName).toBe('UEVS');
  expect(description.encoding).toBe('UTF-8');
  expect(description.html).toContain('{searchTerms}');

  // As the browser's search box does: the words in the template, the page opened.
  await page.goto(description.html!.replace('{searchTerms}', encodeURIComponent('great ray charles')));
  await expect(page.getByRole('heading', { level: 2, name: /resultados?$/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first().getByRole('link', { name: 'The Great Ray Charles' })).toBeVisible();
});
