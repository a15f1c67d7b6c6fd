import type { PrepaymentRoundingChoice } from "../components/prepayment-rounding-field";
import { useEffect, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import {
  BILLING_DATA_MISSING_CODE,
  isCalendarDate,
  STATEMENT_MESSAGES,
  type PropertyWithUnits,
  type StatementPreview,
  type StatementPreviewBody,
  type StatementSaveResult,
} from "@nk/contract";
import { LimitReachedBanner, LimitReachedDialog } from "../../../components/limit-reached";
import { BillingDataDialog } from "../../../components/billing-data-dialog";
import { useToast } from "../../../components/ui/toast";
import { isApiError } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { mappedZodResolver } from "../../../lib/form-resolver";
import { buildLimitReachedInfo } from "../../../lib/plan-access";
import { useMe } from "../../../lib/use-me";
import { Alert } from "../../../components/ui/alert";
import { useProperties } from "../../../lib/use-properties";
import {
  useBillingPeriodConsumption,
  useBillingPeriodCosts,
  usePreviewStatement,
  useSaveStatement,
} from "../api";
import { useRates } from "../../../lib/queries/rate-queries";
import { useTenants } from "../../../lib/queries/tenant-queries";
import { CostsStep } from "../components/costs-step";
import { PreviewStep } from "../components/preview-step";
import { PropertyStep } from "../components/property-step";
import { SavedRunSummary } from "../components/saved-run-summary";
import { WizardProgress } from "../components/wizard-progress";
import {
  calculationInputSchema,
  toCalculationBody,
  toFormField,
  type CalculationInput,
} from "../lib/calculation-schema";
import {
  EMPTY_ANNUAL_INFORMATION,
  EMPTY_CO2,
  EMPTY_HEATING_SHEET,
  fromSavedCosts,
  type CostsFormValues,
} from "../lib/cost-form";
import { buildPreviewNames } from "../lib/names";
import { useCostsAutosave } from "../lib/use-costs-autosave";
import { useProgressText } from "../lib/use-progress-text";
import { useStartTemplate } from "../lib/use-start-template";
import { useWizardPeriod } from "../lib/use-wizard-period";

/** docs/rules/statements.md#saving, docs/rules/statements.md#statement-constants: the list follows 1.2 s after saving. */
const REDIRECT_AFTER_SAVE_MS = 1200;
const EMPTY_VALUES: CostsFormValues = {
  costItems: [],
  co2: EMPTY_CO2,
  consumptionOverrides: [],
  climateFactor: "",
  heatingSheet: EMPTY_HEATING_SHEET,
  annualInformation: EMPTY_ANNUAL_INFORMATION,
};

/** Empty results (docs/rules/statements.md#statement-messages): no units, or nothing distributed. */
function getEmptyResultMessage(preview: StatementPreview): string | null {
  if (preview.engineInput.units.length === 0)
    return "Keine Wohneinheiten vorhanden – Kostenverteilung nicht möglich.";
  if (preview.result.tenancies.length === 0 && preview.result.vacancy.length === 0)
    return "Keine Kostenverteilung ermittelt – bitte Eingaben prüfen.";
  return null;
}

/** /dashboard/statements/new (?property=): the four steps of docs/rules/statements.md#wizard. */
export function NewStatementPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const [searchParams] = useSearchParams();
  const propertyParam = searchParams.get("property");
  const properties = useProperties();
  const [propertyId, setPropertyId] = useState<string | null>(propertyParam);
  const property = properties.data?.find((p) => p.id === propertyId);
  const [step, setStep] = useState(0);
  const hasAutoStarted = useRef(false);

  // docs/rules/statements.md#wizard: with ?property= the flow starts at step 1 once the property has loaded.
  useEffect(() => {
    if (hasAutoStarted.current || !propertyParam || !property) return;
    hasAutoStarted.current = true;
    setStep(1);
  }, [propertyParam, property]);

  // ?from=&to=: the period of a saved draft opened for editing (/dashboard/statements/edit/{id}).
  const from = searchParams.get("from") ?? "";
  const to = searchParams.get("to") ?? "";
  const wizardPeriod = useWizardPeriod(
    property?.id,
    isCalendarDate(from) && isCalendarDate(to) ? { start: from, end: to } : null,
  );
  const tenants = useTenants(property?.id, { isEnabled: Boolean(property?.id) });
  const rates = useRates();
  const costs = useBillingPeriodCosts(wizardPeriod.billingPeriodId);
  const consumption = useBillingPeriodConsumption(wizardPeriod.billingPeriodId);
  const savedCosts = costs.data;
  // A stored period's saved inputs fill the form once, when they first arrive; a period without
  // saved inputs keeps what was typed. Never again for the same period: a later answer (a refetch
  // after another change to the billing periods, or the answer for the period this wizard created
  // with its first autosave, fetched while the user went on typing) would put back an older state
  // and silently drop the amounts typed since (issue 23: the number typed is the number stored).
  const [filled, setFilled] = useState<{
    billingPeriodId: string;
    values: CostsFormValues | undefined;
  } | null>(null);
  if (
    savedCosts &&
    savedCosts.billingPeriodId === wizardPeriod.billingPeriodId &&
    filled?.billingPeriodId !== savedCosts.billingPeriodId
  ) {
    const hasSavedInputs = savedCosts.updatedAt !== null && !wizardPeriod.isCreatedHere;
    setFilled({
      billingPeriodId: savedCosts.billingPeriodId,
      values: hasSavedInputs ? fromSavedCosts(savedCosts) : undefined,
    });
  }
  const savedValues =
    filled?.billingPeriodId === wizardPeriod.billingPeriodId ? filled.values : undefined;
  const form = useForm<CostsFormValues, unknown, CalculationInput>({
    resolver: mappedZodResolver(calculationInputSchema, toCalculationBody, toFormField),
    defaultValues: EMPTY_VALUES,
    values: savedValues,
    resetOptions: { keepDefaultValues: true },
  });
  // A period this wizard has just created holds nothing the form lacks: the items stay on screen
  // (no "Lade gespeicherte Kosten..." under the user's cursor while its answer is on its way).
  const isCostsLoaded =
    wizardPeriod.billingPeriodId === null
      ? !wizardPeriod.isLoading
      : wizardPeriod.isCreatedHere || filled?.billingPeriodId === wizardPeriod.billingPeriodId;
  // Decision 1620: a stored period without saved inputs starts with the fitting template (once its
  // meters are known) and the property's heating fuel; Quick-Setup stays for choosing another one.
  const { hasFeature } = useMe();
  const { startTemplate, discard: discardStartTemplate } = useStartTemplate({
    form,
    propertyType: property?.propertyType,
    heatingFuel: property?.heatingFuel,
    hasTemplates: hasFeature("quickSetupTemplates"),
    periodKey: `${property?.id ?? ""}:${wizardPeriod.period.start}:${wizardPeriod.period.end}`,
    isReady:
      step === 1 &&
      wizardPeriod.stored !== null &&
      !wizardPeriod.stored.isFinal &&
      !wizardPeriod.isCreatedHere &&
      filled?.billingPeriodId === wizardPeriod.stored.id &&
      filled.values === undefined &&
      consumption.data !== undefined,
    consumption: consumption.data,
  });
  const autosave = useCostsAutosave({
    control: form.control,
    isEnabled: Boolean(property) && isCostsLoaded && !wizardPeriod.stored?.isFinal,
    ensurePeriod: wizardPeriod.ensurePeriod,
    untouchedSerialized: startTemplate?.isUntouched ? startTemplate.untouchedSerialized : null,
  });

  const previewMutation = usePreviewStatement();
  const saveMutation = useSaveStatement();
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [calculationErrors, setCalculationErrors] = useState<string[] | null>(null);
  const [isPreparing, setIsPreparing] = useState(false);
  const isCalculating = isPreparing || previewMutation.isPending;
  const progressText = useProgressText(isCalculating);
  const [saveError, setSaveError] = useState<string | null>(null);
  // Issue 27: a save refused for missing billing data asks for them here and repeats the save.
  const [billingDataRetry, setBillingDataRetry] = useState<{
    finalize: boolean;
    prepaymentRounding: PrepaymentRoundingChoice;
    lateExcuse?: string | null;
  } | null>(null);
  const [isBillingDataOpen, setIsBillingDataOpen] = useState(false);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const [saved, setSaved] = useState<StatementSaveResult | null>(null);

  function chooseProperty(chosen: PropertyWithUnits): void {
    if (chosen.id !== propertyId) {
      form.reset(EMPTY_VALUES);
      setPreview(null);
      setCalculationErrors(null);
    }
    setPropertyId(chosen.id);
    setStep(1);
  }

  function changePeriod(next: { start: string; end: string }): void {
    wizardPeriod.setPeriod(next);
    setPreview(null);
    setCalculationErrors(null);
  }

  const calculate = form.handleSubmit(
    async (input) => {
      setCalculationErrors(null);
      setIsPreparing(true);
      let billingPeriodId: string | null = null;
      try {
        billingPeriodId = (await autosave.flush()) ?? (await wizardPeriod.ensurePeriod());
      } catch (error) {
        setCalculationErrors([
          isApiError(error) ? error.message : STATEMENT_MESSAGES.calculationFailed,
        ]);
      } finally {
        setIsPreparing(false);
      }
      if (!billingPeriodId) {
        setCalculationErrors((current) => current ?? [STATEMENT_MESSAGES.billingPeriodRequired]);
        return;
      }
      try {
        const answer = await previewMutation.mutateAsync({ billingPeriodId, ...input });
        const emptyMessage = getEmptyResultMessage(answer);
        if (emptyMessage) {
          setPreview(null);
          setCalculationErrors([emptyMessage]);
          return;
        }
        setPreview(answer);
        setSaveError(null);
        setStep(2);
        window.scrollTo({ top: 0 });
      } catch (error) {
        // docs/rules/statements.md#wizard: a failed calculation clears the preview.
        setPreview(null);
        void consumption.refetch();
        if (isApiError(error)) {
          applyServerFieldErrors(form.setError, error, (field) =>
            toFormField(field, form.getValues()),
          );
          setCalculationErrors(
            error.details.length > 0 ? error.details : [`Fehler: ${error.message}`],
          );
        } else {
          setCalculationErrors([STATEMENT_MESSAGES.calculationFailed]);
        }
      }
    },
    (errors) =>
      setCalculationErrors([
        errors.costItems?.message ??
          errors.costItems?.root?.message ??
          "Bitte prüfen Sie die markierten Eingaben.",
      ]),
  );

  /** The calculation the preview shows, as the body of the server's calls (save, the draft PDFs). */
  function calculationBody(): StatementPreviewBody | null {
    const billingPeriodId = wizardPeriod.billingPeriodId;
    const parsed = calculationInputSchema.safeParse(toCalculationBody(form.getValues()));
    return billingPeriodId && parsed.success ? { billingPeriodId, ...parsed.data } : null;
  }

  async function save(
    finalize: boolean,
    prepaymentRounding: PrepaymentRoundingChoice,
    lateExcuse?: string | null,
  ): Promise<void> {
    const billingPeriodId = wizardPeriod.billingPeriodId;
    if (!preview || !billingPeriodId) {
      setSaveError(STATEMENT_MESSAGES.noCalculation);
      return;
    }
    setSaveError(null);
    setBillingDataRetry(null);
    const parsed = calculationInputSchema.safeParse(toCalculationBody(form.getValues()));
    if (!parsed.success) {
      setSaveError(STATEMENT_MESSAGES.noCalculation);
      return;
    }
    try {
      const result = await saveMutation.mutateAsync({
        billingPeriodId,
        ...parsed.data,
        finalize,
        ...(prepaymentRounding !== undefined ? { prepaymentRounding } : {}),
        ...(lateExcuse !== undefined ? { lateExcuse } : {}),
      });
      setSaved(result);
      setStep(3);
      toast.success(finalize ? STATEMENT_MESSAGES.finalized : STATEMENT_MESSAGES.saved);
      window.setTimeout(
        () => void navigate(`/dashboard/statements/${result.id}`),
        REDIRECT_AFTER_SAVE_MS,
      );
    } catch (error) {
      if (isApiError(error) && error.isLimitReached) {
        setLimitMessage(error.message);
        return;
      }
      if (isApiError(error) && error.code === BILLING_DATA_MISSING_CODE) {
        setBillingDataRetry({ finalize, prepaymentRounding, lateExcuse });
        setIsBillingDataOpen(true);
      }
      setSaveError(
        isApiError(error)
          ? error.details.length > 0
            ? error.details.join(" ")
            : error.message
          : STATEMENT_MESSAGES.saveFailed,
      );
    }
  }

  const names = buildPreviewNames(property?.units ?? [], tenants.data ?? []);
  // Issue 23: a plan at its statement limit (or an expired trial) is said where the wizard
  // starts, not only when saving; a period with a saved run saves again without counting anew.
  const { me, canCreate, can } = useMe();
  const isNewRun = !wizardPeriod.stored?.hasStatementRun;
  const statementBlock =
    me && isNewRun && !canCreate("billingStatements")
      ? buildLimitReachedInfo(me, "billingStatements")
      : null;

  let content;
  if (me && !can("create_billing_statement")) {
    // docs/rules/statements.md#statement-permissions: the wizard needs create_billing_statement (issue 29: not viewers).
    content = <Alert variant="warning">{STATEMENT_MESSAGES.permissionDenied}</Alert>;
  } else if (step === 0 || !property) {
    content = <PropertyStep onChoose={chooseProperty} />;
  } else if (step === 1 || !preview) {
    content = (
      <FormProvider {...form}>
        <CostsStep
          property={property}
          period={wizardPeriod.period}
          onPeriodChange={changePeriod}
          existingPeriods={wizardPeriod.existing}
          isPeriodFinal={Boolean(wizardPeriod.stored?.isFinal)}
          isLoadingCosts={!isCostsLoaded}
          rates={rates.data ?? []}
          autosave={autosave.status}
          consumption={consumption.data ?? null}
          isCalculating={isCalculating}
          progressText={progressText}
          calculationErrors={calculationErrors}
          onCalculate={() => void calculate()}
          onChangeProperty={() => setStep(0)}
          startTemplate={startTemplate}
          onDiscardStartTemplate={discardStartTemplate}
        />
      </FormProvider>
    );
  } else if (step === 2 || !saved) {
    content = (
      <PreviewStep
        preview={preview}
        names={names}
        isSaving={saveMutation.isPending}
        saveError={saveError}
        onEnterBillingData={billingDataRetry ? () => setIsBillingDataOpen(true) : undefined}
        onSave={save}
        onBack={() => setStep(1)}
        calculationBody={calculationBody}
        hasSavedRun={!isNewRun}
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
      {statementBlock && !saved ? (
        <LimitReachedBanner
          title={statementBlock.title}
          message={`${statementBlock.message} Sie können Kosten erfassen und die Verteilung berechnen; speichern können Sie diese Abrechnung nach einem Upgrade.`}
          resource="billingStatements"
        />
      ) : null}
      {content}
      <BillingDataDialog
        isOpen={isBillingDataOpen}
        onOpenChange={setIsBillingDataOpen}
        onSaved={() =>
          billingDataRetry
            ? void save(
                billingDataRetry.finalize,
                billingDataRetry.prepaymentRounding,
                billingDataRetry.lateExcuse,
              )
            : undefined
        }
      />
      <LimitReachedDialog
        isOpen={limitMessage !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setLimitMessage(null))}
        message={limitMessage ?? ""}
        resource="billingStatements"
      />
    </div>
  );
}
