import { useState } from "react";
import { ChevronDown, ChevronRight } from "lucide-react";
import type { Activity } from "@nk/contract";
import { Badge } from "../../../components/ui/badge";
import { formatDateTime, formatRelativeTime } from "../../../lib/format";
import { getAreaLabel } from "../lib/activity-labels";

function MetadataDetails({ metadata }: { metadata: Record<string, unknown> }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-xs">
      {Object.entries(metadata).map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium text-slate-600">{key}</dt>
          <dd className="break-all text-slate-800">
            {typeof value === "string" ? value : JSON.stringify(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ActivityItem({ activity }: { activity: Activity }) {
  const [isOpen, setIsOpen] = useState(false);
  const hasMetadata = activity.metadata !== null && Object.keys(activity.metadata).length > 0;
  return (
    <li className="px-4 py-3 sm:px-5" data-testid="activity-item">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0 space-y-1">
          <p className="break-words text-sm font-medium text-slate-900">{activity.description}</p>
          <div className="flex flex-wrap items-center gap-2">
            <Badge>{getAreaLabel(activity.entityType)}</Badge>
            {activity.actorName ? (
              <span className="text-xs text-slate-600" data-testid="activity-actor">
                {activity.actorName}
              </span>
            ) : null}
            {hasMetadata ? (
              <button
                type="button"
                className="inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:text-brand-800"
                aria-expanded={isOpen}
                onClick={() => setIsOpen((open) => !open)}
              >
                {isOpen ? (
                  <ChevronDown className="size-3.5" aria-hidden="true" />
                ) : (
                  <ChevronRight className="size-3.5" aria-hidden="true" />
                )}
                Details
              </button>
            ) : null}
          </div>
        </div>
        <time
          dateTime={activity.createdAt}
          title={formatDateTime(activity.createdAt)}
          className="shrink-0 text-xs text-slate-500"
        >
          {formatRelativeTime(activity.createdAt)}
        </time>
      </div>
      {isOpen && activity.metadata ? <MetadataDetails metadata={activity.metadata} /> : null}
    </li>
  );
}

export function ActivityList({ activities, label }: { activities: Activity[]; label: string }) {
  return (
    <ul className="divide-y divide-slate-100" aria-label={label}>
      {activities.map((activity) => (
        <ActivityItem key={activity.id} activity={activity} />
      ))}
    </ul>
  );
}
