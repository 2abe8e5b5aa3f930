import { describe, expect, it } from 'vitest';
import { atBase } from './web.js';

/** index.html's own addresses put under the site's path (decision 0062): the build's base is relative. */
describe('atBase', () => {
  const built = [
    '<link rel="icon" href="./favicon.svg" type="image/svg+xml" />',
    '<link rel="search" href="/opensearch.xml" />',
    '<script type="module" crossorigin src="./assets/index-AbC123.js"></script>',
    "<link rel='modulepreload' crossorigin href='./assets/chunk-X1.js'>",
    '<link rel="preconnect" href="//cdn.example.org">',
    '<a href="https://example.org/">x</a><a href="#main">skip</a>',
  ].join('');

  it('makes them root-relative at the root, so a deep link (/acervo/12) still finds them', () => {
    const html = atBase(built, '');
    expect(html).toContain('href="/favicon.svg"');
    expect(html).toContain('href="/opensearch.xml"');
    expect(html).toContain('src="/assets/index-AbC123.js"');
    expect(html).toContain("href='/assets/chunk-X1.js'");
  });

  it('puts them under the prefix, and leaves other hosts, fragments and absolute URLs alone', () => {
    const html = atBase(built, '/biblioteca');
    expect(html).toContain('href="/biblioteca/favicon.svg"');
    expect(html).toContain('href="/biblioteca/opensearch.xml"');
    expect(html).toContain('src="/biblioteca/assets/index-AbC123.js"');
    expect(html).toContain("href='/biblioteca/assets/chunk-X1.js'");
    expect(html).toContain('href="//cdn.example.org"');
    expect(html).toContain('href="https://example.org/"');
    expect(html).toContain('href="#main"');
  });
});
