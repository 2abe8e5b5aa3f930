import type { Language } from '@estante/contracts';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { encryptedStorage } from './encrypted-storage';

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
    { name: 'estante.page-config', storage: encryptedStorage(() => localStorage), partialize: ({ language }) => ({ language }) as PageSettings },
  ),
);
