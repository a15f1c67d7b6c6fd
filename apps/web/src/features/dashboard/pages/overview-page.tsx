import { useQuery } from "@tanstack/react-query";
import { Building2, DoorOpen, FileClock, Users } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { useMe } from "../../../lib/use-me";
import { fetchDashboard } from "../api";
import { DASHBOARD_KEY } from "../../../lib/queries/query-keys";
import { DeadlineCard } from "../components/deadline-card";
import { QuickLinks } from "../components/quick-links";
import { RecentActivities } from "../components/recent-activities";
import { StatCard } from "../components/stat-card";
import { WelcomePanel } from "../components/welcome-panel";

export function OverviewPage() {
  const { me } = useMe();
  // Counters and activities change through every other page (properties, tenants, statements),
  // so each visit refetches; the last answer stays visible meanwhile.
  const dashboard = useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: fetchDashboard,
    refetchOnMount: "always",
  });

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <title>Übersicht – Nebenkosten</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Übersicht</h1>
        <p className="mt-1 text-sm text-slate-600">
          Ihre Immobilien, Mieter und Abrechnungen auf einen Blick.
        </p>
      </div>

      {dashboard.isPending ? (
        <LoadingState text="Lade Übersicht..." />
      ) : dashboard.isError ? (
        <Alert
          variant="error"
          title="Fehler beim Laden"
          action={
            <Button
              size="sm"
              variant="outline"
              onClick={() => void dashboard.refetch()}
              isBusy={dashboard.isFetching}
            >
              Erneut versuchen
            </Button>
          }
        >
          {getErrorMessage(dashboard.error)}
        </Alert>
      ) : (
        <>
          <section
            aria-label="Kennzahlen"
            className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
          >
            <StatCard
              label="Immobilien"
              value={dashboard.data.counters.properties}
              icon={Building2}
            />
            <StatCard label="Wohneinheiten" value={dashboard.data.counters.units} icon={DoorOpen} />
            <StatCard
              label="Aktive Mieter"
              value={dashboard.data.counters.activeTenants}
              icon={Users}
            />
            <StatCard
              label="Offene Abrechnungen"
              value={dashboard.data.counters.pendingStatements}
              icon={FileClock}
            />
          </section>

          {dashboard.data.counters.properties === 0 ? (
            <WelcomePanel firstName={me?.profile.firstName ?? me?.user.firstName ?? null} />
          ) : (
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
              <div className="lg:col-span-2">
                <RecentActivities activities={dashboard.data.recentActivities} />
              </div>
              <div className="space-y-6">
                <DeadlineCard />
                <QuickLinks />
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}
