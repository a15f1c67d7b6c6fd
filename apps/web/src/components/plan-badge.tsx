import type { MeResponse } from "@nk/contract";
import { Badge } from "./ui/badge";
import { getPlanBadge, getPlanDotColour, type PlanDotColour } from "../lib/plan-access";
import { cn } from "../lib/cn";

const DOT_CLASSES: Record<PlanDotColour, string> = {
  red: "bg-red-500",
  yellow: "bg-amber-400",
  green: "bg-emerald-500",
};

const DOT_LABELS: Record<PlanDotColour, string> = {
  red: "Testphase abgelaufen",
  yellow: "Testphase aktiv",
  green: "Bezahlter Plan aktiv",
};

/** Plan badge (Trial, Starter, Pro, Enterprise, Enterprise+) with its status dot. */
export function PlanBadge({
  subscription,
  className,
}: {
  subscription: MeResponse["subscription"];
  className?: string;
}) {
  const colour = getPlanDotColour(subscription);
  return (
    <Badge variant="neutral" className={cn("bg-white", className)} data-plan={subscription.plan}>
      <span
        className={cn("size-2 rounded-full", DOT_CLASSES[colour])}
        title={DOT_LABELS[colour]}
        aria-hidden="true"
      />
      <span>{getPlanBadge(subscription.plan)}</span>
      <span className="sr-only">({DOT_LABELS[colour]})</span>
    </Badge>
  );
}
