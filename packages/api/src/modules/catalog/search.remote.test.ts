import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../db/client.js';
import { errorOf, wireError } from './search.remote.js';

/** What the workers' channel does to an error: JSON there and back. */
const travelled = (error: unknown) => errorOf(JSON.parse(JSON.stringify(wireError(error))) as ReturnType<typeof wireError>);

describe("a search's error on its way from the primary's index to the worker", () => {
  it('stays a database outage when the driver error is wrapped (drizzle puts it in `cause`), so the patron gets 503', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const wrapped = new Error('Failed query: select version from catalog_version', { cause: refused });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    const arrived = travelled(wrapped);
    expect(isDatabaseUnavailable(arrived)).toBe(true);
    expect(arrived.message).toBe(wrapped.message);
    expect((arrived.cause as { code?: string }).code).toBe('ECONNREFUSED');
    const timedOut = new Error('Failed query: select 1', { cause: new Error('timeout exceeded when trying to connect') });
    expect(isDatabaseUnavailable(travelled(timedOut))).toBe(true);
  });

  it('keeps any other error one (a 500 stays a 500, a status stays its status)', () => {
    const syntax = new Error('Failed query: select', { cause: Object.assign(new Error('syntax error'), { code: '42601' }) });
    expect(isDatabaseUnavailable(travelled(syntax))).toBe(false);
    expect(travelled(Object.assign(new Error('bad'), { statusCode: 400 }))).toMatchObject({ message: 'bad', statusCode: 400 });
    expect(travelled('a string thrown').message).toBe('a string thrown');
  });
});
