import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import { DEADLINE_MESSAGES, formatCalendarDateDe, type DeadlinePeriod } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { DEADLINES_QUERY_KEY, fetchDeadlines } from "../api";
import { DeadlineStatusBadge } from "../components/deadline-status-badge";
import { MeterRetrofitList } from "../components/meter-retrofit-list";

function describeDispatch(tenancy: DeadlinePeriod["tenancies"][number]): string {
  if (!tenancy.dispatchedOn) return "nicht versendet";
  const channel = tenancy.dispatchChannel
    ? ` ${DEADLINE_MESSAGES.sentBy[tenancy.dispatchChannel]}`
    : "";
  return `versendet am ${formatCalendarDateDe(tenancy.dispatchedOn)}${channel}${tenancy.isLate ? ` (${DEADLINE_MESSAGES.late})` : ""}`;
}

/** `list` keeps the ids apart where a period is shown twice (at risk and in the full list). */
function PeriodCard({ period, list }: { period: DeadlinePeriod; list: "bald" | "alle" }) {
  const headingId = `frist-${list}-${period.billingPeriodId}`;
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex flex-col gap-2 space-y-0 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <CardTitle id={headingId} className="break-words">
            {period.propertyName}: {formatCalendarDateDe(period.periodStart)} –{" "}
            {formatCalendarDateDe(period.periodEnd)}
          </CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            {DEADLINE_MESSAGES.deadlineOn(period.deadline)} ·{" "}
            {DEADLINE_MESSAGES.daysLeft(period.daysLeft)}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <DeadlineStatusBadge status={period.status} />
          {period.runId ? (
            <Link
              to={`/dashboard/statements/${period.runId}`}
              className={buttonStyles({ size: "sm", variant: "outline" })}
            >
              Zur Abrechnung
            </Link>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="p-0">
        {period.tenancies.length === 0 ? (
          <p className="px-5 py-3 text-sm text-slate-600">
            Keine Mietverhältnisse in diesem Zeitraum.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {period.tenancies.map((tenancy) => (
              <li
                key={tenancy.tenantId}
                className="flex flex-col gap-0.5 px-5 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              >
                <span className="break-words text-sm text-slate-900">
                  {tenancy.tenantName}
                  {tenancy.unitName ? (
                    <span className="text-slate-500"> · {tenancy.unitName}</span>
                  ) : null}
                </span>
                <span
                  className={
                    tenancy.dispatchedOn
                      ? tenancy.isLate
                        ? "text-sm text-red-700"
                        : "text-sm text-emerald-800"
                      : "text-sm text-amber-800"
                  }
                >
                  {describeDispatch(tenancy)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** /dashboard/deadlines „Fristen“ (issue 30): every billing period's § 556 (3) BGB deadline and who got the statement when. */
export function DeadlinesPage() {
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
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <title>Fristen – Nebenkosten</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {DEADLINE_MESSAGES.title}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{DEADLINE_MESSAGES.intro}</p>
      </div>
      {deadlines.isPending ? (
        <LoadingState text="Lade Fristen..." />
      ) : deadlines.isError ? (
        <Alert
          variant="error"
          title="Fehler beim Laden"
          action={
            <Button
              size="sm"
              variant="outline"
              onClick={() => void deadlines.refetch()}
              isBusy={deadlines.isFetching}
            >
              Erneut versuchen
            </Button>
          }
        >
          {getErrorMessage(deadlines.error)}
        </Alert>
      ) : deadlines.data.periods.length === 0 ? (
        <>
          <EmptyState
            icon={CalendarClock}
            title={DEADLINE_MESSAGES.noPeriods}
            description="Sobald Sie einen Abrechnungszeitraum anlegen, erscheint hier seine Frist."
          />
          <MeterRetrofitList retrofits={deadlines.data.meterRetrofits} />
        </>
      ) : (
        <>
          <section aria-labelledby="fristen-bald" className="space-y-3">
            <h2 id="fristen-bald" className="text-lg font-semibold text-slate-900">
              {DEADLINE_MESSAGES.atRiskTitle}
            </h2>
            {atRisk.length === 0 ? (
              <p className="text-sm text-slate-600">{DEADLINE_MESSAGES.noneAtRisk}</p>
            ) : (
              atRisk.map((period) => (
                <PeriodCard key={period.billingPeriodId} period={period} list="bald" />
              ))
            )}
          </section>
          <section aria-labelledby="fristen-alle" className="space-y-3">
            <h2 id="fristen-alle" className="text-lg font-semibold text-slate-900">
              Alle Abrechnungszeiträume
            </h2>
            {deadlines.data.periods.map((period) => (
              <PeriodCard key={period.billingPeriodId} period={period} list="alle" />
            ))}
          </section>
          <MeterRetrofitList retrofits={deadlines.data.meterRetrofits} />
        </>
      )}
    </div>
  );
}
