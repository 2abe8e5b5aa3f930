/**
 * What a screen hands to the provider hand-over screen it opens in a new tab (spec §2 `/pearson`:
 * "data handed over by local storage"): the restricted link to fetch there. Each hand-over is an
 * entry of its own (several tabs may be opening at once), read by the id the new tab's address
 * carries, forgotten once used and, unused, after ten minutes. Nothing secret travels: a title
 * number and a link's place.
 */
const PREFIX = 'estante.entrega.';
const LIFETIME_MS = 10 * 60_000;

/** A restricted link of a title (its `seq` among the record's links). */
export interface RestrictedHandOver {
  acervo: number;
  seq: number;
}

interface Kept extends RestrictedHandOver {
  em: number;
}

function forgetStale(now: number): void {
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    const kept = read(key);
    if (!kept || now - kept.em > LIFETIME_MS) localStorage.removeItem(key);
  }
}

function read(key: string): Kept | null {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<Kept> | null;
    return value && Number.isInteger(value.acervo) && Number.isInteger(value.seq) && typeof value.em === 'number' ? (value as Kept) : null;
  } catch {
    return null;
  }
}

/** Keeps a hand-over for the tab about to open; answers the id its address carries. */
export function keepHandOver(handOver: RestrictedHandOver): string {
  const now = Date.now();
  forgetStale(now);
  const id = crypto.randomUUID();
  localStorage.setItem(PREFIX + id, JSON.stringify({ acervo: handOver.acervo, seq: handOver.seq, em: now } satisfies Kept));
  return id;
}

/** The hand-over kept under `id`, while it is fresh; null when there is none (another browser, too late). */
export function readHandOver(id: string): RestrictedHandOver | null {
  const kept = read(PREFIX + id);
  if (!kept || Date.now() - kept.em > LIFETIME_MS) return null;
  return { acervo: kept.acervo, seq: kept.seq };
}

/** Forgets a hand-over once the tab used it. */
export function forgetHandOver(id: string): void {
  localStorage.removeItem(PREFIX + id);
}
