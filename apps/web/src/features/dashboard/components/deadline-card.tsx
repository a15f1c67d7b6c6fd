import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import { DEADLINE_MESSAGES, formatCalendarDateDe } from "@nk/contract";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { DEADLINES_QUERY_KEY, fetchDeadlines } from "../api";

/** The dashboard's card (issue 30): the § 556 (3) BGB deadlines with unsent statements in the coming 60 days. */
export function DeadlineCard() {
  const deadlines = useQuery({
    queryKey: DEADLINES_QUERY_KEY,
    queryFn: fetchDeadlines,
    refetchOnMount: "always",
  });
  const atRisk = deadlines.data
    ? deadlines.data.atRiskIds.map((id) =>
        deadlines.data.periods.find((period) => period.billingPeriodId === id)!,
      )
    : [];
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3 space-y-0">
        <CardTitle>Abrechnungsfristen</CardTitle>
        <Link
          to="/dashboard/deadlines"
          className="text-sm font-medium text-brand-700 hover:text-brand-800"
        >
          Alle Fristen
        </Link>
      </CardHeader>
      <CardContent className={atRisk.length > 0 ? "p-0" : undefined}>
        {deadlines.isPending ? (
          <LoadingState text="Lade Fristen..." />
        ) : deadlines.isError ? (
          <p className="text-sm text-red-700">{getErrorMessage(deadlines.error)}</p>
        ) : atRisk.length === 0 ? (
          <p className="flex items-start gap-2 text-sm text-slate-600">
            <CalendarClock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
            {DEADLINE_MESSAGES.noneAtRisk}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Fristen in den nächsten 60 Tagen">
            {atRisk.map((period) => (
              <li key={period.billingPeriodId} className="flex flex-col gap-0.5 px-5 py-3">
                <p className="break-words text-sm font-medium text-slate-900">
                  {period.propertyName}: {formatCalendarDateDe(period.periodStart)} –{" "}
                  {formatCalendarDateDe(period.periodEnd)}
                </p>
                <p className="text-sm text-amber-800">
                  {DEADLINE_MESSAGES.deadlineOn(period.deadline)} (
                  {DEADLINE_MESSAGES.daysLeft(period.daysLeft)}) ·{" "}
                  {DEADLINE_MESSAGES.unsent(period.unsentCount)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
