import { Link } from "react-router";
import { Lock } from "lucide-react";
import { buttonStyles } from "./ui/button";
import { UPGRADE_PATH } from "../lib/plan-access";
import { cn } from "../lib/cn";

/**
 * Shown instead of a feature the plan does not include (section 6):
 * 'Upgrade erforderlich' – '{feature} ist in Ihrem aktuellen Plan nicht verfügbar.' – Upgrade.
 * Use with `useMe().hasFeature("quickSetupTemplates")`.
 */
export function UpgradeRequired({ feature, className }: { feature: string; className?: string }) {
  return (
    <div className={cn("flex flex-col items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-5 sm:flex-row sm:items-center", className)}>
      <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100">
        <Lock className="size-5 text-amber-700" aria-hidden="true" />
      </div>
      <div className="flex-1">
        <p className="font-semibold text-amber-900">Upgrade erforderlich</p>
        <p className="text-sm text-amber-900">{feature} ist in Ihrem aktuellen Plan nicht verfügbar.</p>
      </div>
      <Link to={UPGRADE_PATH} className={buttonStyles({ size: "sm" })}>
        Upgrade
      </Link>
    </div>
  );
}
