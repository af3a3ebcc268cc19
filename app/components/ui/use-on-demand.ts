import { useRef } from "react";

/**
 * An export of a module the page does not load up front (a form's schema brings zod, 23 KB), imported
 * the first time it is asked for. `loaded()` is what has arrived, or null. `load()` starts the import
 * once and resolves to it; to null when it failed (offline, or a new release replaced the file), and
 * the next call tries again. Without an importer there is nothing to load.
 */
export function useOnDemand<T>(importer: (() => Promise<T>) | null) {
  const value = useRef<T | null>(null);
  const pending = useRef<Promise<T | null> | null>(null);

  function load(): Promise<T | null> {
    if (!importer) return Promise.resolve(null);
    pending.current ??= importer().then(
      (found) => (value.current = found),
      () => {
        pending.current = null;
        return null;
      },
    );
    return pending.current;
  }

  return { loaded: () => value.current, load };
}
