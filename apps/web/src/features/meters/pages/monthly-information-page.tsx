import { useState } from "react";
import { useSearchParams } from "react-router";
import {
  formatCalendarDateDe,
  formatMonthDe,
  formatQuantityDe,
  getTodayInGermany,
  MONTHLY_INFORMATION_MESSAGES,
  type MonthlyFigureView,
  type MonthlyInformationSendResult,
  type MonthlyTenancy,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button, buttonStyles } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { TextField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { LoadingState } from "../../../components/ui/spinner";
import { PropertyFilter } from "../../../components/property-filter";
import { ApiError, getErrorMessage } from "../../../lib/api-error";
import { formatDateTime } from "../../../lib/format";
import { useMe } from "../../../lib/use-me";
import { useProperties } from "../../../lib/use-properties";
import {
  getMonthlyLetterUrl,
  getMonthlyPrintUrl,
  useMarkMonthlyInformationPosted,
  useMonthlyInformation,
  useMonthlyInformationLetters,
  useMonthlyInformationSettings,
  useSaveMonthlyInformationSettings,
  useSendMonthlyInformation,
} from "../api";

/** The month before today's month in Germany (the latest one the information can cover). */
function getLastMonth(): string {
  const [year, month] = getTodayInGermany().split("-").map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

function formatFigure(value: string | null, unitLabel: string): string {
  return value === null
    ? MONTHLY_INFORMATION_MESSAGES.unavailable
    : `${formatQuantityDe(value)} ${unitLabel}`;
}

function FigureLine({ figure }: { figure: MonthlyFigureView }) {
  return (
    <p className="text-sm text-slate-700">
      <span className="font-medium text-slate-900">{figure.meterType}:</span>{" "}
      {formatFigure(figure.consumption, figure.unitLabel)} · Vormonat{" "}
      {formatFigure(figure.previousMonth, figure.unitLabel)} · Vorjahresmonat{" "}
      {formatFigure(figure.sameMonthLastYear, figure.unitLabel)} · Durchschnitt{" "}
      {formatFigure(figure.averageUser, figure.unitLabel)}
    </p>
  );
}

/** How a tenant was informed of the month: by e-mail (queued or sent) or by post. */
function describeLetter(letter: NonNullable<MonthlyTenancy["letter"]>): string {
  if (letter.channel === "post" && letter.postedOn)
    return `per Post am ${formatCalendarDateDe(letter.postedOn)}`;
  return letter.sentAt ? `versendet am ${formatDateTime(letter.sentAt)}` : "Versand eingeplant";
}

/** Decision 1690: the monthly sending by itself, on unless the account turns it off. */
function AutoSendSetting({ canChange }: { canChange: boolean }) {
  const settings = useMonthlyInformationSettings();
  const save = useSaveMonthlyInformationSettings();
  const toast = useToast();
  if (!settings.data) return null;
  return (
    <Checkbox
      label="Jeden Monat automatisch per E-Mail senden"
      hint={`Ab dem ${settings.data.sendDay}. eines Monats erhält jeder Mieter mit E-Mail-Adresse die Verbrauchsinformation des Vormonats, sobald die Zählerstände zum Monatsende vorliegen und alle Zähler seiner Wohnung fernablesbar sind; jeden Monat nur einmal. Mieter ohne E-Mail-Adresse erhalten sie per Post (unten).`}
      checked={settings.data.autoSend}
      disabled={!canChange || save.isPending}
      onChange={async (event) => {
        try {
          const saved = await save.mutateAsync({ autoSend: event.target.checked });
          toast.success(
            saved.autoSend
              ? MONTHLY_INFORMATION_MESSAGES.autoSendOn
              : MONTHLY_INFORMATION_MESSAGES.autoSendOff,
          );
        } catch (error) {
          toast.error(getErrorMessage(error));
        }
      }}
    />
  );
}

/**
 * Decision 1690: the tenants without an e-mail address not informed of the month yet get their
 * letters in one PDF to print; once posted, the landlord records the dispatch with its day.
 */
function PostDispatch({
  propertyId,
  month,
  tenancies,
  canSend,
}: {
  propertyId: string;
  month: string;
  tenancies: MonthlyTenancy[];
  canSend: boolean;
}) {
  const forPost = tenancies.filter((tenancy) => !tenancy.email && tenancy.letter === null);
  const today = getTodayInGermany();
  const [postedOn, setPostedOn] = useState(today);
  const mark = useMarkMonthlyInformationPosted(propertyId);
  const [outcome, setOutcome] = useState<{ text: string; isError: boolean } | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  if (forPost.length === 0 && !outcome) return null;
  return (
    <section
      aria-labelledby="per-post"
      className="space-y-3 rounded-lg border border-slate-200 p-4"
      data-testid="monthly-post"
    >
      <h3 id="per-post" className="font-semibold text-slate-900">
        Per Post: Mieter ohne E-Mail-Adresse
      </h3>
      {outcome ? (
        <Alert variant={outcome.isError ? "error" : "success"}>{outcome.text}</Alert>
      ) : null}
      {forPost.length > 0 ? (
        <>
          <p className="text-sm text-slate-700">
            {forPost.map((tenancy) => tenancy.tenantName).join(", ")}
          </p>
          <p className="text-xs text-slate-500">
            Drucken Sie die Briefe (jeder beginnt auf einer neuen Seite) und versenden Sie sie.
            Vermerken Sie danach den Versand: Dann ist festgehalten, dass diese Mieter über den
            Monat informiert wurden.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <a
              href={getMonthlyPrintUrl(propertyId, month)}
              download
              className={buttonStyles({ variant: "outline" })}
            >
              Briefe zum Drucken (PDF)
            </a>
            {canSend ? (
              <>
                <TextField
                  type="date"
                  label="Versanddatum"
                  value={postedOn}
                  max={today}
                  error={fieldError}
                  onChange={(event) => {
                    setPostedOn(event.target.value);
                    setFieldError(undefined);
                  }}
                />
                <Button
                  isBusy={mark.isPending}
                  busyText="Vermerke..."
                  onClick={async () => {
                    try {
                      const result = await mark.mutateAsync({
                        month,
                        tenantIds: forPost.map((tenancy) => tenancy.tenantId),
                        postedOn,
                      });
                      setOutcome({ text: result.message, isError: false });
                    } catch (error) {
                      setFieldError(error instanceof ApiError ? error.fields?.postedOn : undefined);
                      setOutcome({ text: getErrorMessage(error), isError: true });
                    }
                  }}
                >
                  Als per Post versendet vermerken
                </Button>
              </>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}

/**
 * /dashboard/monthly-information (issue 30, item 2; docs/rules/heating.md#monthly-information):
 * the § 6a HeizkV monthly consumption information per tenancy, its letter, sending and what was sent.
 */
export function MonthlyInformationPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const properties = useProperties();
  const propertyList = properties.data ?? [];
  const propertyId = searchParams.get("property") ?? propertyList[0]?.id;
  const [month, setMonth] = useState(getLastMonth());
  const information = useMonthlyInformation(propertyId, month);
  const letters = useMonthlyInformationLetters(propertyId);
  const send = useSendMonthlyInformation(propertyId ?? "");
  const canSend = useMe().can("send_statement");
  const [result, setResult] = useState<MonthlyInformationSendResult | null>(null);

  function changeProperty(next: string | undefined): void {
    const params = new URLSearchParams(searchParams);
    if (next) params.set("property", next);
    else params.delete("property");
    setSearchParams(params);
    setResult(null);
  }

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
        <AutoSendSetting canChange={canSend} />
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        {propertyList.length > 0 ? (
          <PropertyFilter
            properties={propertyList}
            propertyId={propertyId}
            onChange={changeProperty}
            clearLabel="Erste Immobilie"
          />
        ) : null}
        <TextField
          type="month"
          label="Monat"
          value={month}
          max={getLastMonth()}
          onChange={(event) => {
            setMonth(event.target.value);
            setResult(null);
          }}
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
                isBusy={send.isPending}
                busyText="Sende..."
                onClick={async () => {
                  try {
                    setResult(await send.mutateAsync(month));
                  } catch (error) {
                    setResult({
                      queued: [],
                      alreadyInformed: [],
                      withoutEmail: [],
                      message: getErrorMessage(error),
                    });
                  }
                }}
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
              <PostDispatch
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
            <ul className="divide-y divide-slate-100">
              {information.data.tenancies.map((tenancy) => (
                <li key={tenancy.tenantId} className="space-y-1 py-3" data-testid="monthly-tenancy">
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                    <p className="font-medium text-slate-900">
                      {tenancy.tenantName}{" "}
                      <span className="font-normal text-slate-500">· {tenancy.unitName}</span>
                    </p>
                    <div className="flex flex-wrap items-center gap-2">
                      {tenancy.isRemoteReadable ? null : (
                        <Badge variant="warning">nicht alle Zähler fernablesbar</Badge>
                      )}
                      {tenancy.letter ? (
                        <Badge variant="success">{describeLetter(tenancy.letter)}</Badge>
                      ) : tenancy.email ? null : (
                        <Badge variant="neutral">keine E-Mail-Adresse</Badge>
                      )}
                      <a
                        href={getMonthlyLetterUrl(
                          information.data.propertyId,
                          tenancy.tenantId,
                          month,
                        )}
                        download
                        className={buttonStyles({ size: "sm", variant: "outline" })}
                      >
                        Brief (PDF)
                      </a>
                    </div>
                  </div>
                  {tenancy.figures.map((figure) => (
                    <FigureLine key={figure.meterType} figure={figure} />
                  ))}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      {letters.data && letters.data.letters.length > 0 ? (
        <section aria-labelledby="versendet" className="space-y-2">
          <h2 id="versendet" className="text-lg font-semibold text-slate-900">
            Versendete Verbrauchsinformationen
          </h2>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {letters.data.letters.map((letter) => (
              <li
                key={`${letter.month}-${letter.tenantId}`}
                className="flex flex-col gap-1 px-4 py-2 text-sm sm:flex-row sm:justify-between"
              >
                <span>
                  {formatMonthDe(letter.month)}: {letter.tenantName}{" "}
                  <span className="text-slate-500">({letter.recipient ?? "Brief per Post"})</span>
                </span>
                <span className="text-slate-600">{describeLetter(letter)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
