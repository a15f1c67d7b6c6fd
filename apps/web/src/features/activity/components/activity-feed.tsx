import { useState } from "react";
import { History } from "lucide-react";
import { ACTIVITY_MESSAGES } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { formatNumber } from "../../../lib/format";
import { useActivityFeed } from "../api";
import { EMPTY_FILTERS, type ActivityFilters } from "../lib/activity-filters";
import { ActivityFilterBar } from "./activity-filter-bar";
import { ActivityList } from "./activity-list";

export function ActivityFeed() {
  const [filters, setFilters] = useState<ActivityFilters>(EMPTY_FILTERS);
  const [resetCount, setResetCount] = useState(0);
  const feed = useActivityFeed(filters);
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const total = feed.data?.pages[0]?.total ?? 0;

  return (
    <Card>
      <CardHeader>
        <ActivityFilterBar
          key={resetCount}
          filters={filters}
          onChange={setFilters}
          onReset={() => {
            setFilters(EMPTY_FILTERS);
            setResetCount((n) => n + 1);
          }}
        />
      </CardHeader>
      <CardContent className="p-0">
        {feed.isPending ? (
          <LoadingState text="Lade Aktivitäten..." />
        ) : feed.isError ? (
          <div className="p-5">
            <Alert
              variant="error"
              action={
                <Button size="sm" variant="outline" onClick={() => void feed.refetch()}>
                  Erneut versuchen
                </Button>
              }
            >
              {getErrorMessage(feed.error, ACTIVITY_MESSAGES.loadFailed)}
            </Alert>
          </div>
        ) : (
          <>
            <p className="border-b border-slate-100 px-5 py-3 text-sm text-slate-600" data-testid="activity-count" aria-live="polite">
              {total === 1 ? "1 Aktivität" : `${formatNumber(total)} Aktivitäten`}
            </p>
            {items.length === 0 ? (
              <EmptyState icon={History} title={ACTIVITY_MESSAGES.empty} className="m-5 border-none" />
            ) : (
              <ActivityList activities={items} label="Aktivitäten" />
            )}
            {feed.hasNextPage ? (
              <div className="flex justify-center border-t border-slate-100 p-4">
                <Button variant="outline" onClick={() => void feed.fetchNextPage()} isBusy={feed.isFetchingNextPage} busyText="Lade...">
                  Mehr anzeigen
                </Button>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
