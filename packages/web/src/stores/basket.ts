import { MAX_EXPORT_TITLES } from '@estante/contracts/basket';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The basket (spec §4): title numbers the visitor keeps while searching, kept across reloads
 * in this browser. Add one, add many, remove, clear, replace; never more than an export takes.
 */
export interface BasketState {
  items: number[];
  /** Adds titles not already there, up to the limit; returns how many went in. */
  addMany: (ids: number[]) => number;
  remove: (id: number) => void;
  clear: () => void;
  replace: (ids: number[]) => void;
}

export const BASKET_LIMIT = MAX_EXPORT_TITLES;

export const useBasket = create<BasketState>()(
  persist(
    (set, get) => ({
      items: [],
      addMany: (ids) => {
        const current = get().items;
        const fresh = [...new Set(ids)].filter((id) => !current.includes(id)).slice(0, Math.max(0, BASKET_LIMIT - current.length));
        if (fresh.length > 0) set({ items: [...current, ...fresh] });
        return fresh.length;
      },
      remove: (id) => set({ items: get().items.filter((x) => x !== id) }),
      clear: () => set({ items: [] }),
      replace: (ids) => set({ items: [...new Set(ids)].slice(0, BASKET_LIMIT) }),
    }),
    { name: 'estante.basket', storage: createJSONStorage(() => localStorage) },
  ),
);
