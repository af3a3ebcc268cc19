// What the browser keeps in localStorage (the cart, the favourites, the coupon code) is read one way:
// the text is parsed here, where text that is not JSON (edited by hand, cut short by a full storage)
// is nothing; then each store's reader keeps what it can of its own shape, an older shape included,
// and gives its empty value for anything else. Nothing stored can throw on a page.

/** Keeps what it can of the parsed JSON (`undefined` when nothing usable is stored) and gives the store's value. */
export type StoredReader<T> = (data: unknown) => T;

/** The stored text's value through `read`: `read(undefined)` when there is none or it is not JSON. */
export function parseStoredJson<T>(raw: string | null, read: StoredReader<T>): T {
  if (!raw) return read(undefined);
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return read(undefined);
  }
  return read(data);
}

/** The value stored under `key` (localStorage by default); storage that cannot be read (private mode, no window) is nothing. */
export function readStoredJson<T>(key: string, read: StoredReader<T>, storage?: Pick<Storage, "getItem">): T {
  let raw: string | null = null;
  try {
    raw = (storage ?? window.localStorage).getItem(key);
  } catch {
    raw = null;
  }
  return parseStoredJson(raw, read);
}
