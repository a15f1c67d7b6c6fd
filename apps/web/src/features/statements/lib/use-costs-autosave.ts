import { useCallback, useEffect, useRef, useState } from "react";
import { useWatch, type Control } from "react-hook-form";
import { billingPeriodCostsBodySchema } from "@nk/contract";
import { getErrorMessage } from "../../../lib/api-error";
import { useSaveCosts } from "../api";
import type { CalculationInput } from "./calculation-schema";
import { toCostsBody, type CostsFormValues } from "./cost-form";

const DEBOUNCE_MS = 800;

export type AutosaveStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "invalid" }
  | { kind: "failed"; message: string };

/**
 * docs/rules/statement-inputs.md#assembly: the cost inputs belong to the billing period and are saved as the user types
 * (PUT /api/billing-periods/:id/costs, debounced), so a draft survives a reload. `ensurePeriod`
 * answers the period's id, creating the period on the first entry. `flush` saves at once.
 */
export function useCostsAutosave({
  control,
  isEnabled,
  ensurePeriod,
  untouchedSerialized = null,
}: {
  control: Control<CostsFormValues, unknown, CalculationInput>;
  /** False until the period's saved inputs are in the form (nothing may overwrite them before). */
  isEnabled: boolean;
  ensurePeriod: () => Promise<string | null>;
  /**
   * The inputs of the template the wizard put in by itself while nobody changed them (decision
   * 1620): not saved by the debounce, so opening the wizard creates no draft; `flush` still saves.
   */
  untouchedSerialized?: string | null;
}) {
  const values = useWatch({ control }) as CostsFormValues;
  const saveCosts = useSaveCosts();
  const [status, setStatus] = useState<AutosaveStatus>({ kind: "idle" });
  // What the server holds: "saved" is shown only while the form still equals it.
  const [savedSerialized, setSavedSerialized] = useState<string | null>(null);
  const lastSaved = useRef<string | null>(null);
  const latest = useRef<string>("");
  const mutate = saveCosts.mutateAsync;

  // Saves run one after the other: two PUTs in flight could arrive in the wrong order, and the
  // server would keep the older inputs while the page says "Entwurf gespeichert".
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const saveNow = useCallback(
    async (serialized: string): Promise<string | null> => {
      const body = JSON.parse(serialized) as ReturnType<typeof toCostsBody>;
      if (!billingPeriodCostsBodySchema.safeParse(body).success) {
        setStatus({ kind: "invalid" });
        return null;
      }
      let billingPeriodId: string | null;
      try {
        billingPeriodId = await ensurePeriod();
      } catch (error) {
        setStatus({ kind: "failed", message: getErrorMessage(error) });
        return null;
      }
      if (!billingPeriodId) return null;
      const key = `${billingPeriodId}:${serialized}`;
      if (lastSaved.current === key) return billingPeriodId;
      setStatus({ kind: "saving" });
      try {
        await mutate({ billingPeriodId, body });
        lastSaved.current = key;
        setSavedSerialized(serialized);
        if (latest.current === serialized) setStatus({ kind: "saved" });
        return billingPeriodId;
      } catch (error) {
        setStatus({ kind: "failed", message: getErrorMessage(error) });
        return null;
      }
    },
    [ensurePeriod, mutate],
  );
  const save = useCallback(
    (serialized: string): Promise<string | null> => {
      const run = queue.current.then(() => saveNow(serialized));
      queue.current = run.catch(() => undefined);
      return run;
    },
    [saveNow],
  );

  const serialized = JSON.stringify(toCostsBody(values));
  useEffect(() => {
    latest.current = serialized;
  }, [serialized]);
  const hasItems = values.costItems.length > 0;

  useEffect(() => {
    // An empty list is saved only to clear a period that has saved items.
    if (!isEnabled || (!hasItems && lastSaved.current === null)) return;
    if (serialized === untouchedSerialized && lastSaved.current === null) return;
    const timer = window.setTimeout(() => void save(serialized), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [isEnabled, hasItems, serialized, untouchedSerialized, save]);

  const flush = useCallback(() => save(latest.current), [save]);
  // A change typed after the last save is pending until the debounce saves it: the page must
  // not say "Entwurf gespeichert" for inputs the server does not have yet.
  const isPending = status.kind === "saved" && savedSerialized !== serialized;
  return { status: isPending ? ({ kind: "saving" } as const) : status, flush };
}
