/**
 * The link a patron followed from a results page, by the history entry of that page (React
 * Router's `location.key`): going back to it puts the focus on that link again (issue 55), as
 * the browser's own back does on a page of links. Kept in the tab's session storage, so a reload
 * of the title page in between does not lose it; the last few entries only.
 */
const KEY = 'estante.results-followed';
const KEPT = 30;

type Followed = [entry: string, href: string][];

function read(): Followed {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? (value as Followed) : [];
  } catch {
    return [];
  }
}

/** Remembers that `href` was followed from the results page of history entry `entry`. */
export function rememberFollowed(entry: string, href: string): void {
  const kept = read().filter(([e]) => e !== entry);
  kept.push([entry, href]);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(kept.slice(-KEPT)));
  } catch {
    // Storage full or refused: going back then starts at the results' heading, as before.
  }
}

/** The link followed from the results page of history entry `entry`, if any. */
export function followedFrom(entry: string): string | undefined {
  return read().find(([e]) => e === entry)?.[1];
}
