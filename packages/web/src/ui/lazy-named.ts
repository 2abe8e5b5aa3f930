import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

/**
 * A component fetched when it is first drawn: `lazyNamed(() => import('./tab'), 'MarcTab')`. For
 * what a page shows only on request (a tab, a dialog, a form below the fold), so its script stays
 * out of the page's first download (issue 24). Draw it inside a Suspense boundary.
 */
export function lazyNamed<M extends Record<K, ComponentType<P>>, K extends keyof M, P = M[K] extends ComponentType<infer Q> ? Q : never>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType<P>> & { preload: () => void } {
  // `preload` starts the download before the component is drawn (app/router.tsx preloadRoute);
  // the browser fetches a module once, so drawing it later waits for the same download.
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { preload: () => void load().catch(() => undefined) },
  );
}
