import { useCallback, useEffect, useRef, useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { fitTemplateToMeters, FUEL_LABELS, getRecommendedTemplateId, QUICK_SETUP_TEMPLATES, type StatementConsumption } from "@nk/contract";
import type { Fuel, MeterKind } from "@nk/engine";
import type { CalculationInput } from "./calculation-schema";
import { buildTemplateCostItem, toCostsBody, type CostsFormValues } from "./cost-form";

/** The meter kinds the period's unit meters feed (common-area meters are main meters, never distributed); null while unknown. */
export function listUnitMeterKinds(consumption: StatementConsumption | null | undefined): ReadonlySet<MeterKind> | null {
  if (!consumption) return null;
  return new Set(consumption.meters.flatMap((meter) => (meter.unitId !== null && meter.meter !== null ? [meter.meter] : [])));
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
  const [applied, setApplied] = useState<{ periodKey: string; templateName: string | null; count: number; fuelLabel: string | null; serialized: string } | null>(null);
  const handled = useRef(new Set<string>());

  useEffect(() => {
    if (!isReady || !propertyType || handled.current.has(periodKey)) return;
    handled.current.add(periodKey);
    const isTemplateApplied = hasTemplates && form.getValues("costItems").length === 0;
    const isFuelApplied = Boolean(heatingFuel) && form.getValues("co2.fuel") === "";
    if (!isTemplateApplied && !isFuelApplied) return;
    const template = QUICK_SETUP_TEMPLATES[getRecommendedTemplateId(propertyType)];
    let count = 0;
    if (isTemplateApplied) {
      const items = fitTemplateToMeters(template, listUnitMeterKinds(consumption)).filter((item) => item.isMandatory || item.isPreselected);
      form.setValue("costItems", items.map(buildTemplateCostItem));
      count = items.length;
    }
    if (isFuelApplied && heatingFuel) form.setValue("co2.fuel", heatingFuel);
    setApplied({
      periodKey,
      templateName: isTemplateApplied ? template.name : null,
      count,
      fuelLabel: isFuelApplied && heatingFuel ? FUEL_LABELS[heatingFuel] : null,
      serialized: JSON.stringify(toCostsBody(form.getValues())),
    });
  }, [isReady, propertyType, heatingFuel, hasTemplates, periodKey, consumption, form]);

  const values = useWatch({ control: form.control }) as CostsFormValues;
  const current = applied?.periodKey === periodKey ? applied : null;
  const isUntouched = current !== null && JSON.stringify(toCostsBody(values)) === current.serialized;
  const discard = useCallback(() => form.setValue("costItems", []), [form]);
  return {
    startTemplate: current
      ? { templateName: current.templateName, count: current.count, fuelLabel: current.fuelLabel, isUntouched, untouchedSerialized: current.serialized }
      : null,
    discard,
  };
}
