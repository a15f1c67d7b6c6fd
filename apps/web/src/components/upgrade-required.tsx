import { useState } from "react";
import { Lock } from "lucide-react";
import { Button } from "./ui/button";
import { UpgradePlanDialog } from "./upgrade-plan-dialog";
import { cn } from "../lib/cn";

/**
 * Shown instead of a feature the plan does not include (docs/rules/accounts-and-plans.md#roles-and-features):
 * 'Upgrade erforderlich' – '{feature} ist in Ihrem aktuellen Plan nicht verfügbar.' – Upgrade,
 * which opens the plans in place (issue 27: the page and its inputs stay).
 * Use with `useMe().hasFeature("quickSetupTemplates")`.
 */
export function UpgradeRequired({ feature, className }: { feature: string; className?: string }) {
  const [isUpgradeOpen, setIsUpgradeOpen] = useState(false);
  const message = `${feature} ist in Ihrem aktuellen Plan nicht verfügbar.`;
  return (
    <div
      className={cn(
        "flex flex-col items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-5 sm:flex-row sm:items-center",
        className,
      )}
    >
      <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100">
        <Lock className="size-5 text-amber-700" aria-hidden="true" />
      </div>
      <div className="flex-1">
        <p className="font-semibold text-amber-900">Upgrade erforderlich</p>
        <p className="text-sm text-amber-900">{message}</p>
      </div>
      <Button size="sm" onClick={() => setIsUpgradeOpen(true)}>
        Upgrade
      </Button>
      <UpgradePlanDialog isOpen={isUpgradeOpen} onOpenChange={setIsUpgradeOpen} message={message} />
    </div>
  );
}
