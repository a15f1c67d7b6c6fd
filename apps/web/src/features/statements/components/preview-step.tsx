import { useState } from "react";
import { ArrowLeft, Lock, Save } from "lucide-react";
import {
  getTodayInGermany,
  lateExcuseSchema,
  type StatementPreview,
  type StatementPreviewBody,
} from "@nk/contract";
import { getStatementDeadline } from "@nk/engine";
import { Alert } from "../../../components/ui/alert";
import { BillingDataDialog } from "../../../components/billing-data-dialog";
import { Button } from "../../../components/ui/button";
import { StickyActionBar } from "../../../components/ui/sticky-action-bar";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useBillingData } from "../../../lib/use-billing-data";
import { useMe } from "../../../lib/use-me";
import type { PreviewNames } from "../lib/names";
import { ConsumptionAnalysis } from "./analysis/consumption-analysis";
import { ConsumptionReadings } from "./consumption-readings";
import { PreviewPdfButtons } from "./preview-pdf-buttons";
import { RateCostsList } from "./rate-costs-list";
import { StatementPreview as PreviewSections } from "./statement-preview";
import { LATE_EXCUSE_FIELD_ID, StatementDeadlineCard } from "./statement-deadline-card";
import {
  PrepaymentRoundingField,
  type PrepaymentRoundingChoice,
} from "./prepayment-rounding-field";

export interface PreviewStepProps {
  preview: StatementPreview;
  names: PreviewNames;
  isSaving: boolean;
  saveError: string | null;
  /** Set when the save was refused for missing billing data: opens their dialog (issue 27). */
  onEnterBillingData?: () => void;
  /**
   * lateExcuse: the reason a statement after the deadline is not the landlord's fault (issue 24), finalize only;
   * prepaymentRounding: the run's § 560 (4) BGB proposal (issue 30), with every save; undefined keeps the saved run's.
   */
  onSave: (
    finalize: boolean,
    prepaymentRounding: PrepaymentRoundingChoice,
    lateExcuse?: string | null,
  ) => Promise<void> | void;
  /** The period already has a saved run (a draft saved before): its proposal choice is kept unless changed. */
  hasSavedRun: boolean;
  onBack: () => void;
  /** The calculation shown, as the server's body, for the draft PDFs; null when it is not valid any more. */
  calculationBody: () => StatementPreviewBody | null;
}

