import { useState } from "react";
import { Check } from "lucide-react";
import {
  PLANS,
  SELECTABLE_PLAN_KEYS,
  SUBSCRIPTION_MESSAGES,
  formatPlanPrice,
  type LimitedResource,
  type SelectablePlanKey,
} from "@nk/contract";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";
import { SimpleDialog } from "./ui/dialog";
import { useToast } from "./ui/toast";
import { getErrorMessage } from "../lib/api-error";
import { useChangePlan } from "../lib/use-change-plan";
import { getResourceLimit } from "../lib/plan-access";
import { useMe } from "../lib/use-me";

const LIMIT_FIELD = {
  properties: "maxProperties",
  units: "maxUnits",
  tenants: "maxTenants",
  billingStatements: "maxBillingStatements",
} as const;

/** The plans that lift the limit of `resource` above the current one (all of them without a resource). */
function listLiftingPlans(
  currentLimit: number | null,
  resource: LimitedResource | undefined,
): SelectablePlanKey[] {
  if (!resource || currentLimit === null) return [...SELECTABLE_PLAN_KEYS];
  return SELECTABLE_PLAN_KEYS.filter((key) => {
    const limit = PLANS[key].limits[LIMIT_FIELD[resource]];
    return limit === -1 || (currentLimit !== -1 && limit > currentLimit);
  });
}

/**
 * Issue 27: the upgrade where the limit is met, without leaving the page, so nothing typed is
 * lost. Without a payment provider the plan changes at once (decision 0900) and /api/me follows;
 * with Stripe the payment opens in a new tab and this page waits with everything typed.
 */
export function UpgradePlanDialog({
  isOpen,
  onOpenChange,
  message,
  resource,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Why the upgrade is offered ('Sie haben das Limit von 3 Wohneinheiten erreicht.'). */
  message: string;
  /** The limit that was met: only plans above it are offered. */
  resource?: LimitedResource;
}) {
  const toast = useToast();
  const { me, refetch } = useMe();
  const changePlan = useChangePlan();
  const [pendingPlan, setPendingPlan] = useState<SelectablePlanKey | null>(null);
  const [isCheckoutOpen, setIsCheckoutOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const currentLimit = me && resource ? getResourceLimit(me, resource) : null;
  const plans = listLiftingPlans(currentLimit, resource);

  async function choose(plan: SelectablePlanKey): Promise<void> {
    setFailure(null);
    setPendingPlan(plan);
    try {
      const answer = await changePlan.mutateAsync(plan);
      if (answer.checkoutUrl) {
        // With Stripe: pay in a new tab; this page and its inputs stay as they are.
        window.open(answer.checkoutUrl, "_blank", "noopener");
        setIsCheckoutOpen(true);
        return;
      }
      toast.success(SUBSCRIPTION_MESSAGES.planChanged(PLANS[plan].name));
      onOpenChange(false);
    } catch (error) {
      setFailure(getErrorMessage(error));
    } finally {
      setPendingPlan(null);
    }
  }

  return (
    <SimpleDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Plan wechseln"
      description={`${message} Wählen Sie einen größeren Plan – Ihre Eingaben auf dieser Seite bleiben erhalten.`}
      size="lg"
      footer={
        isCheckoutOpen ? (
          <Button onClick={() => void refetch().then(() => onOpenChange(false))}>
            Zahlung abgeschlossen – weiter
          </Button>
        ) : (
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Abbrechen
          </Button>
        )
      }
    >
      {isCheckoutOpen ? (
        <Alert variant="info">
          Die Zahlung läuft in einem neuen Tab. Sobald sie bestätigt ist, geht es hier mit allen
          Eingaben weiter.
        </Alert>
      ) : (
        <div className="space-y-3">
          {failure ? (
            <Alert variant="error" title={SUBSCRIPTION_MESSAGES.upgradeFailed}>
              {failure}
            </Alert>
          ) : null}
          <ul className="grid gap-3 sm:grid-cols-3" aria-label="Pläne">
            {plans.map((key) => {
              const plan = PLANS[key];
              return (
                <li key={key} className="flex flex-col rounded-lg border border-slate-200 p-4">
                  <h3 className="font-semibold text-slate-900">{plan.name}</h3>
                  <p className="text-lg font-bold text-slate-900">{formatPlanPrice(key)}</p>
                  <p className="text-xs text-slate-500">zzgl. USt.</p>
                  <ul className="mt-2 flex-1 space-y-1 text-sm text-slate-700">
                    {plan.featureTexts.slice(0, 2).map((text) => (
                      <li key={text} className="flex items-start gap-2">
                        <Check
                          className="mt-0.5 size-4 shrink-0 text-emerald-600"
                          aria-hidden="true"
                        />
                        {text}
                      </li>
                    ))}
                  </ul>
                  <Button
                    className="mt-3 w-full"
                    onClick={() => void choose(key)}
                    disabled={pendingPlan !== null}
                    isBusy={pendingPlan === key}
                    busyText="Wechsle..."
                  >
                    {plan.name} wählen
                  </Button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </SimpleDialog>
  );
}
