import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** TRUST_PROXY and PUBLIC_URL with a path (issue 58, decision 0062). */
describe('behind a proxy', () => {
  it('believes no proxy unless TRUST_PROXY names it', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses a TRUST_PROXY entry that is no address or range, naming it', () => {
    for (const bad of ['true', '*', '10.0.0.0/33', 'nginx.local', '10.0.0.1/8/2', '127.0.0.1,,']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY="true": expected the addresses or CIDR ranges/);
  });

  it('takes the site’s path from PUBLIC_URL: none for an origin, /biblioteca under a prefix', () => {
    expect(loadConfig({}).publicPath).toBe('');
    expect(loadConfig({ PUBLIC_URL: 'https://example.edu' })).toMatchObject({ publicUrl: 'https://example.edu', publicPath: '' });
    expect(loadConfig({ PUBLIC_URL: 'https://example.edu/' })).toMatchObject({ publicUrl: 'https://example.edu', publicPath: '' });
    expect(loadConfig({ PUBLIC_URL: 'https://example.edu/biblioteca/' })).toMatchObject({
      publicUrl: 'https://example.edu/biblioteca',
      publicPath: '/biblioteca',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://example.edu/a/b' }).publicPath).toBe('/a/b');
    expect(() => loadConfig({ PUBLIC_URL: 'https://example.edu/bib"lioteca/' })).toThrow(/PUBLIC_URL=.*expected a path of letters/);
  });
});
