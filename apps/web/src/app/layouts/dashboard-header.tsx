import { useState } from "react";
import { LogOut, Menu, Sparkles } from "lucide-react";
import type { MeResponse } from "@nk/contract";
import { BrandLogo } from "../../components/brand-logo";
import { PlanBadge } from "../../components/plan-badge";
import { Button, buttonStyles } from "../../components/ui/button";
import { formatDaysLeft } from "../../lib/format";
import { UpgradePlanDialog } from "../../components/upgrade-plan-dialog";
import { getDisplayName } from "../../lib/plan-access";
import { useSignOut } from "../../lib/use-sign-out";
import { cn } from "../../lib/cn";
import { SIDEBAR_ID } from "./sidebar";
import { AccountSwitcher } from "./account-switcher";

function TrialInfo({ subscription }: { subscription: MeResponse["subscription"] }) {
  if (subscription.plan !== "trial") return null;
  if (subscription.isTrialExpired)
    return <span className="text-xs font-medium text-red-700">Testphase abgelaufen</span>;
  if (subscription.daysLeft === null) return null;
  return <span className="text-xs text-slate-500">{formatDaysLeft(subscription.daysLeft)}</span>;
}

export function DashboardHeader({
  me,
  isMenuOpen,
  onMenuToggle,
}: {
  me: MeResponse;
  isMenuOpen: boolean;
  onMenuToggle: () => void;
}) {
  const { signOut, isSigningOut } = useSignOut();
  const { subscription } = me;
  const isTrial = subscription.plan === "trial";
  // Issue 27: the upgrade opens in place, so a form being typed on the page is kept.
  const [isUpgradeOpen, setIsUpgradeOpen] = useState(false);
  const upgradeMessage = subscription.isTrialExpired
    ? "Ihre Testphase ist abgelaufen."
    : "Die Testphase ist auf 1 Immobilie und 3 Wohneinheiten begrenzt.";
  // Issue 29: only the owner changes the plan; members see the account's plan without the offer.
  const mayUpgrade = me.account.permissions.includes("manage_subscription");

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="flex min-h-16 flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 sm:px-6">
        <button
          type="button"
          onClick={onMenuToggle}
          className="-ml-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
          aria-label={isMenuOpen ? "Menü schließen" : "Menü öffnen"}
          aria-expanded={isMenuOpen}
          aria-controls={SIDEBAR_ID}
        >
          <Menu className="size-5" aria-hidden="true" />
        </button>
        <BrandLogo to="/dashboard" className="lg:hidden" isCompact />

        <div className="order-3 flex w-full min-w-0 flex-wrap items-center gap-x-3 gap-y-1 sm:order-none sm:w-auto sm:flex-1">
          <span
            className="max-w-full truncate text-sm font-semibold text-slate-900"
            data-testid="user-display-name"
          >
            {getDisplayName(me)}
          </span>
          <PlanBadge subscription={subscription} />
          <TrialInfo subscription={subscription} />
          <AccountSwitcher me={me} />
          {isTrial && mayUpgrade ? (
            <button
              type="button"
              onClick={() => setIsUpgradeOpen(true)}
              className={cn(
                "inline-flex items-center gap-1 text-xs font-semibold",
                subscription.isTrialExpired
                  ? "text-red-700 hover:text-red-800"
                  : "text-brand-700 hover:text-brand-800",
              )}
            >
              <Sparkles className="size-3.5" aria-hidden="true" />
              {subscription.isTrialExpired ? "Jetzt upgraden" : "Plan upgraden"}
            </button>
          ) : null}
        </div>

        <div className="ml-auto flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void signOut()}
            isBusy={isSigningOut}
            busyText="Abmelden"
          >
            <LogOut className="size-4" aria-hidden="true" />
            Abmelden
          </Button>
        </div>
      </div>
      {isTrial && subscription.isTrialExpired ? (
        <div className="border-t border-red-100 bg-red-50 px-4 py-2 text-sm text-red-800 sm:px-6">
          {mayUpgrade ? (
            <>
              Ihre Testphase ist abgelaufen. Wählen Sie einen Plan, um weiter Abrechnungen zu
              erstellen.{" "}
              <button
                type="button"
                onClick={() => setIsUpgradeOpen(true)}
                className={buttonStyles({ variant: "link", className: "text-red-800 underline" })}
              >
                Jetzt upgraden
              </button>
            </>
          ) : (
            "Die Testphase dieses Kontos ist abgelaufen. Nur der Inhaber kann einen Plan wählen."
          )}
        </div>
      ) : null}
      {mayUpgrade ? (
        <UpgradePlanDialog
          isOpen={isUpgradeOpen}
          onOpenChange={setIsUpgradeOpen}
          message={upgradeMessage}
        />
      ) : null}
    </header>
  );
}
