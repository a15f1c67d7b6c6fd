import { useCallback, useEffect, useRef } from "react";

/** How long a search waits after the last keystroke before it filters (issue 23: not only on Enter). */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A function that calls `callback` with the latest arguments once no call came for `delayMs`
 * (search fields that filter as the user types); a pending call is dropped when the component
 * leaves. `flush` calls it at once (Enter).
 */
export function useDebouncedCallback<TArgs extends unknown[]>(
  callback: (...args: TArgs) => void,
  delayMs = SEARCH_DEBOUNCE_MS,
) {
  const latest = useRef(callback);
  const timer = useRef<number | null>(null);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
  const schedule = useCallback(
    (...args: TArgs) => {
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        timer.current = null;
        latest.current(...args);
      }, delayMs);
    },
    [delayMs],
  );
  const flush = useCallback((...args: TArgs) => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    latest.current(...args);
  }, []);
  return { schedule, flush };
}
