import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { accessibilityClasses, type Accessibility, usePageSettings } from '../../stores/page-settings';
import { paths } from '../paths';

const CLASS_PATTERN = /^(zoom-\d+|cor-[a-z-]+|negrito)$/;

/** Puts the accessibility classes (`zoom-N`, `cor-…`, `negrito`) on <html>, replacing the previous ones. */
export function applyAccessibility(settings: Accessibility, root: HTMLElement = document.documentElement): void {
  for (const name of [...root.classList]) if (CLASS_PATTERN.test(name)) root.classList.remove(name);
  root.classList.add(...accessibilityClasses(settings));
}

/** Applies the stored settings now and whenever they change (spec §4: "applied at once"). */
export function followAccessibilitySettings(): () => void {
  applyAccessibility(usePageSettings.getState().acessibilidade);
  return usePageSettings.subscribe((state, previous) => {
    if (state.acessibilidade !== previous.acessibilidade) applyAccessibility(state.acessibilidade);
  });
}

/**
 * The keyboard shortcuts (the accessibility bar lists them): Alt+1 content, Alt+2 menu, Alt+3
 * search, Alt+4 footer — the Brazilian government's e-MAG convention, which screen-reader
 * users of Brazilian sites already know.
 */
export const SHORTCUTS = [
  { key: '1', target: 'main', label: 'a11y.shortcutContent' },
  { key: '2', target: 'main-nav', label: 'a11y.shortcutMenu' },
  { key: '3', target: 'search', label: 'a11y.shortcutSearch' },
  { key: '4', target: 'footer', label: 'a11y.shortcutFooter' },
] as const;

function focusTarget(target: (typeof SHORTCUTS)[number]['target']): boolean {
  const element =
    target === 'search'
      ? document.querySelector<HTMLElement>('form[role="search"] input:not([type="hidden"])')
      : target === 'main-nav'
        ? document.querySelector<HTMLElement>('#main-nav a, #main-nav button')
        : document.getElementById(target);
  if (!element) return false;
  if (target === 'main' || target === 'footer') element.setAttribute('tabindex', '-1');
  element.focus();
  element.scrollIntoView?.({ block: 'nearest' });
  return true;
}

/** Listens for the shortcuts; Alt+3 on a page without a search box goes to the home page's. */
export function useShortcuts(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const shortcut = SHORTCUTS.find((s) => event.code === `Digit${s.key}` || event.key === s.key);
      if (!shortcut) return;
      event.preventDefault();
      if (!focusTarget(shortcut.target) && shortcut.target === 'search') {
        void navigate(paths.home);
        // The home page renders on the next frames: try for a second.
        let frames = 60;
        const retry = () => !focusTarget('search') && --frames > 0 && requestAnimationFrame(retry);
        requestAnimationFrame(retry);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);
}
