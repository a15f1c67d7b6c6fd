import { Check } from "lucide-react";
import {
  PLANS,
  SELECTABLE_PLAN_KEYS,
  formatPlanPrice,
  type PlanKey,
  type SelectablePlanKey,
} from "@nk/contract";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";

/** docs/rules/accounts-and-plans.md#plans-and-prices: the plans without trial and Enterprise+; 'BELIEBT' on the popular one; the first 4 features. */
export function PlanCards({
  currentPlan,
  isCurrentRunning,
  onChoose,
  pendingPlan,
}: {
  currentPlan: PlanKey;
  /** False when the current plan is cancelled or ended: choosing it again restarts it. */
  isCurrentRunning: boolean;
  onChoose: (plan: SelectablePlanKey) => void;
  pendingPlan: SelectablePlanKey | null;
}) {
  return (
    <ul className="grid gap-4 md:grid-cols-3" aria-label="Verfügbare Pläne">
      {SELECTABLE_PLAN_KEYS.map((key) => {
        const plan = PLANS[key];
        const isCurrent = key === currentPlan && isCurrentRunning;
        return (
          <li
            key={key}
            data-testid={`plan-${key}`}
            className={cn(
              "relative flex flex-col rounded-xl border bg-white p-5 shadow-sm",
              plan.isPopular ? "border-brand-600 ring-1 ring-brand-600" : "border-slate-200",
            )}
          >
            {plan.isPopular ? (
              <Badge
                variant="brand"
                className="absolute -top-2.5 left-5 bg-brand-700 text-white ring-brand-700"
              >
                BELIEBT
              </Badge>
            ) : null}
            <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
            <p className="mt-1 text-2xl font-bold text-slate-900">{formatPlanPrice(key)}</p>
            <p className="text-xs text-slate-500">zzgl. USt.</p>
            <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
              {plan.featureTexts.slice(0, 4).map((text) => (
                <li key={text} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                  {text}
                </li>
              ))}
            </ul>
            <Button
              className="mt-5 w-full"
              variant={isCurrent ? "secondary" : plan.isPopular ? "primary" : "outline"}
              disabled={isCurrent || pendingPlan !== null}
              isBusy={pendingPlan === key}
              busyText="Wechsle..."
              onClick={() => onChoose(key)}
              aria-label={isCurrent ? `${plan.name}: aktueller Plan` : `${plan.name} wählen`}
            >
              {isCurrent ? "Aktueller Plan" : `${plan.name} wählen`}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
