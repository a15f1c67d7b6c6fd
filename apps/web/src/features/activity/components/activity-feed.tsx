import { useState } from "react";
import { History } from "lucide-react";
import {
  ACTIVITY_FEED_DEFAULT_PAGE_SIZE,
  ACTIVITY_FEED_PAGE_SIZES,
  ACTIVITY_MESSAGES,
  formatCountDe,
  type ActivityFeedPageSize,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { SelectField } from "../../../components/ui/field";
import { useActivityFeed } from "../api";
import { EMPTY_FILTERS, type ActivityFilters } from "../lib/activity-filters";
import { ActivityFilterBar } from "./activity-filter-bar";
import { ActivityList } from "./activity-list";

export function ActivityFeed() {
  const [filters, setFilters] = useState<ActivityFilters>(EMPTY_FILTERS);
  const [resetCount, setResetCount] = useState(0);
  const [pageSize, setPageSize] = useState<ActivityFeedPageSize>(ACTIVITY_FEED_DEFAULT_PAGE_SIZE);
  const feed = useActivityFeed(filters, pageSize);
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
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-3">
          <p className="text-sm text-slate-600" data-testid="activity-count" aria-live="polite">
            {feed.isSuccess ? formatCountDe(total, "Aktivität", "Aktivitäten") : ""}
          </p>
          <SelectField
            label="Einträge pro Seite"
            fieldClassName="flex items-center gap-2 space-y-0"
            className="h-9 w-24"
            value={String(pageSize)}
            onChange={(event) => setPageSize(Number(event.target.value) as ActivityFeedPageSize)}
            options={ACTIVITY_FEED_PAGE_SIZES.map((size) => ({
              value: String(size),
              label: String(size),
            }))}
          />
        </div>
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
            {items.length === 0 ? (
              <EmptyState
                icon={History}
                title={ACTIVITY_MESSAGES.empty}
                className="m-5 border-none"
              />
            ) : (
              <ActivityList activities={items} label="Aktivitäten" />
            )}
            {feed.hasNextPage ? (
              <div className="flex justify-center border-t border-slate-100 p-4">
                <Button
                  variant="outline"
                  onClick={() => void feed.fetchNextPage()}
                  isBusy={feed.isFetchingNextPage}
                  busyText="Lade..."
                >
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
