import { useState } from "react";
import {
  formatEuroDe,
  PREPAYMENT_ADJUSTMENT_MESSAGES,
  PREPAYMENT_ROUNDING_LABELS,
  prepaymentAdjustmentBodySchema,
  type RunDispatch,
} from "@nk/contract";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { SelectField, TextField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { isApiError } from "../../../lib/api-error";
import { useApplyPrepaymentAdjustment, useSetPrepaymentRounding } from "../api";
import { DocumentError } from "./document-error";

type Rounding = "euro" | "five_euros";

/**
 * Issue 30, item 2: § 560 (4) BGB. Whether the run's letters propose the new monthly prepayment
 * (the engine's figure, rounded as chosen here), the proposals, and the one action that creates
 * them for every tenancy from a chosen month.
 */
export function RunPrepaymentCard({ runId, dispatch }: { runId: string; dispatch: RunDispatch }) {
  const toast = useToast();
  const saveRounding = useSetPrepaymentRounding(runId);
  const apply = useApplyPrepaymentAdjustment(runId);
  const [month, setMonth] = useState("");
  const [monthError, setMonthError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const proposals = dispatch.letters.filter((letter) => letter.proposedPrepayment !== null);

  async function chooseRounding(value: string) {
    setFailure(null);
    try {
      const answer = await saveRounding.mutateAsync(value === "" ? null : (value as Rounding));
      toast.success(answer.message);
    } catch (error) {
      setFailure(error);
    }
  }

  async function submit() {
    setFailure(null);
    const parsed = prepaymentAdjustmentBodySchema.safeParse({
      validFrom: month ? `${month}-01` : "",
    });
    if (!parsed.success) {
      setMonthError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setMonthError(null);
    try {
      const answer = await apply.mutateAsync(parsed.data.validFrom);
      toast.success(answer.message);
    } catch (error) {
      const field = isApiError(error) ? error.fields?.validFrom : undefined;
      if (field) setMonthError(field);
      else setFailure(error);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Vorauszahlungen anpassen (§ 560 Abs. 4 BGB)</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <SelectField
          label="Neue monatliche Vorauszahlung im Brief vorschlagen"
          hint="Ein Zwölftel der Kosten dieser Abrechnung für ein Jahr, gerundet. Briefe, die schon versendet sind, behalten ihren Inhalt."
          value={dispatch.prepaymentRounding ?? ""}
          disabled={saveRounding.isPending}
          onChange={(event) => void chooseRounding(event.target.value)}
        >
          <option value="">Kein Vorschlag</option>
          <option value="euro">Ja, {PREPAYMENT_ROUNDING_LABELS.euro} gerundet</option>
          <option value="five_euros">Ja, {PREPAYMENT_ROUNDING_LABELS.five_euros} gerundet</option>
        </SelectField>
        {proposals.length > 0 ? (
          <>
            <ul
              className="divide-y divide-slate-100 rounded-lg border border-slate-200"
              aria-label="Vorgeschlagene Vorauszahlungen"
            >
              {proposals.map((letter) => (
                <li
                  key={letter.statementId}
                  className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
                >
                  <span className="break-words text-slate-900">{letter.tenantName}</span>
                  <span className="shrink-0 font-medium text-slate-900">
                    {formatEuroDe(letter.proposedPrepayment!)} monatlich
                  </span>
                </li>
              ))}
            </ul>
            <TextField
              type="month"
              label="Gilt ab (Monat)"
              hint="Die bisherige Vorauszahlung endet am Tag davor."
              value={month}
              error={monthError ?? undefined}
              onChange={(event) => setMonth(event.target.value)}
            />
            <Button
              variant="primary"
              isBusy={apply.isPending}
              busyText="Lege an..."
              onClick={() => void submit()}
            >
              Neue Vorauszahlungen anlegen
            </Button>
          </>
        ) : dispatch.prepaymentRounding ? (
          <p className="text-sm text-slate-600">{PREPAYMENT_ADJUSTMENT_MESSAGES.noTenancy}</p>
        ) : null}
        {failure ? <DocumentError title="Speichern fehlgeschlagen" error={failure} /> : null}
      </CardContent>
    </Card>
  );
}
