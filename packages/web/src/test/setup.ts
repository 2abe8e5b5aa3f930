import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n, loadAccountStrings } from '../i18n';

// What jsdom lacks and Mantine uses (its documented test set-up).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = NoResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};

beforeAll(async () => {
  await initI18n('pt');
  await loadAccountStrings();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
