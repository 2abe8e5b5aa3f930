import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers, queryClient } from './app/providers';
import { appPath, readRuntimeConfig } from './api/config';
import { createRouter, preloadRoute } from './app/router';
import { followAccessibilitySettings } from './app/shell/accessibility';
import { applyBootData, LoadingGate } from './app/shell/loading-gate';
import { initI18n, isLanguage } from './i18n';
import { usePageSettings } from './stores/page-settings';
import { keepFocus } from './ui/focus-keeper';
import { markNavigated } from './ui/navigation';
import { storesReady } from './stores/ready';

/** `?lng=` (set by the language bar's reload) wins over the stored language, and is stored. */
function startLanguage() {
  const fromUrl = new URLSearchParams(window.location.search).get('lng');
  if (isLanguage(fromUrl)) usePageSettings.getState().setLanguage(fromUrl);
  return usePageSettings.getState().language;
}

preloadRoute(appPath(window.location.pathname));
await storesReady();
applyBootData(queryClient, readRuntimeConfig().boot);
await initI18n(startLanguage());
followAccessibilitySettings();
const router = createRouter();
const firstLocation = router.state.location.key;
// After every act the focus lands on its outcome, never on the body (issue 55): one rule for the app.
const focusKeeper = keepFocus(document);
let lastLocation = firstLocation;
router.subscribe((state) => {
  if (state.location.key === lastLocation) return;
  lastLocation = state.location.key;
  // The server's metadata of the first page (its canonical link, citation tags, unAPI id: decision
  // 0052) names that page only.
  for (const node of document.querySelectorAll('[data-server-page]')) node.remove();
  markNavigated();
  focusKeeper.navigated();
});
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <LoadingGate>
        <RouterProvider router={router} />
      </LoadingGate>
    </Providers>
  </StrictMode>,
);
