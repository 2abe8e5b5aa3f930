import { type SearchState, searchStateToParams } from '@estante/contracts/search';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface PastSearch {
  /** What the patron typed, for the list. */
  label: string;
  /** The results page to reopen: path and query string (the page last seen). */
  href: string;
  total: number;
  /**
   * Which search it is (historyKey): the same search seen again — another page, another
   * display — is one entry. Absent in entries kept before it was added: their href is their key.
   */
  key?: string;
  /** What else it searched besides its words: its filters, a sort, a base… (issue 55: two entries of the same words tell apart). */
  details?: string[];
}

interface SearchHistory {
  searches: PastSearch[];
  remember: (search: PastSearch) => void;
  clear: () => void;
}

/** The history's entries at most. */
const KEPT = 20;

/**
 * Which search a results page shows, for the history: its guide's path and everything of the
 * search but the page (and the display, which the address keeps apart), so turning pages or
 * switching the display of one search never adds an entry.
 */
export function historyKey(pathname: string, state: SearchState): string {
  return `${pathname}?${searchStateToParams({ ...state, pagina: 1 })}`;
}

const keyOf = (search: PastSearch) => search.key ?? search.href;

/** The session's search history (spec §2 "search history"): newest first, each search once, 20 at most. */
export const useSearchHistory = create<SearchHistory>()(
  persist(
    (set) => ({
      searches: [],
      remember: (search) => set((s) => ({ searches: [search, ...s.searches.filter((p) => keyOf(p) !== keyOf(search))].slice(0, KEPT) })),
      clear: () => set({ searches: [] }),
    }),
    { name: 'estante.search-history', storage: createJSONStorage(() => sessionStorage) },
  ),
);
