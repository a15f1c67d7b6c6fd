import { useEffect, useRef, useState } from "react";
import { useForm, type UseFormReturn } from "react-hook-form";
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
import type { PrepaymentRoundingChoice } from "../components/prepayment-rounding-field";
import { useToast } from "../../../components/ui/toast";
import { isApiError } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { mappedZodResolver } from "../../../lib/form-resolver";
import { buildLimitReachedInfo } from "../../../lib/plan-access";
import { useMe } from "../../../lib/use-me";
import { useProperties } from "../../../lib/use-properties";
import { useRates } from "../../../lib/queries/rate-queries";
import { useTenants } from "../../../lib/queries/tenant-queries";
import {
  useBillingPeriodConsumption,
  useBillingPeriodCosts,
  usePreviewStatement,
  useSaveStatement,
} from "../api";
import {
  calculationInputSchema,
  toCalculationBody,
  toFormField,
  type CalculationInput,
} from "./calculation-schema";
import {
  EMPTY_ANNUAL_INFORMATION,
  EMPTY_CO2,
  EMPTY_HEATING_SHEET,
  fromSavedCosts,
  type CostsFormValues,
} from "./cost-form";
import { buildPreviewNames } from "./names";
import { useCostsAutosave } from "./use-costs-autosave";
import { useProgressText } from "./use-progress-text";
import { useStartTemplate } from "./use-start-template";
import { useWizardPeriod } from "./use-wizard-period";

// The state and steps of the new-statement wizard (docs/rules/statements.md#wizard), composed
// from the hooks below; pages/new-statement-page.tsx only renders what this returns.

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

type CostsForm = UseFormReturn<CostsFormValues, unknown, CalculationInput>;
type WizardPeriod = ReturnType<typeof useWizardPeriod>;

/** Empty results (docs/rules/statements.md#statement-messages): no units, or nothing distributed. */
function getEmptyResultMessage(preview: StatementPreview): string | null {
  if (preview.engineInput.units.length === 0)
    return "Keine Wohneinheiten vorhanden – Kostenverteilung nicht möglich.";
  if (preview.result.tenancies.length === 0 && preview.result.vacancy.length === 0)
    return "Keine Kostenverteilung ermittelt – bitte Eingaben prüfen.";
  return null;
}

/** The calculation of the form's values, as the body of the server's calls, or null while it is invalid. */
function readCalculationBody(
  form: CostsForm,
  billingPeriodId: string | null,
): StatementPreviewBody | null {
  const parsed = calculationInputSchema.safeParse(toCalculationBody(form.getValues()));
  return billingPeriodId && parsed.success ? { billingPeriodId, ...parsed.data } : null;
}

/**
 * The costs form of the period. A stored period's saved inputs fill the form once, when they
 * first arrive; a period without saved inputs keeps what was typed. Never again for the same
 * period: a later answer (a refetch after another change to the billing periods, or the answer for
 * the period this wizard created with its first autosave, fetched while the user went on typing)
 * would put back an older state and silently drop the amounts typed since (issue 23: the number
 * typed is the number stored).
 */
function useWizardCostsForm(wizardPeriod: WizardPeriod) {
  const costs = useBillingPeriodCosts(wizardPeriod.billingPeriodId);
  const savedCosts = costs.data;
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
  const isFilledForPeriod = filled?.billingPeriodId === wizardPeriod.billingPeriodId;
  const form = useForm<CostsFormValues, unknown, CalculationInput>({
    resolver: mappedZodResolver(calculationInputSchema, toCalculationBody, toFormField),
    defaultValues: EMPTY_VALUES,
    values: isFilledForPeriod ? filled.values : undefined,
    resetOptions: { keepDefaultValues: true },
  });
  // A period this wizard has just created holds nothing the form lacks: the items stay on screen
  // (no "Lade gespeicherte Kosten..." under the user's cursor while its answer is on its way).
  const isCostsLoaded =
    wizardPeriod.billingPeriodId === null
      ? !wizardPeriod.isLoading
      : wizardPeriod.isCreatedHere || isFilledForPeriod;
  /** A stored period whose saved inputs have arrived and were empty (decision 1620's start template). */
  const isStoredWithoutInputs =
    wizardPeriod.stored !== null &&
    filled?.billingPeriodId === wizardPeriod.stored.id &&
    filled.values === undefined;
  return { form, isCostsLoaded, isStoredWithoutInputs };
}

