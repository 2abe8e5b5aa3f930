import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * Storage for the stores the spec keeps encrypted (§9: page config, public credentials,
 * session auth, persistent auth): AES-GCM with a 256-bit key made in this browser, kept
 * non-extractable in IndexedDB — the stored values (tokens, above all) are ciphertext that
 * neither this page's scripts nor anything reading the profile's files can turn back into a
 * key. Where WebCrypto is missing (a plain-http intranet address is not a secure context) the
 * values are stored as JSON, so the catalogue still works there.
 */
const DATABASE = 'estante';
const OBJECTS = 'keys';
const KEY_ID = 'stores';
const PREFIX = 'aesgcm.';

let key: Promise<CryptoKey | null> | null = null;

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

async function loadKey(): Promise<CryptoKey | null> {
  if (!globalThis.crypto?.subtle || !globalThis.indexedDB) return null;
  try {
    const open = indexedDB.open(DATABASE, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(OBJECTS);
    const db = await request(open);
    const stored = (await request(db.transaction(OBJECTS).objectStore(OBJECTS).get(KEY_ID))) as CryptoKey | undefined;
    if (stored) return stored;
    const made = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    // `add` fails if another tab stored a key first: then that one is the key.
    try {
      await request(db.transaction(OBJECTS, 'readwrite').objectStore(OBJECTS).add(made, KEY_ID));
      return made;
    } catch {
      return ((await request(db.transaction(OBJECTS).objectStore(OBJECTS).get(KEY_ID))) as CryptoKey | undefined) ?? null;
    }
  } catch {
    return null;
  }
}

const storeKey = () => (key ??= loadKey());

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function seal(plain: string): Promise<string> {
  const k = await storeKey();
  if (!k) return plain;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, k, new TextEncoder().encode(plain)));
  const joined = new Uint8Array(iv.length + cipher.length);
  joined.set(iv);
  joined.set(cipher, iv.length);
  return PREFIX + toBase64(joined);
}

/** The stored JSON, or null when it cannot be read back (another key, tampered, corrupt). */
async function open(stored: string): Promise<string | null> {
  if (!stored.startsWith(PREFIX)) return stored.startsWith('{') ? stored : null;
  const k = await storeKey();
  if (!k) return null;
  try {
    const joined = fromBase64(stored.slice(PREFIX.length));
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: joined.slice(0, 12) }, k, joined.slice(12));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** Per stored name, how many times it was forgotten: a write sealed before that is dropped. */
const generations = new Map<string, number>();

/**
 * Removes a stored value at once, and drops the writes still being sealed for it — sealing is
 * asynchronous, and a value being written when the patron signs out must not land afterwards.
 */
export function forgetStored(storage: Storage, name: string): void {
  generations.set(name, (generations.get(name) ?? 0) + 1);
  storage.removeItem(name);
}

/** A zustand persist storage over `storage()`, encrypted; writes to one name keep their order. */
export function encryptedStorage<S>(storage: () => Storage): PersistStorage<S> {
  const pending = new Map<string, Promise<void>>();
  const queue = (name: string, work: () => Promise<void>) => {
    const next = (pending.get(name) ?? Promise.resolve()).then(work, work);
    pending.set(name, next);
    return next;
  };
  return {
    async getItem(name) {
      const stored = storage().getItem(name);
      if (stored === null) return null;
      const json = await open(stored);
      if (json === null) {
        storage().removeItem(name);
        return null;
      }
      try {
        return JSON.parse(json) as StorageValue<S>;
      } catch {
        return null;
      }
    },
    setItem: (name, value) => {
      const generation = generations.get(name) ?? 0;
      return queue(name, async () => {
        const sealed = await seal(JSON.stringify(value));
        if ((generations.get(name) ?? 0) === generation) storage().setItem(name, sealed);
      });
    },
    removeItem: (name) => queue(name, async () => storage().removeItem(name)),
  };
}

/** Resolves once every given persisted store has read its stored state. */
export function hydrated(stores: { persist: { hasHydrated: () => boolean; onFinishHydration: (fn: () => void) => () => void } }[]): Promise<void> {
  return Promise.all(
    stores.map(
      (store) =>
        new Promise<void>((resolve) => {
          if (store.persist.hasHydrated()) return resolve();
          const stop = store.persist.onFinishHydration(() => {
            stop();
            resolve();
          });
        }),
    ),
  ).then(() => undefined);
}
