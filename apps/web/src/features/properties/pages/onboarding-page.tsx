import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { Link, useNavigate } from "react-router";
import { ChevronLeft, ChevronRight, X } from "lucide-react";
import {
  PROPERTY_MESSAGES,
  onboardingBodySchema,
  wizardPropertySchema,
  type OnboardingValues,
  type PropertyCreateValues,
} from "@nk/contract";
import { BrandLogo } from "../../../components/brand-logo";
import { LimitReachedBanner } from "../../../components/limit-reached";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { withToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import {
  buildLimitReachedInfo,
  getResourceLimit,
  getResourceUsage,
} from "../../../lib/plan-access";
import { useMe } from "../../../lib/use-me";
import { useOnboarding } from "../api";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import {
  EMPTY_PROPERTY_FIELDS,
  PropertyFields,
  type PropertyFieldValues,
} from "../components/property-fields";
import { NEW_UNIT_FIELDS } from "../components/unit-fields";
import { WizardSteps } from "../components/wizard/wizard-steps";
import { WizardSummary } from "../components/wizard/wizard-summary";
import { usePlausibilityConfirmation } from "../../../components/plausibility-confirmation";
import { findImplausibleArea } from "../../../lib/plausibility";
import {
  WizardUnitsStep,
  type WizardUnitsOutput,
  type WizardUnitsValues,
} from "../components/wizard/wizard-units-step";

const wizardUnitsSchema = z.object({ units: onboardingBodySchema.shape.units });

const STEP_TEXTS = {
  1: { title: "Immobilie", description: "Name, Adresse und Art der Immobilie." },
  2: { title: "Wohneinheiten", description: "Die Wohnungen mit Fläche und Personenzahl." },
  3: { title: "Zusammenfassung", description: "Prüfen Sie Ihre Angaben und speichern Sie." },
} as const;

type Step = keyof typeof STEP_TEXTS;

/** /onboarding and /dashboard/onboarding (docs/rules/master-data.md#setup-wizard): property, units, summary, save. */
export function OnboardingPage() {
  const navigate = useNavigate();
  const { me, canCreate } = useMe();
  const onboarding = useOnboarding();
  const [step, setStep] = useState<Step>(1);
  const [summary, setSummary] = useState<OnboardingValues | null>(null);
  const [failure, setFailure] = useState<{ message: string; isLimit: boolean } | null>(null);

  const propertyForm = useForm<PropertyFieldValues, unknown, PropertyCreateValues>({
    resolver: zodResolver(wizardPropertySchema),
    defaultValues: EMPTY_PROPERTY_FIELDS,
    mode: "onTouched",
  });
  const unitsForm = useForm<WizardUnitsValues, unknown, WizardUnitsOutput>({
    resolver: zodResolver(wizardUnitsSchema),
    defaultValues: { units: [{ ...NEW_UNIT_FIELDS }] },
    mode: "onTouched",
  });

  const isPropertyLimitReached = me !== undefined && !canCreate("properties");
  const unitLimit = me ? getResourceLimit(me, "units") : 0;
  // docs/rules/master-data.md#validation: while usage is unknown nothing can be created; -1 means unlimited.
  const remainingUnits = !me
    ? 0
    : unitLimit === -1
      ? Number.POSITIVE_INFINITY
      : Math.max(0, unitLimit - getResourceUsage(me, "units"));
  const unitLimitMessage = me ? buildLimitReachedInfo(me, "units").message : "";

  // Next is possible only after the step's validation passes (docs/rules/master-data.md#screens).
  const goToUnits = propertyForm.handleSubmit((property) => {
    setSummary((current) => ({ property, units: current?.units ?? [] }));
    setStep(2);
  });
  const { confirmValues, dialog: plausibilityDialog } = usePlausibilityConfirmation();
  const goToSummary = unitsForm.handleSubmit(async ({ units }) => {
    if (!(await confirmValues(units.map((unit) => findImplausibleArea(unit.area, unit.name)))))
      return;
    setSummary((current) => (current ? { ...current, units } : current));
    setStep(3);
  });

  async function save() {
    if (!summary) return;
    setFailure(null);
    try {
      const property = await onboarding.mutateAsync(summary);
      await navigate("/dashboard/properties", {
        state: withToast("success", PROPERTY_MESSAGES.createdByWizard, {
          selectedPropertyId: property.id,
        }),
      });
    } catch (error) {
      applyServerFieldErrors(propertyForm.setError, error, (field) =>
        field.startsWith("property.") ? field.slice("property.".length) : null,
      );
      applyServerFieldErrors(unitsForm.setError, error, (field) =>
        field.startsWith("units") ? field : null,
      );
      setFailure({
        message: getErrorMessage(error, PROPERTY_MESSAGES.wizardSaveFailed),
        isLimit: isApiError(error) && error.isLimitReached,
      });
    }
  }

  const texts = STEP_TEXTS[step];

  return (
    <div className="min-h-dvh bg-slate-50">
      <title>Einrichtungsassistent – Nebenkosten</title>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <BrandLogo to="/dashboard" isCompact />
            <h1 className="truncate text-lg font-semibold text-slate-900">Einrichtungsassistent</h1>
          </div>
          <Link to="/dashboard" className={buttonStyles({ variant: "ghost", size: "sm" })}>
            <X className="size-4" aria-hidden="true" />
            Schließen
          </Link>
        </div>
      </header>

      <main className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
        <WizardSteps current={step} />

        {me && isPropertyLimitReached ? (
          <LimitReachedBanner {...buildLimitReachedInfo(me, "properties")} resource="properties" />
        ) : null}
        {failure ? (
          failure.isLimit ? (
            <LimitReachedBanner message={failure.message} />
          ) : (
            <Alert variant="error">{failure.message}</Alert>
          )
        ) : null}

        <Card>
          <CardHeader>
            <CardTitle>
              Schritt {step}: {texts.title}
            </CardTitle>
            <CardDescription>{texts.description}</CardDescription>
          </CardHeader>
          <CardContent className="py-5">
            {step === 1 ? (
              <form id="wizard-step" onSubmit={(event) => void goToUnits(event)} noValidate>
                <PropertyFields form={propertyForm} />
              </form>
            ) : null}
            {step === 2 ? (
              <form id="wizard-step" onSubmit={(event) => void goToSummary(event)} noValidate>
                <WizardUnitsStep
                  form={unitsForm}
                  remainingUnits={remainingUnits}
                  limitMessage={unitLimitMessage}
                />
              </form>
            ) : null}
            {step === 3 && summary ? <WizardSummary values={summary} /> : null}
          </CardContent>
          <CardFooter className="justify-between">
            {step > 1 ? (
              <Button
                variant="outline"
                onClick={() => setStep((step - 1) as Step)}
                disabled={onboarding.isPending}
              >
                <ChevronLeft className="size-4" aria-hidden="true" />
                Zurück
              </Button>
            ) : (
              <span />
            )}
            {step < 3 ? (
              <Button type="submit" form="wizard-step" disabled={!me || isPropertyLimitReached}>
                Weiter
                <ChevronRight className="size-4" aria-hidden="true" />
              </Button>
            ) : (
              <Button
                onClick={() => void save()}
                disabled={!me || isPropertyLimitReached}
                isBusy={onboarding.isPending}
                busyText="Speichere..."
              >
                Speichern
              </Button>
            )}
          </CardFooter>
        </Card>
      </main>
      {plausibilityDialog}
    </div>
  );
}
