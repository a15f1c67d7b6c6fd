import { useCallback, useMemo, useRef, useState } from "react";
import {
  useBillingPeriods,
  useCreateBillingPeriod,
} from "../../../lib/queries/billing-period-queries";
import { getPeriodError, type PeriodValue } from "../components/period-fields";
import { pickStartPeriod } from "./default-period";

/**
 * The billing period of step 1: dates (`initial`, e.g. a saved draft's; else the newest open
 * period with readings, else the previous calendar year, until the user picks one), the property's
 * stored period with exactly these dates, and `ensurePeriod`, which creates that period the
 * first time something is saved for it (one request even when called twice).
 */
export function useWizardPeriod(propertyId: string | undefined, initial?: PeriodValue | null) {
  const periods = useBillingPeriods(propertyId, { isEnabled: Boolean(propertyId) });
  const createPeriod = useCreateBillingPeriod();
  const [chosen, setPeriod] = useState<PeriodValue | null>(initial ?? null);
  const [created, setCreated] = useState<{ key: string; id: string } | null>(null);
  const pending = useRef<{ key: string; promise: Promise<string> } | null>(null);
  const existing = useMemo(() => periods.data ?? [], [periods.data]);
  const started = useMemo(
    () => pickStartPeriod(existing.filter((p) => p.propertyId === propertyId)),
    [existing, propertyId],
  );
  const period = chosen ?? started;
  const periodKey = `${propertyId ?? ""}:${period.start}:${period.end}`;
  const stored =
    existing.find(
      (p) =>
        p.propertyId === propertyId &&
        p.billingPeriodStart === period.start &&
        p.billingPeriodEnd === period.end,
    ) ?? null;
  const billingPeriodId = stored?.id ?? (created?.key === periodKey ? created.id : null);
  const create = createPeriod.mutateAsync;

  const ensurePeriod = useCallback(async (): Promise<string | null> => {
    if (billingPeriodId) return billingPeriodId;
    if (!propertyId || getPeriodError(period)) return null;
    if (pending.current?.key !== periodKey) {
      const promise = create({
        propertyId,
        billingPeriodStart: period.start,
        billingPeriodEnd: period.end,
      }).then((detail) => {
        setCreated({ key: periodKey, id: detail.id });
        return detail.id;
      });
      promise.catch(() => {
        if (pending.current?.key === periodKey) pending.current = null;
      });
      pending.current = { key: periodKey, promise };
    }
    return pending.current.promise;
  }, [billingPeriodId, propertyId, period, periodKey, create]);

  return {
    period,
    setPeriod,
    existing,
    isLoading: periods.isPending && Boolean(propertyId),
    stored,
    billingPeriodId,
    /** The period was created by this wizard's own first save: the form, not the server, holds its inputs. */
    isCreatedHere: billingPeriodId !== null && created?.id === billingPeriodId,
    ensurePeriod,
  };
}
