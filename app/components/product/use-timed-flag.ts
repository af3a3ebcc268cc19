import { useCallback, useEffect, useRef, useState } from "react";

/** How long 'Adicionado!' shows after adding to the cart (spec: 2 s), on the card and the product page. */
export const ADDED_FEEDBACK_MS = 2_000;

/** A flag that turns itself off after `ms` (the spec's 'Adicionado!' for 2 s, warnings for 3 s). */
export function useTimedFlag(ms: number): [boolean, () => void, () => void] {
  const [on, setOn] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setOn(false);
  }, []);
  const show = useCallback(() => {
    clearTimeout(timer.current);
    setOn(true);
    timer.current = setTimeout(() => setOn(false), ms);
  }, [ms]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [on, show, clear];
}
