import { gcm } from '@noble/ciphers/aes.js';
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * Storage for the stores the spec keeps encrypted (§9: page config, public credentials,
 * session auth, persistent auth): AES-GCM with a 256-bit key made in this browser and kept in
 * IndexedDB, so the stored values (tokens, above all) are ciphertext. In a secure context the
 * key is a WebCrypto key, non-extractable: not even this page's scripts can read it. On a
 * plain-http intranet address (not a secure context, no WebCrypto) the same AES-GCM runs in
 * JavaScript (@noble/ciphers, audited) with a random key kept as bytes in IndexedDB: the values
 * at rest are still ciphertext, never the tokens as JSON. Only without IndexedDB at all are
 * values kept as JSON, so the catalogue still works there.
 */
const DATABASE = 'estante';
const OBJECTS = 'keys';
const KEY_ID = 'stores';
const PREFIX = 'aesgcm.';

/** The store key: a WebCrypto key where there is WebCrypto, else raw bytes for the JavaScript AES-GCM. */
type StoreKey = { kind: 'webcrypto'; key: CryptoKey } | { kind: 'bytes'; key: Uint8Array };

let key: Promise<StoreKey | null> | null = null;

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

/** The key stored under `id`, or `made()` stored there first (if another tab stored one first, that one). */
async function keptKey<K>(db: IDBDatabase, id: string, made: () => Promise<K>): Promise<K | null> {
  const stored = (await request(db.transaction(OBJECTS).objectStore(OBJECTS).get(id))) as K | undefined;
  if (stored) return stored;
  const fresh = await made();
  try {
    await request(db.transaction(OBJECTS, 'readwrite').objectStore(OBJECTS).add(fresh, id));
    return fresh;
  } catch {
    return ((await request(db.transaction(OBJECTS).objectStore(OBJECTS).get(id))) as K | undefined) ?? null;
  }
}

async function loadKey(): Promise<StoreKey | null> {
  if (!globalThis.indexedDB || !globalThis.crypto?.getRandomValues) return null;
  try {
    const open = indexedDB.open(DATABASE, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(OBJECTS);
    const db = await request(open);
    if (globalThis.crypto.subtle) {
      const made = await keptKey(db, KEY_ID, () => crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']));
      return made ? { kind: 'webcrypto', key: made } : null;
    }
    const bytes = await keptKey(db, `${KEY_ID}.bytes`, async () => crypto.getRandomValues(new Uint8Array(32)));
    return bytes ? { kind: 'bytes', key: bytes } : null;
  } catch {
    return null;
  }
}

const storeKey = () => (key ??= loadKey());

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** AES-GCM in JavaScript, for contexts without WebCrypto: the same format as WebCrypto's (IV, then ciphertext and tag). */
export function sealBytes(keyBytes: Uint8Array, plain: string): string {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = gcm(keyBytes, iv).encrypt(new TextEncoder().encode(plain));
  const joined = new Uint8Array(iv.length + cipher.length);
  joined.set(iv);
  joined.set(cipher, iv.length);
  return PREFIX + toBase64(joined);
}

/** Opens what sealBytes sealed with the same key; throws when the key is another or the text was changed. */
export function openBytes(keyBytes: Uint8Array, sealed: string): string {
  const joined = fromBase64(sealed.slice(PREFIX.length));
  return new TextDecoder().decode(gcm(keyBytes, joined.slice(0, 12)).decrypt(joined.slice(12)));
}

async function seal(plain: string): Promise<string> {
  const k = await storeKey();
  if (!k) return plain;
  if (k.kind === 'bytes') return sealBytes(k.key, plain);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, k.key, new TextEncoder().encode(plain)));
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
    if (k.kind === 'bytes') return openBytes(k.key, stored);
    const joined = fromBase64(stored.slice(PREFIX.length));
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: joined.slice(0, 12) }, k.key, joined.slice(12));
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
