import { FormProvider } from "react-hook-form";
import { STATEMENT_MESSAGES } from "@nk/contract";
import { LimitReachedBanner, LimitReachedDialog } from "../../../components/limit-reached";
import { BillingDataDialog } from "../../../components/billing-data-dialog";
import { Alert } from "../../../components/ui/alert";
import { CostsStep } from "../components/costs-step";
import { PreviewStep } from "../components/preview-step";
import { PropertyStep } from "../components/property-step";
import { SavedRunSummary } from "../components/saved-run-summary";
import { WizardProgress } from "../components/wizard-progress";
import { useNewStatementWizard } from "../lib/use-new-statement-wizard";

/** /dashboard/statements/new (?property=): the four steps of docs/rules/statements.md#wizard (state in useNewStatementWizard). */
export function NewStatementPage() {
  const wizard = useNewStatementWizard();
  const { step, property, calculation, costs, saving } = wizard;
  const { preview } = calculation;
  const { saved } = saving;

  let content;
  if (!wizard.isPermitted) {
    content = <Alert variant="warning">{STATEMENT_MESSAGES.permissionDenied}</Alert>;
  } else if (step === 0 || !property) {
    content = <PropertyStep onChoose={wizard.chooseProperty} />;
  } else if (step === 1 || !preview) {
    content = (
      <FormProvider {...wizard.form}>
        <CostsStep
          property={property}
          period={costs.period}
          onPeriodChange={costs.changePeriod}
          existingPeriods={costs.existingPeriods}
          isPeriodFinal={costs.isPeriodFinal}
          isLoadingCosts={costs.isLoadingCosts}
          rates={costs.rates}
          autosave={costs.autosave}
          consumption={costs.consumption}
          isCalculating={calculation.isCalculating}
          progressText={calculation.progressText}
          calculationErrors={calculation.calculationErrors}
          onCalculate={() => void calculation.calculate()}
          onChangeProperty={() => wizard.setStep(0)}
          startTemplate={costs.startTemplate}
          onDiscardStartTemplate={costs.discardStartTemplate}
        />
      </FormProvider>
    );
  } else if (step === 2 || !saved) {
    content = (
      <PreviewStep
        preview={preview}
        names={wizard.names}
        isSaving={saving.isSaving}
        saveError={saving.saveError}
        onEnterBillingData={
          saving.canEnterBillingData ? () => saving.billingDataDialog.setIsOpen(true) : undefined
        }
        onSave={saving.save}
        onBack={() => wizard.setStep(1)}
        calculationBody={wizard.calculationBody}
        hasSavedRun={wizard.hasSavedRun}
      />
    );
  } else {
    content = <SavedRunSummary saved={saved} />;
  }

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <title>Neue Abrechnung – Nebenkosten</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Neue Abrechnung</h1>
        <p className="mt-1 text-sm text-slate-600">
          Immobilie wählen, Kosten erfassen, Verteilung prüfen und die Abrechnungen speichern.
        </p>
      </div>
      <WizardProgress current={step} />
      {wizard.statementBlock && !saved ? (
        <LimitReachedBanner
          title={wizard.statementBlock.title}
          message={`${wizard.statementBlock.message} Sie können Kosten erfassen und die Verteilung berechnen; speichern können Sie diese Abrechnung nach einem Upgrade.`}
          resource="billingStatements"
        />
      ) : null}
      {content}
      <BillingDataDialog
        isOpen={saving.billingDataDialog.isOpen}
        onOpenChange={saving.billingDataDialog.setIsOpen}
        onSaved={saving.billingDataDialog.retry}
      />
      <LimitReachedDialog
        isOpen={saving.limitMessage !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : saving.clearLimitMessage())}
        message={saving.limitMessage ?? ""}
        resource="billingStatements"
      />
    </div>
  );
}
