import { readStoredJson, type StoredReader } from "~/lib/storage/stored-json";

/**
 * A value kept in localStorage (the cart, the favourites): read once, written on every change, and
 * kept in step across tabs through the `storage` event. The server has no localStorage, so pages
 * render the empty value there and the real one after hydration (useSyncExternalStore).
 */
export type LocalStorageStore<T> = {
  read: () => T;
  write: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
};

/** `read` keeps what it can of the stored JSON (see ~/lib/storage/stored-json.ts). */
export function createLocalStorageStore<T>(key: string, read: StoredReader<T>): LocalStorageStore<T> {
  let current: { value: T } | null = null;
  const listeners = new Set<() => void>();

  function readStored(): T {
    if (current === null) current = { value: readStoredJson(key, read) };
    return current.value;
  }

  function write(next: T) {
    current = { value: next };
    try {
      window.localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Private mode or a full storage: the value still holds for this page view.
    }
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) {
        current = null;
        listener();
      }
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  }

  return { read: readStored, write, subscribe };
}
