import { History } from "lucide-react";
import { ACTIVITY_MESSAGES } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { useRecentActivities } from "../api";
import { ActivityList } from "./activity-list";

/** The 10 newest entries. */
export function ActivityOverview() {
  const query = useRecentActivities();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Letzte Aktivitäten</CardTitle>
      </CardHeader>
      <CardContent className="p-0">
        {query.isPending ? (
          <LoadingState text="Lade Aktivitäten..." />
        ) : query.isError ? (
          <div className="p-5">
            <Alert
              variant="error"
              action={
                <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
                  Erneut versuchen
                </Button>
              }
            >
              {getErrorMessage(query.error, ACTIVITY_MESSAGES.loadFailed)}
            </Alert>
          </div>
        ) : query.data.items.length === 0 ? (
          <EmptyState icon={History} title={ACTIVITY_MESSAGES.empty} className="m-5 border-none" />
        ) : (
          <ActivityList activities={query.data.items} label="Letzte Aktivitäten" />
        )}
      </CardContent>
    </Card>
  );
}
