import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import {
  Bell,
  CreditCard,
  KeyRound,
  Landmark,
  ShieldAlert,
  UserRound,
  Users,
  type LucideIcon,
} from "lucide-react";
import { cn } from "../../../lib/cn";
import { ProfileTab } from "../components/profile-tab";
import { SubscriptionTab } from "../components/subscription-tab";
import { NotificationsTab } from "../components/notifications-tab";
import { DangerTab } from "../components/danger-tab";
import { BillingDataTab } from "../components/billing-data-tab";
import { TeamTab } from "../components/team-tab";
import { ApiKeysTab } from "../components/api-keys-tab";
import { useMe } from "../../../lib/use-me";
import type { Permission } from "@nk/contract";

// `permission`: the tab is shown only to a member whose role allows it (issue 29).
const TABS: { key: string; label: string; icon: LucideIcon; permission?: Permission }[] = [
  { key: "profile", label: "Profil", icon: UserRound },
  { key: "team", label: "Team", icon: Users },
  { key: "api-keys", label: "API-Schlüssel", icon: KeyRound, permission: "manage_api_keys" },
  { key: "billing-data", label: "Abrechnungsdaten", icon: Landmark },
  { key: "billing", label: "Abonnement", icon: CreditCard, permission: "manage_subscription" },
  { key: "notifications", label: "Benachrichtigungen", icon: Bell },
  { key: "danger", label: "Konto", icon: ShieldAlert, permission: "export_account" },
];

function TabPanel({ tab }: { tab: string }) {
  switch (tab) {
    case "billing-data":
      return <BillingDataTab />;
    case "billing":
      return <SubscriptionTab />;
    case "notifications":
      return <NotificationsTab />;
    case "danger":
      return <DangerTab />;
    case "team":
      return <TeamTab />;
    case "api-keys":
      return <ApiKeysTab />;
    default:
      return <ProfileTab />;
  }
}

/** /dashboard/settings: five tabs; ?tab=billing (etc.) preselects one (docs/rules/master-data.md#settings). */
export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { can } = useMe();
  const tabs = TABS.filter((tab) => !tab.permission || can(tab.permission));
  const requested = searchParams.get("tab") ?? "profile";
  const active = tabs.some((t) => t.key === requested) ? requested : "profile";
  const activeTabRef = useRef<HTMLButtonElement>(null);
  // On a phone the tab row scrolls sideways: keep the chosen tab (e.g. from ?tab=) in view. A
  // block body: current Chromium answers scrollIntoView with a Promise, which React would call as
  // the effect's cleanup ("TypeError: l is not a function" on every tab change; issue 23).
  useEffect(() => {
    activeTabRef.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [active]);

  return (
    <div className="space-y-6">
      <title>Einstellungen – Nebenkosten</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Einstellungen</h1>
        <p className="mt-1 text-sm text-slate-600">
          Profil, Team, API-Schlüssel, Abrechnungsdaten, Abonnement, Benachrichtigungen und Konto.
        </p>
      </div>
      <div
        role="tablist"
        aria-label="Einstellungen"
        className="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 px-1"
      >
        {tabs.map((tab) => {
          const isActive = tab.key === active;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              ref={isActive ? activeTabRef : undefined}
              id={`settings-tab-${tab.key}`}
              aria-selected={isActive}
              aria-controls={`settings-panel-${tab.key}`}
              onClick={() => setSearchParams({ tab: tab.key }, { replace: true })}
              className={cn(
                "-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium transition-colors",
                isActive
                  ? "border-brand-700 text-brand-800"
                  : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
              )}
            >
              <tab.icon className="size-4" aria-hidden="true" />
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`settings-panel-${active}`}
        aria-labelledby={`settings-tab-${active}`}
      >
        <TabPanel tab={active} />
      </div>
    </div>
  );
}
