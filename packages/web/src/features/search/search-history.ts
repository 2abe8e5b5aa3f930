import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface PastSearch {
  /** What the patron typed, for the list. */
  label: string;
  /** The results page to reopen: path and query string. */
  href: string;
  total: number;
}

interface SearchHistory {
  searches: PastSearch[];
  remember: (search: PastSearch) => void;
  clear: () => void;
}

/** The session's search history (spec §2 "search history"): newest first, 20 at most. */
export const useSearchHistory = create<SearchHistory>()(
  persist(
    (set) => ({
      searches: [],
      remember: (search) => set((s) => ({ searches: [search, ...s.searches.filter((p) => p.href !== search.href)].slice(0, 20) })),
      clear: () => set({ searches: [] }),
    }),
    { name: 'estante.search-history', storage: createJSONStorage(() => sessionStorage) },
  ),
);
