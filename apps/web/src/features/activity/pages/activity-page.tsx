import { useSearchParams } from "react-router";
import { cn } from "../../../lib/cn";
import { ActivityFeed } from "../components/activity-feed";
import { ActivityOverview } from "../components/activity-overview";
import { ActivityStats } from "../components/activity-stats";

const VIEWS = [
  { key: "overview", label: "Übersicht" },
  { key: "feed", label: "Verlauf" },
  { key: "stats", label: "Statistik" },
] as const;

/** /dashboard/activity: overview (10 newest), feed with filters, statistics. */
export function ActivityPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("view");
  const view = VIEWS.find((v) => v.key === requested)?.key ?? "overview";
  return (
    <div className="space-y-6">
      <title>Aktivitätsverlauf – Nebenkosten</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Aktivitätsverlauf</h1>
          <p className="mt-1 text-sm text-slate-600">Was in Ihrem Konto wann geändert wurde.</p>
        </div>
        <div
          role="tablist"
          aria-label="Ansicht"
          className="inline-flex rounded-lg bg-slate-100 p-1"
        >
          {VIEWS.map((v) => (
            <button
              key={v.key}
              type="button"
              role="tab"
              aria-selected={view === v.key}
              onClick={() => setSearchParams({ view: v.key }, { replace: true })}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
                view === v.key
                  ? "bg-white text-slate-900 shadow-sm"
                  : "text-slate-600 hover:text-slate-900",
              )}
            >
              {v.label}
            </button>
          ))}
        </div>
      </div>
      {view === "feed" ? (
        <ActivityFeed />
      ) : view === "stats" ? (
        <ActivityStats />
      ) : (
        <ActivityOverview />
      )}
    </div>
  );
}
