import type { Readiness, ReadinessCheck } from '@estante/contracts/health';
import { within } from '../../lib/metrics.js';
import type { Searcher } from '../search/search.remote.js';

/** How long a readiness check waits for each answer (probes time out in a few seconds). */
const CHECK_WAIT_MS = 2000;

/** What readiness asks: the catalogue's index (here, or the primary's), and the database. */
export interface ReadinessSources {
  searchIndex: Pick<Searcher, 'figures'>;
  ping(): Promise<boolean>;
  pendingMigrations(): Promise<number>;
}

/**
 * Whether this process can serve (decision 0059): the catalogue's search index has its snapshot
 * (asking starts the first one), the database answers, and every migration this build carries
 * is applied. Each answer is waited for 2 s at most; one not given counts as missing. The
 * migrations cannot be known while the database is away (`unknown`, and only `database` missing).
 */
export async function readiness(sources: ReadinessSources): Promise<Readiness> {
  const [figures, up] = await Promise.all([within(sources.searchIndex.figures(), CHECK_WAIT_MS, null), within(sources.ping(), CHECK_WAIT_MS, false)]);
  const pending = up ? await within(sources.pendingMigrations(), CHECK_WAIT_MS, null) : null;
  const search = typeof figures?.version === 'number' ? 'loaded' : 'loading';
  const migrations = pending === null ? 'unknown' : pending === 0 ? 'applied' : 'pending';
  const missing: ReadinessCheck[] = [];
  if (search !== 'loaded') missing.push('search');
  if (!up) missing.push('database');
  else if (migrations !== 'applied') missing.push('migrations');
  return { status: missing.length ? 'unready' : 'ready', search, database: up ? 'up' : 'down', migrations, missing };
}
