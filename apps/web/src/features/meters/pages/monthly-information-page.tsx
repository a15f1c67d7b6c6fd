import { formatMonthDe, MONTHLY_INFORMATION_MESSAGES } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { TextField } from "../../../components/ui/field";
import { LoadingState } from "../../../components/ui/spinner";
import { PropertyFilter } from "../../../components/property-filter";
import { getErrorMessage } from "../../../lib/api-error";
import { MonthlyAutoSend } from "../components/monthly-auto-send";
import { MonthlyPostDispatch } from "../components/monthly-post-dispatch";
import { MonthlySentLetters, MonthlyTenancies } from "../components/monthly-tenancies";
import { getLastMonth } from "../lib/monthly-information";
import { useMonthlyInformationPage } from "../lib/use-monthly-information-page";

/**
 * /dashboard/monthly-information (issue 30, item 2; docs/rules/heating.md#monthly-information):
 * the § 6a HeizkV monthly consumption information per tenancy, its letter, sending and what was
 * sent. The state lives in useMonthlyInformationPage.
 */
export function MonthlyInformationPage() {
  const page = useMonthlyInformationPage();
  const { propertyList, propertyId, month, information, result, canSend } = page;

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <title>Verbrauchsinformation – Nebenkosten</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {MONTHLY_INFORMATION_MESSAGES.title}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          Sind die Zähler fernablesbar, erhält jeder Mieter monatlich seinen Verbrauch an Heizung
          und Warmwasser im Vergleich zum Vormonat, zum Vorjahresmonat und zu einem
          Durchschnittsnutzer (§ 6a Abs. 1 und 2 HeizkV). Grundlage sind die Zählerstände zum
          Monatsende.
        </p>
        <MonthlyAutoSend canChange={canSend} />
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        {propertyList.length > 0 ? (
          <PropertyFilter
            properties={propertyList}
            propertyId={propertyId}
            onChange={page.changeProperty}
            clearLabel="Erste Immobilie"
          />
        ) : null}
        <TextField
          type="month"
          label="Monat"
          value={month}
          max={getLastMonth()}
          onChange={(event) => page.changeMonth(event.target.value)}
        />
      </div>
      {information.isPending && propertyId ? <LoadingState text="Lade Verbrauchswerte..." /> : null}
      {information.isError ? (
        <Alert variant="error">{getErrorMessage(information.error)}</Alert>
      ) : null}
      {information.data ? (
        <Card>
          <CardHeader className="flex flex-col gap-2 space-y-0 sm:flex-row sm:items-center sm:justify-between">
            <CardTitle>
              {information.data.propertyName}: {formatMonthDe(information.data.month)}
            </CardTitle>
            {canSend && information.data.tenancies.length > 0 ? (
              <Button
                isBusy={page.isSending}
                busyText="Sende..."
                onClick={() => void page.sendByEmail()}
              >
                Per E-Mail an die Mieter senden
              </Button>
            ) : null}
          </CardHeader>
          <CardContent className="space-y-3">
            {result ? (
              <Alert variant={result.queued.length > 0 ? "success" : "info"}>
                <p>{result.message}</p>
                {result.withoutEmail.length > 0 ? (
                  <p className="mt-1">
                    Ohne E-Mail-Adresse (Brief per Post, siehe unten):{" "}
                    {result.withoutEmail.map((entry) => entry.tenantName).join(", ")}
                  </p>
                ) : null}
              </Alert>
            ) : null}
            {propertyId ? (
              <MonthlyPostDispatch
                key={`${propertyId}-${month}`}
                propertyId={propertyId}
                month={month}
                tenancies={information.data.tenancies}
                canSend={canSend}
              />
            ) : null}
            {information.data.tenancies.length === 0 ? (
              <p className="text-sm text-slate-600">{MONTHLY_INFORMATION_MESSAGES.noTenancies}</p>
            ) : null}
            <MonthlyTenancies
              propertyId={information.data.propertyId}
              month={month}
              tenancies={information.data.tenancies}
            />
          </CardContent>
        </Card>
      ) : null}
      {page.letters.data ? <MonthlySentLetters letters={page.letters.data.letters} /> : null}
    </div>
  );
}
