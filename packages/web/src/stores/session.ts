import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { encryptedStorage, forgetStored } from './encrypted-storage';

/** A signed-in patron's credentials and user data (spec §3 "Credentials", "User"). */
export interface SessionState {
  token: string | null;
  refresh: string | null;
  user: { login: string; cod_pessoa: number; nome_pessoa: string; professor?: boolean } | null;
  clear: () => void;
}

function sessionStore(name: string, storage: () => Storage) {
  return create<SessionState>()(
    persist(
      (set) => ({
        token: null,
        refresh: null,
        user: null,
        clear: () => set({ token: null, refresh: null, user: null }),
      }),
      { name, storage: encryptedStorage(storage), partialize: ({ token, refresh, user }) => ({ token, refresh, user }) as SessionState },
    ),
  );
}

const SESSION_KEY = 'estante.session-auth';
const PERSISTENT_KEY = 'estante.persistent-auth';

/** Credentials for this browser session only (spec §9 key: session auth; stored encrypted). */
export const useSessionAuth = sessionStore(SESSION_KEY, () => sessionStorage);
/** Credentials kept across browser restarts ("keep me connected"; spec §9 key: persistent auth; encrypted). */
export const usePersistentAuth = sessionStore(PERSISTENT_KEY, () => localStorage);

/** The patron's access token from whichever store holds it (outside React). */
export function patronToken(): string | null {
  return useSessionAuth.getState().token ?? usePersistentAuth.getState().token;
}

/** The signed-in patron, from whichever store holds the session. */
export function useSessionUser(): SessionState['user'] {
  const session = useSessionAuth((s) => s.user);
  const persistent = usePersistentAuth((s) => s.user);
  return session ?? persistent;
}

/** True when either store holds a patron's token. */
export function useHasSession(): boolean {
  const session = useSessionAuth((s) => s.token);
  const persistent = usePersistentAuth((s) => s.token);
  return Boolean(session ?? persistent);
}

/** Logout: clears both session stores (spec §4). */
export function clearSessions(): void {
  useSessionAuth.getState().clear();
  usePersistentAuth.getState().clear();
  // The stores write encrypted, asynchronously: a patron who signs out and leaves at once (another
  // page, the tab closed on a shared computer) must not find the credentials still stored.
  forgetStored(sessionStorage, SESSION_KEY);
  forgetStored(localStorage, PERSISTENT_KEY);
}
