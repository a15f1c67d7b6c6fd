import { useCallback, useEffect, useRef, useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import {
  fitTemplateToMeters,
  FUEL_LABELS,
  getRecommendedTemplateId,
  QUICK_SETUP_TEMPLATES,
  type StatementConsumption,
} from "@nk/contract";
import type { Fuel, MeterKind } from "@nk/engine";
import type { CalculationInput } from "./calculation-schema";
import {
  buildTemplateCostItem,
  toCostsBody,
  type CostItemValues,
  type CostsFormValues,
} from "./cost-form";

/** The meter kinds the period's unit meters feed (common-area meters are main meters, never distributed); null while unknown. */
export function listUnitMeterKinds(
  consumption: StatementConsumption | null | undefined,
): ReadonlySet<MeterKind> | null {
  if (!consumption) return null;
  return new Set(
    consumption.meters.flatMap((meter) =>
      meter.unitId !== null && meter.meter !== null ? [meter.meter] : [],
    ),
  );
}

export interface StartTemplate {
  /** The template put in, null without the Quick-Setup feature. */
  templateName: string | null;
  count: number;
  /** The property's heating fuel put into the CO2 inputs (its German name), null when none. */
  fuelLabel: string | null;
  /** The form still holds the template exactly as put in: nothing typed, nothing to save. */
  isUntouched: boolean;
  /** What the untouched template serializes to: the autosave leaves it unsaved (not a draft yet). */
  untouchedSerialized: string;
}

interface StartPlan {
  templateName: string | null;
  /** The template's items, null when the form keeps its own. */
  costItems: CostItemValues[] | null;
  fuel: Fuel | null;
  serialized: string;
}

/** What the form starts with: the fitted template where it has no items, the fuel where it has none; null: nothing. */
export function planStart(
  current: CostsFormValues,
  propertyType: string,
  heatingFuel: Fuel | null | undefined,
  hasTemplates: boolean,
  consumption: StatementConsumption | null | undefined,
): StartPlan | null {
  const template = QUICK_SETUP_TEMPLATES[getRecommendedTemplateId(propertyType)];
  const costItems =
    hasTemplates && current.costItems.length === 0
      ? fitTemplateToMeters(template, listUnitMeterKinds(consumption))
          .filter((item) => item.isMandatory || item.isPreselected)
          .map(buildTemplateCostItem)
      : null;
  const fuel = heatingFuel && current.co2.fuel === "" ? heatingFuel : null;
  if (!costItems && !fuel) return null;
  const next: CostsFormValues = {
    ...current,
    costItems: costItems ?? current.costItems,
    co2: { ...current.co2, fuel: fuel ?? current.co2.fuel },
  };
  return {
    templateName: costItems ? template.name : null,
    costItems,
    fuel,
    serialized: JSON.stringify(toCostsBody(next)),
  };
}

/**
 * Decision 1620 (issue 27): a stored period without saved cost items starts with the template the
 * property type recommends, fitted to the period's meters (`fitTemplateToMeters`, as Quick-Setup
 * preselects it) and without amounts, so the invoice amounts are typed at once instead of choosing
 * the template first; the property's heating fuel goes into the CO2 inputs. Once per period; never
 * over items or a fuel the form already holds.
 */
export function useStartTemplate({
  form,
  propertyType,
  heatingFuel,
  hasTemplates,
  periodKey,
  isReady,
  consumption,
}: {
  form: UseFormReturn<CostsFormValues, unknown, CalculationInput>;
  propertyType: string | undefined;
  heatingFuel: Fuel | null | undefined;
  /** The plan has Quick-Setup templates. */
  hasTemplates: boolean;
  periodKey: string;
  /** True once the stored period is known to have no saved inputs and its meters are loaded. */
  isReady: boolean;
  consumption: StatementConsumption | null | undefined;
}): { startTemplate: StartTemplate | null; discard: () => void } {
  // Decided during render once per period (the values the form gets, and what they serialize to),
  // written into the form by the effect below.
  const [decided, setDecided] = useState<{ periodKey: string; plan: StartPlan | null } | null>(
    null,
  );
  const written = useRef(new Set<string>());
  if (isReady && propertyType && decided?.periodKey !== periodKey) {
    setDecided({
      periodKey,
      plan: planStart(form.getValues(), propertyType, heatingFuel, hasTemplates, consumption),
    });
  }
  const plan = decided?.periodKey === periodKey ? decided.plan : null;

  useEffect(() => {
    if (!plan || written.current.has(periodKey)) return;
    written.current.add(periodKey);
    if (plan.costItems) form.setValue("costItems", plan.costItems);
    if (plan.fuel) form.setValue("co2.fuel", plan.fuel);
  }, [plan, periodKey, form]);

  const values = useWatch({ control: form.control }) as CostsFormValues;
  const isUntouched = plan !== null && JSON.stringify(toCostsBody(values)) === plan.serialized;
  const discard = useCallback(() => form.setValue("costItems", []), [form]);
  return {
    startTemplate: plan
      ? {
          templateName: plan.templateName,
          count: plan.costItems?.length ?? 0,
          fuelLabel: plan.fuel ? FUEL_LABELS[plan.fuel] : null,
          isUntouched,
          untouchedSerialized: plan.serialized,
        }
      : null,
    discard,
  };
}
