import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { InterfaceLanguage } from '../i18n/languages';
import { encryptedStorage } from './encrypted-storage';

/** Zoom steps (spec §9: 0 to 100, step 20); the page carries the class `zoom-N`. */
export const ZOOM_STEPS = [0, 20, 40, 60, 80, 100] as const;
export type Zoom = (typeof ZOOM_STEPS)[number];

/**
 * Colour schemes (spec §1): normal (empty), inverted, greyscale, high contrast, and the dark
 * mode the text also names. The page carries the class `cor-{scheme}`.
 */
export const COLOUR_SCHEMES = ['', 'invertido', 'escala-cinza', 'contraste', 'escuro'] as const;
export type ColourScheme = (typeof COLOUR_SCHEMES)[number];

/** Spec §3 "Accessibility settings": zoom, cor, negrito, libras. */
export interface Accessibility {
  zoom: Zoom;
  cor: ColourScheme;
  negrito: boolean;
  libras: boolean;
}

export const DEFAULT_ACCESSIBILITY: Accessibility = { zoom: 0, cor: '', negrito: false, libras: false };

/** Spec §3 "Page state" → meuPergamum: the account area's theme and its menu. */
export interface MeuPergamumLayout {
  tema: 'neo';
  menuOpen: boolean;
}

/** Page settings kept across visits (spec §3 "Page state", §4): language, accessibility, account-area layout. */
interface PageSettings {
  language: InterfaceLanguage;
  acessibilidade: Accessibility;
  meuPergamum: MeuPergamumLayout;
  setLanguage: (language: InterfaceLanguage) => void;
  setAccessibility: (change: Partial<Accessibility>) => void;
  resetAccessibility: () => void;
  setMenuOpen: (open: boolean) => void;
}

export const usePageSettings = create<PageSettings>()(
  persist(
    (set) => ({
      language: 'pt',
      acessibilidade: DEFAULT_ACCESSIBILITY,
      meuPergamum: { tema: 'neo', menuOpen: true },
      setLanguage: (language) => set({ language }),
      setAccessibility: (change) => set((s) => ({ acessibilidade: { ...s.acessibilidade, ...change } })),
      resetAccessibility: () => set({ acessibilidade: DEFAULT_ACCESSIBILITY }),
      setMenuOpen: (menuOpen) => set((s) => ({ meuPergamum: { ...s.meuPergamum, menuOpen } })),
    }),
    {
      name: 'estante.page-config',
      storage: encryptedStorage(() => localStorage),
      partialize: ({ language, acessibilidade, meuPergamum }) => ({ language, acessibilidade, meuPergamum }) as PageSettings,
      // Settings saved before the accessibility options existed hold only the language.
      merge: (saved, current) => {
        const s = (saved ?? {}) as Partial<PageSettings>;
        return {
          ...current,
          ...(s.language ? { language: s.language } : {}),
          acessibilidade: { ...DEFAULT_ACCESSIBILITY, ...s.acessibilidade },
          meuPergamum: { ...current.meuPergamum, ...s.meuPergamum },
        };
      },
    },
  ),
);

/** The classes the page carries for the accessibility settings (spec §9 `zoom-N`). */
export function accessibilityClasses(a: Accessibility): string[] {
  return [`zoom-${a.zoom}`, ...(a.cor ? [`cor-${a.cor}`] : []), ...(a.negrito ? ['negrito'] : [])];
}
