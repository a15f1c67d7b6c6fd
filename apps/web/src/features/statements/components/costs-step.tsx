import { useState } from "react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { Calculator, Plus, WandSparkles } from "lucide-react";
import {
  getTenancyLaw,
  QUICK_SETUP_FEATURE_LABEL,
  QUICK_SETUP_MESSAGES,
  type BillingPeriod,
  type PropertyWithUnits,
  type Rate,
  type StatementConsumption,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { StickyActionBar } from "../../../components/ui/sticky-action-bar";
import { Card, CardContent } from "../../../components/ui/card";
import { UpgradeRequired } from "../../../components/upgrade-required";
import { useMe } from "../../../lib/use-me";
import { buildEmptyCostItem, buildTemplateCostItem, type CostsFormValues } from "../lib/cost-form";
import { countPeriodMonths } from "../lib/rate-matching";
import type { AutosaveStatus } from "../lib/use-costs-autosave";
import { listUnitMeterKinds, type StartTemplate } from "../lib/use-start-template";
import { Co2Fields } from "./co2-fields";
import { HeatingSheetFields } from "./heating-sheet-fields";
import { ConsumptionPanel } from "./consumption-panel";
import { CostItemCard } from "./cost-item-card";
import { PeriodFields, type PeriodValue } from "./period-fields";
import { QuickSetupDialog, type QuickSetupChoice } from "./quick-setup-dialog";

const AUTOSAVE_TEXT: Record<AutosaveStatus["kind"], string> = {
  idle: "",
  saving: "Speichere Entwurf...",
  saved: "Entwurf gespeichert",
  invalid: "Entwurf nicht gespeichert – bitte Eingaben prüfen",
  failed: "Entwurf nicht gespeichert",
};

export interface CostsStepProps {
  property: PropertyWithUnits;
  period: PeriodValue;
  onPeriodChange: (next: PeriodValue) => void;
  existingPeriods: BillingPeriod[];
  isPeriodFinal: boolean;
  isLoadingCosts: boolean;
  rates: Rate[];
  autosave: AutosaveStatus;
  consumption: StatementConsumption | null;
  isCalculating: boolean;
  progressText: string | null;
  calculationErrors: string[] | null;
  onCalculate: () => void;
  onChangeProperty: () => void;
  /** The template the wizard put in by itself (decision 1620), null when none. */
  startTemplate: StartTemplate | null;
  onDiscardStartTemplate: () => void;
}

/** Step 1 'Kosten erfassen': period, Quick-Setup, cost items, CO2 inputs, consumption, calculation. */
export function CostsStep(props: CostsStepProps) {
  const { property, period, rates } = props;
  const { control, getValues } = useFormContext<CostsFormValues>();
  const items = useFieldArray({ control, name: "costItems" });
  const { hasFeature } = useMe();
  const [isQuickSetupOpen, setIsQuickSetupOpen] = useState(false);
  const [isUpgradeShown, setIsUpgradeShown] = useState(false);
  const months = countPeriodMonths(period.start, period.end);
  const units = property.units.map((unit) => ({ id: unit.id, name: unit.name }));
  const meterKinds = listUnitMeterKinds(props.consumption);

  function openQuickSetup(): void {
    if (hasFeature("quickSetupTemplates")) setIsQuickSetupOpen(true);
    else setIsUpgradeShown(true);
  }

  function applyTemplate(choice: QuickSetupChoice): void {
    // The template the wizard put in, still untouched, is replaced by the one chosen here.
    if (props.startTemplate?.isUntouched) {
      items.replace(choice.items.map((item) => buildTemplateCostItem(item)));
      return;
    }
    const present = new Set(getValues("costItems").map((item) => item.costType));
    items.append(
      choice.items
        .filter((item) => !present.has(item.costType))
        .map((item) => buildTemplateCostItem(item)),
    );
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="space-y-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <p className="text-xs uppercase tracking-wide text-slate-500">Immobilie</p>
              <p className="font-semibold text-slate-900">{property.name}</p>
              <p className="text-sm text-slate-600">{property.address}</p>
            </div>
            <Button type="button" variant="outline" size="sm" onClick={props.onChangeProperty}>
              Andere Immobilie wählen
            </Button>
          </div>
          <PeriodFields
            value={period}
            onChange={props.onPeriodChange}
            existing={props.existingPeriods}
          />
          {props.isPeriodFinal ? (
            <Alert variant="warning">
              Die Abrechnung dieses Zeitraums ist finalisiert. Änderungen sind nur als Korrektur
              möglich.
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      <section aria-labelledby="cost-items-title" className="space-y-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="cost-items-title" className="text-lg font-semibold text-slate-900">
            Kostenpositionen
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={openQuickSetup}
              disabled={props.isLoadingCosts}
            >
              <WandSparkles className="size-4" aria-hidden="true" />
              Quick-Setup
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => items.append(buildEmptyCostItem())}
              disabled={props.isLoadingCosts}
            >
              <Plus className="size-4" aria-hidden="true" />
              Kostenposition hinzufügen
            </Button>
          </div>
        </div>
        {isUpgradeShown ? <UpgradeRequired feature={QUICK_SETUP_FEATURE_LABEL} /> : null}
        {props.startTemplate &&
        ((props.startTemplate.templateName && items.fields.length > 0) ||
          props.startTemplate.fuelLabel) ? (
          <Alert
            variant="info"
            action={
              props.startTemplate.isUntouched &&
              props.startTemplate.templateName &&
              items.fields.length > 0 ? (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={props.onDiscardStartTemplate}
                >
                  {QUICK_SETUP_MESSAGES.startTemplateDiscard}
                </Button>
              ) : undefined
            }
          >
            {[
              props.startTemplate.templateName && items.fields.length > 0
                ? QUICK_SETUP_MESSAGES.startTemplateApplied(
                    props.startTemplate.templateName,
                    props.startTemplate.count,
                  )
                : null,
              props.startTemplate.fuelLabel
                ? QUICK_SETUP_MESSAGES.startFuelApplied(props.startTemplate.fuelLabel)
                : null,
            ]
              .filter(Boolean)
              .join(" ")}
          </Alert>
        ) : null}
        {props.isLoadingCosts ? (
          <p className="text-sm text-slate-600">Lade gespeicherte Kosten...</p>
        ) : items.fields.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
            Noch keine Kostenpositionen. Fügen Sie eine hinzu oder nutzen Sie das Quick-Setup.
          </p>
        ) : (
          <ul className="space-y-4">
            {items.fields.map((field, index) => (
              <CostItemCard
                key={field.id}
                index={index}
                units={units}
                rates={rates}
                propertyId={property.id}
                period={period}
                months={months}
                law={getTenancyLaw(property.propertyType)}
                onRemove={() => items.remove(index)}
              />
            ))}
          </ul>
        )}
      </section>

      {/* Disabled until the saved inputs are in the form: they replace the form's values once, and
          a number typed before would be lost without a word (issue 23: the number typed is stored). */}
      <fieldset
        disabled={props.isLoadingCosts}
        aria-busy={props.isLoadingCosts}
        className="min-w-0 space-y-6"
      >
        <HeatingSheetFields />
        <Co2Fields />
      </fieldset>
      <ConsumptionPanel consumption={props.consumption} units={units} />

      <StickyActionBar>
        {props.calculationErrors ? (
          <Alert variant="error" title="Fehler bei der Berechnung">
            <ul className="list-disc space-y-1 pl-5">
              {props.calculationErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-500" role="status" aria-live="polite">
            {props.progressText ?? AUTOSAVE_TEXT[props.autosave.kind]}
            {props.autosave.kind === "failed" && !props.progressText
              ? `: ${props.autosave.message}`
              : ""}
          </p>
          <Button
            type="button"
            onClick={props.onCalculate}
            disabled={items.fields.length === 0 || props.isCalculating}
            isBusy={props.isCalculating}
            busyText="Berechne..."
          >
            <Calculator className="size-4" aria-hidden="true" />
            Berechnung starten
          </Button>
        </div>
      </StickyActionBar>

      <QuickSetupDialog
        key={String(isQuickSetupOpen)}
        isOpen={isQuickSetupOpen}
        onOpenChange={setIsQuickSetupOpen}
        propertyType={property.propertyType}
        totalArea={property.totalArea}
        meterKinds={meterKinds}
        onApply={applyTemplate}
      />
    </div>
  );
}
