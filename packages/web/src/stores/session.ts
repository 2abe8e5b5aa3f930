import type { StaffRole } from '@estante/contracts/kernel';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { encryptedStorage, forgetStored } from './encrypted-storage';

/** The signed-in patron as GET /pessoas told it (spec §3 "User"), kept with the credentials. */
export interface SessionUser {
  login: string;
  cod_pessoa: number;
  nome_pessoa: string;
  professor?: boolean;
  /** The patron's own permissions (spec §6); absent in a session stored before they were kept. */
  permissoes?: { cod_modulo: number; cod_atividade: number }[];
  /** The registration's last day (YYYY-MM-DD), null when it has none (spec §8 notice). */
  validade?: string | null;
  /** The person's staff roles (none for a patron): which staff sections to offer; the API checks them again. */
  papeis?: StaffRole[];
}

/** A signed-in patron's credentials and user data (spec §3 "Credentials", "User"). */
export interface SessionState {
  token: string | null;
  refresh: string | null;
  user: SessionUser | null;
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

/** The store that holds the session now (the browser-session one, else the persisted one), outside React. */
export function sessionStoreInUse(): typeof useSessionAuth {
  return useSessionAuth.getState().token ? useSessionAuth : usePersistentAuth;
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