/** Step 2 'Vorschau': the calculated distribution, then save as draft or finalize. */
export function PreviewStep({
  preview,
  names,
  isSaving,
  saveError,
  onEnterBillingData,
  onSave,
  onBack,
  calculationBody,
  hasSavedRun,
}: PreviewStepProps) {
  const [isConfirmingFinal, setIsConfirmingFinal] = useState(false);
  // Decision 1620: without billing data, finalizing asks for them and the finalize question in
  // one dialog (the letters' sender is needed anyway); a refusal by the server still opens them.
  const billingData = useBillingData();
  const isBillingDataMissing = billingData.isSuccess && billingData.data.billingData === null;
  const [isFinalizingWithBillingData, setIsFinalizingWithBillingData] = useState(false);
  // Issue 29: finalizing is for admins and billing managers; an editor saves the draft.
  const canFinalize = useMe().can("finalize_statement");
  const [excuse, setExcuse] = useState("");
  const [excuseError, setExcuseError] = useState<string | null>(null);
  const [prepaymentRounding, setPrepaymentRounding] = useState<PrepaymentRoundingChoice>(
    hasSavedRun ? undefined : null,
  );
  const isPastDeadline = getTodayInGermany() > getStatementDeadline(preview.result.period.end);
  const finalizeText =
    isPastDeadline && !excuse.trim()
      ? "Finalisierte Abrechnungen können nicht mehr geändert werden; Änderungen sind danach nur als Korrektur möglich. Die Abrechnungsfrist ist abgelaufen: Ohne Begründung fordern die Briefe keine Nachzahlungen."
      : "Finalisierte Abrechnungen können nicht mehr geändert werden; Änderungen sind danach nur als Korrektur möglich.";
  const finalize = () =>
    onSave(true, prepaymentRounding, isPastDeadline ? excuse.trim() || null : undefined);
  const costTypeOf = (itemIndex: number) =>
    preview.engineInput.costItems[itemIndex]?.costType ?? "Kostenposition";

  return (
    <div className="space-y-6">
      <PreviewSections
        input={preview.engineInput}
        result={preview.result}
        names={names}
        warnings={preview.warnings}
        consumptionAnalysis={
          <ConsumptionAnalysis
            input={preview.engineInput}
            result={preview.result}
            analysis={preview.analysis}
            names={names}
          />
        }
      />
      <RateCostsList rateCosts={preview.rateCosts} costTypeOf={costTypeOf} />
      <Card>
        <CardHeader>
          <CardTitle>Verbrauch und Zählerstände</CardTitle>
        </CardHeader>
        <CardContent>
          <ConsumptionReadings consumption={preview.consumption} unitName={names.unit} />
        </CardContent>
      </Card>

      <StatementDeadlineCard
        result={preview.result}
        names={names}
        excuse={excuse}
        excuseError={excuseError}
        onExcuseChange={setExcuse}
      />

      <PrepaymentRoundingField
        value={prepaymentRounding}
        onChange={setPrepaymentRounding}
        hasSavedRun={hasSavedRun}
      />

      <PreviewPdfButtons result={preview.result} names={names} calculationBody={calculationBody} />

      <StickyActionBar>
        {saveError ? (
          <Alert
            variant="error"
            action={
              onEnterBillingData ? (
                <Button size="sm" variant="outline" onClick={onEnterBillingData}>
                  Abrechnungsdaten hinterlegen
                </Button>
              ) : undefined
            }
          >
            {saveError}
          </Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          <Button type="button" variant="ghost" onClick={onBack} disabled={isSaving}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Zurück zu den Kosten
          </Button>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              type="button"
              variant="outline"
              onClick={() => void onSave(false, prepaymentRounding)}
              isBusy={isSaving && !isConfirmingFinal}
              busyText="Speichere..."
              disabled={isSaving}
            >
              <Save className="size-4" aria-hidden="true" />
              Als Entwurf speichern
            </Button>
            {canFinalize ? (
              <Button
                type="button"
                onClick={() => {
                  // The reason is checked before the question (the contract's rule: at least 10 characters).
                  const parsed = lateExcuseSchema.safeParse(excuse);
                  setExcuseError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
                  if (parsed.success)
                    (isBillingDataMissing ? setIsFinalizingWithBillingData : setIsConfirmingFinal)(
                      true,
                    );
                  else document.getElementById(LATE_EXCUSE_FIELD_ID)?.focus();
                }}
                disabled={isSaving}
              >
                <Lock className="size-4" aria-hidden="true" />
                Finalisieren
              </Button>
            ) : null}
          </div>
        </div>
      </StickyActionBar>

      <ConfirmDialog
        isOpen={isConfirmingFinal}
        onOpenChange={setIsConfirmingFinal}
        title="Abrechnung finalisieren?"
        description={finalizeText}
        confirmLabel="Finalisieren"
        busyLabel="Speichere..."
        isBusy={isSaving}
        onConfirm={async () => {
          await finalize();
          setIsConfirmingFinal(false);
        }}
      />
      <BillingDataDialog
        isOpen={isFinalizingWithBillingData}
        onOpenChange={setIsFinalizingWithBillingData}
        title="Abrechnungsdaten hinterlegen und finalisieren"
        notice={`Ihre Abrechnungsdaten stehen als Absender in jedem Brief. ${finalizeText}`}
        submitLabel="Speichern und finalisieren"
        onSaved={() => void finalize()}
      />
    </div>
  );
}
