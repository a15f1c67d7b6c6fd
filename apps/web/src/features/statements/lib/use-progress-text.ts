import { useEffect, useState } from "react";
import { STATEMENT_MESSAGES } from "@nk/contract";

const STEP_MS = 450;

/** docs/rules/statements.md#wizard: the progress texts in turn while `isBusy`; null otherwise. */
export function useProgressText(isBusy: boolean): string | null {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!isBusy) return;
    const timer = window.setInterval(
      () => setIndex((current) => Math.min(current + 1, STATEMENT_MESSAGES.progress.length - 1)),
      STEP_MS,
    );
    return () => {
      window.clearInterval(timer);
      setIndex(0);
    };
  }, [isBusy]);
  return isBusy ? (STATEMENT_MESSAGES.progress[index] ?? null) : null;
}
