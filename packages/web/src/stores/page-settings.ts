import type { Language } from '@estante/contracts';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Page settings kept across visits (spec §3 "Page state"): for now the interface language. */
interface PageSettings {
  language: Language;
  setLanguage: (language: Language) => void;
}

export const usePageSettings = create<PageSettings>()(
  persist(
    (set) => ({
      language: 'pt',
      setLanguage: (language) => set({ language }),
    }),
    { name: 'estante.page-config' },
  ),
);
