import { useState } from "react";
import { getTodayInGermany, type MonthlyTenancy } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { ApiError, getErrorMessage } from "../../../lib/api-error";
import { getMonthlyPrintUrl, useMarkMonthlyInformationPosted } from "../api";

/**
 * Decision 1690: the tenants without an e-mail address not informed of the month yet get their
 * letters in one PDF to print; once posted, the landlord records the dispatch with its day.
 */
export function MonthlyPostDispatch({
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

  async function markPosted(): Promise<void> {
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
  }

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
                <Button isBusy={mark.isPending} busyText="Vermerke..." onClick={markPosted}>
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
