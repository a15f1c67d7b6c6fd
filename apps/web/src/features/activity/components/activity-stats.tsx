import { BarChart3 } from "lucide-react";
import { ACTIVITY_MESSAGES } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { formatNumber } from "../../../lib/format";
import { useActivityStats } from "../api";
import { getActionLabel, getAreaLabel } from "../lib/activity-labels";
import { ActivityList } from "./activity-list";

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{value}</p>
      {detail ? <p className="text-xs text-slate-500">{detail}</p> : null}
    </div>
  );
}

/** Total, today, this week, this month, most common action, most active area, latest 5. */
export function ActivityStats() {
  const query = useActivityStats();
  if (query.isPending) return <LoadingState text="Lade Statistiken..." />;
  if (query.isError) {
    return (
      <Alert
        variant="error"
        action={
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Erneut versuchen
          </Button>
        }
      >
        {getErrorMessage(query.error, ACTIVITY_MESSAGES.statsFailed)}
      </Alert>
    );
  }
  const stats = query.data;
  if (stats.total === 0)
    return <EmptyState icon={BarChart3} title={ACTIVITY_MESSAGES.statsEmpty} />;
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Figure label="Gesamt" value={formatNumber(stats.total)} />
        <Figure label="Heute" value={formatNumber(stats.today)} />
        <Figure label="Diese Woche" value={formatNumber(stats.thisWeek)} detail="letzte 7 Tage" />
        <Figure label="Dieser Monat" value={formatNumber(stats.thisMonth)} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Figure
          label="Häufigste Aktion"
          value={stats.mostCommonAction ? getActionLabel(stats.mostCommonAction.action) : "–"}
          detail={
            stats.mostCommonAction
              ? `${formatNumber(stats.mostCommonAction.count)}× in diesem Monat`
              : "in diesem Monat noch keine"
          }
        />
        <Figure
          label="Aktivster Bereich"
          value={stats.mostActiveArea ? getAreaLabel(stats.mostActiveArea.entityType) : "–"}
          detail={
            stats.mostActiveArea
              ? `${formatNumber(stats.mostActiveArea.count)}× in diesem Monat`
              : "in diesem Monat noch keine"
          }
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Neueste Aktivitäten</CardTitle>
        </CardHeader>
        <CardContent className="p-0">
          <ActivityList activities={stats.latest} label="Neueste Aktivitäten" />
        </CardContent>
      </Card>
    </div>
  );
}
