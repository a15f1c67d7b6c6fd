import { Link } from "react-router";
import { ACTIVITY_TEXTS, DASHBOARD_RECENT_ACTIVITIES, type Activity } from "@nk/contract";
import { History } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { formatDateTime, formatRelativeTime } from "../../../lib/format";

const RECENT_ACTIVITY_LIMIT = DASHBOARD_RECENT_ACTIVITIES;

function describeActivity(activity: Activity): string {
  const text =
    activity.description ||
    ACTIVITY_TEXTS[activity.action as keyof typeof ACTIVITY_TEXTS] ||
    activity.action;
  return text;
}

export function RecentActivities({ activities }: { activities: Activity[] }) {
  const shown = activities.slice(0, RECENT_ACTIVITY_LIMIT);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3 space-y-0">
        <CardTitle>Letzte Aktivitäten</CardTitle>
        <Link
          to="/dashboard/activity"
          className="text-sm font-medium text-brand-700 hover:text-brand-800"
        >
          Alle anzeigen
        </Link>
      </CardHeader>
      <CardContent className="p-0">
        {shown.length === 0 ? (
          <EmptyState
            icon={History}
            title="Noch keine Aktivitäten"
            className="m-5 border-none"
            description="Hier erscheinen Ihre letzten Änderungen."
          />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Letzte Aktivitäten">
            {shown.map((activity) => (
              <li
                key={activity.id}
                className="flex flex-col gap-0.5 px-5 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              >
                <div className="min-w-0">
                  <p className="break-words text-sm font-medium text-slate-900">
                    {describeActivity(activity)}
                  </p>
                  {activity.entityName &&
                  !describeActivity(activity).includes(activity.entityName) ? (
                    <p className="truncate text-sm text-slate-500">{activity.entityName}</p>
                  ) : null}
                </div>
                <time
                  dateTime={activity.createdAt}
                  title={formatDateTime(activity.createdAt)}
                  className="shrink-0 text-xs text-slate-500"
                >
                  {formatRelativeTime(activity.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