/** 'Berechnen': saves the inputs, asks the server for the preview and reports what went wrong in German. */
function useStatementCalculation({
  form,
  flushAutosave,
  wizardPeriod,
  refetchConsumption,
  onCalculated,
}: {
  form: CostsForm;
  flushAutosave: () => Promise<string | null>;
  wizardPeriod: WizardPeriod;
  refetchConsumption: () => void;
  onCalculated: () => void;
}) {
  const previewMutation = usePreviewStatement();
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [calculationErrors, setCalculationErrors] = useState<string[] | null>(null);
  const [isPreparing, setIsPreparing] = useState(false);
  const isCalculating = isPreparing || previewMutation.isPending;
  const progressText = useProgressText(isCalculating);

  const calculate = form.handleSubmit(
    async (input) => {
      setCalculationErrors(null);
      setIsPreparing(true);
      let billingPeriodId: string | null = null;
      try {
        billingPeriodId = (await flushAutosave()) ?? (await wizardPeriod.ensurePeriod());
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
        onCalculated();
      } catch (error) {
        // docs/rules/statements.md#wizard: a failed calculation clears the preview.
        setPreview(null);
        refetchConsumption();
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

  /** Forgets the preview and its messages (another property or period). */
  function clear(): void {
    setPreview(null);
    setCalculationErrors(null);
  }

  return { calculate, preview, calculationErrors, isCalculating, progressText, clear };
}

interface SaveChoice {
  finalize: boolean;
  prepaymentRounding: PrepaymentRoundingChoice;
  lateExcuse?: string | null;
}

/**
 * Saving (or finalizing) the previewed run. A plan at its limit opens 'Limit erreicht'; a save
 * refused for missing billing data asks for them and repeats the save (issue 27).
 */
function useStatementSave({
  form,
  billingPeriodId,
  preview,
  onSaved,
}: {
  form: CostsForm;
  billingPeriodId: string | null;
  preview: StatementPreview | null;
  onSaved: (saved: StatementSaveResult, finalize: boolean) => void;
}) {
  const saveMutation = useSaveStatement();
  const [saveError, setSaveError] = useState<string | null>(null);
  const [billingDataRetry, setBillingDataRetry] = useState<SaveChoice | null>(null);
  const [isBillingDataOpen, setIsBillingDataOpen] = useState(false);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const [saved, setSaved] = useState<StatementSaveResult | null>(null);

  async function save(
    finalize: boolean,
    prepaymentRounding: PrepaymentRoundingChoice,
    lateExcuse?: string | null,
  ): Promise<void> {
    if (!preview || !billingPeriodId) {
      setSaveError(STATEMENT_MESSAGES.noCalculation);
      return;
    }
    setSaveError(null);
    setBillingDataRetry(null);
    const body = readCalculationBody(form, billingPeriodId);
    if (!body) {
      setSaveError(STATEMENT_MESSAGES.noCalculation);
      return;
    }
    try {
      const result = await saveMutation.mutateAsync({
        ...body,
        finalize,
        ...(prepaymentRounding !== undefined ? { prepaymentRounding } : {}),
        ...(lateExcuse !== undefined ? { lateExcuse } : {}),
      });
      setSaved(result);
      onSaved(result, finalize);
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

  return {
    save,
    saved,
    isSaving: saveMutation.isPending,
    saveError,
    clearSaveError: () => setSaveError(null),
    /** Set while a save waits for the billing data: the preview offers to enter them. */
    canEnterBillingData: billingDataRetry !== null,
    billingDataDialog: {
      isOpen: isBillingDataOpen,
      setIsOpen: setIsBillingDataOpen,
      retry: () =>
        billingDataRetry
          ? void save(
              billingDataRetry.finalize,
              billingDataRetry.prepaymentRounding,
              billingDataRetry.lateExcuse,
            )
          : undefined,
    },
    limitMessage,
    clearLimitMessage: () => setLimitMessage(null),
  };
}

/** /dashboard/statements/new (?property=, ?from=&to=): the four steps of docs/rules/statements.md#wizard. */
export function useNewStatementWizard() {
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
  const consumption = useBillingPeriodConsumption(wizardPeriod.billingPeriodId);
  const { form, isCostsLoaded, isStoredWithoutInputs } = useWizardCostsForm(wizardPeriod);

  // Decision 1620: a stored period without saved inputs starts with the fitting template (once its
  // meters are known) and the property's heating fuel; Quick-Setup stays for choosing another one.
  const { me, canCreate, can, hasFeature } = useMe();
  const startTemplate = useStartTemplate({
    form,
    propertyType: property?.propertyType,
    heatingFuel: property?.heatingFuel,
    hasTemplates: hasFeature("quickSetupTemplates"),
    periodKey: `${property?.id ?? ""}:${wizardPeriod.period.start}:${wizardPeriod.period.end}`,
    isReady:
      step === 1 &&
      isStoredWithoutInputs &&
      !wizardPeriod.stored?.isFinal &&
      !wizardPeriod.isCreatedHere &&
      consumption.data !== undefined,
    consumption: consumption.data,
  });
  const template = startTemplate.startTemplate;
  const autosave = useCostsAutosave({
    control: form.control,
    isEnabled: Boolean(property) && isCostsLoaded && !wizardPeriod.stored?.isFinal,
    ensurePeriod: wizardPeriod.ensurePeriod,
    untouchedSerialized: template?.isUntouched ? template.untouchedSerialized : null,
  });

  const calculation = useStatementCalculation({
    form,
    flushAutosave: autosave.flush,
    wizardPeriod,
    refetchConsumption: () => void consumption.refetch(),
    onCalculated: () => {
      saving.clearSaveError();
      setStep(2);
      window.scrollTo({ top: 0 });
    },
  });
  const saving = useStatementSave({
    form,
    billingPeriodId: wizardPeriod.billingPeriodId,
    preview: calculation.preview,
    onSaved: (result, finalize) => {
      setStep(3);
      toast.success(finalize ? STATEMENT_MESSAGES.finalized : STATEMENT_MESSAGES.saved);
      window.setTimeout(
        () => void navigate(`/dashboard/statements/${result.id}`),
        REDIRECT_AFTER_SAVE_MS,
      );
    },
  });

  function chooseProperty(chosen: PropertyWithUnits): void {
    if (chosen.id !== propertyId) {
      form.reset(EMPTY_VALUES);
      calculation.clear();
    }
    setPropertyId(chosen.id);
    setStep(1);
  }

  function changePeriod(next: { start: string; end: string }): void {
    wizardPeriod.setPeriod(next);
    calculation.clear();
  }

  // Issue 23: a plan at its statement limit (or an expired trial) is said where the wizard
  // starts, not only when saving; a period with a saved run saves again without counting anew.
  const isNewRun = !wizardPeriod.stored?.hasStatementRun;
  const statementBlock =
    me && isNewRun && !canCreate("billingStatements")
      ? buildLimitReachedInfo(me, "billingStatements")
      : null;

  return {
    step,
    setStep,
    // docs/rules/statements.md#statement-permissions: the wizard needs create_billing_statement (issue 29: not viewers).
    isPermitted: !me || can("create_billing_statement"),
    property,
    chooseProperty,
    form,
    costs: {
      period: wizardPeriod.period,
      changePeriod,
      existingPeriods: wizardPeriod.existing,
      isPeriodFinal: Boolean(wizardPeriod.stored?.isFinal),
      isLoadingCosts: !isCostsLoaded,
      rates: rates.data ?? [],
      autosave: autosave.status,
      consumption: consumption.data ?? null,
      startTemplate: template,
      discardStartTemplate: startTemplate.discard,
    },
    calculation,
    /** The calculation the preview shows, as the body of the server's calls (save, the draft PDFs). */
    calculationBody: () => readCalculationBody(form, wizardPeriod.billingPeriodId),
    names: buildPreviewNames(property?.units ?? [], tenants.data ?? []),
    hasSavedRun: !isNewRun,
    saving,
    statementBlock,
  };
}
