import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { encryptedStorage } from './encrypted-storage';

/**
 * The anonymous access token (client_credentials), kept for the browser session so a reload
 * does not ask for a new one (spec §9 key: public credentials; stored encrypted).
 */
interface PublicCredentials {
  token: string | null;
}

export const usePublicCredentials = create<PublicCredentials>()(
  persist((): PublicCredentials => ({ token: null }), { name: 'estante.public-credentials', storage: encryptedStorage(() => sessionStorage) }),
);
