import { hydrated } from './encrypted-storage';
import { usePageSettings } from './page-settings';
import { usePublicCredentials } from './public-credentials';
import { usePersistentAuth, useSessionAuth } from './session';

/**
 * Resolves once the encrypted stores have been read (decryption is asynchronous): main.tsx
 * waits for it, so everything after reads them synchronously as before.
 */
export function storesReady(): Promise<void> {
  return hydrated([usePageSettings, usePublicCredentials, useSessionAuth, usePersistentAuth]);
}
