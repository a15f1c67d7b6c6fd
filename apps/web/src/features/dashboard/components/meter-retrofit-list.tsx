import { Link } from "react-router";
import { DEADLINE_MESSAGES, type MeterRetrofit } from "@nk/contract";
import { Badge } from "../../../components/ui/badge";
import { buttonStyles } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";

/**
 * Issue 30, item 1 (docs/rules/heating.md#remote-reading): the § 5 HeizkV duty to make heating
 * and hot-water meters remote-readable, by property and deadline, as the server computed it.
 */
export function MeterRetrofitList({ retrofits }: { retrofits: MeterRetrofit[] }) {
  return (
    <section aria-labelledby="fristen-zaehler" className="space-y-3">
      <h2 id="fristen-zaehler" className="text-lg font-semibold text-slate-900">
        {DEADLINE_MESSAGES.retrofitTitle}
      </h2>
      <p className="text-sm text-slate-600">{DEADLINE_MESSAGES.retrofitIntro}</p>
      {retrofits.length === 0 ? (
        <p className="text-sm text-slate-600">{DEADLINE_MESSAGES.noRetrofits}</p>
      ) : null}
      {retrofits.map((retrofit) => {
        const headingId = `nachruesten-${retrofit.propertyId}-${retrofit.deadline}-${retrofit.status}`;
        return (
          <Card
            key={headingId}
            aria-labelledby={headingId}
            role="region"
            data-testid="meter-retrofit"
          >
            <CardHeader className="flex flex-col gap-2 space-y-0 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <CardTitle id={headingId} className="break-words">
                  {retrofit.propertyName}: {DEADLINE_MESSAGES.meterCount(retrofit.meters.length)}
                </CardTitle>
                <p className="mt-1 text-sm text-slate-600">
                  {retrofit.status === "missing"
                    ? DEADLINE_MESSAGES.retrofitMissing(retrofit.requiredFrom)
                    : `${DEADLINE_MESSAGES.retrofitBy(retrofit.deadline)} · ${DEADLINE_MESSAGES.daysLeft(retrofit.daysLeft)}`}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <Badge variant={retrofit.status === "missing" ? "danger" : "warning"}>
                  {retrofit.status === "missing" ? "Pflicht verletzt" : "Nachrüstung offen"}
                </Badge>
                <Link
                  to={`/dashboard/meters?property=${retrofit.propertyId}`}
                  className={buttonStyles({ size: "sm", variant: "outline" })}
                >
                  Zu den Zählern
                </Link>
              </div>
            </CardHeader>
            <CardContent className="p-0">
              <ul className="divide-y divide-slate-100">
                {retrofit.meters.map((meter) => (
                  <li key={meter.id} className="px-5 py-2.5 text-sm text-slate-900">
                    {meter.label}{" "}
                    <span className="text-slate-500">
                      · {meter.meterType}
                      {meter.unitName ? ` · ${meter.unitName}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        );
      })}
    </section>
  );
}
