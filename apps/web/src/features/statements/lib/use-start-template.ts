import { useCallback, useEffect, useRef, useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { fitTemplateToMeters, getRecommendedTemplateId, QUICK_SETUP_TEMPLATES, type StatementConsumption } from "@nk/contract";
import type { MeterKind } from "@nk/engine";
import type { CalculationInput } from "./calculation-schema";
import { buildTemplateCostItem, toCostsBody, type CostsFormValues } from "./cost-form";

/** The meter kinds the period's unit meters feed (common-area meters are main meters, never distributed); null while unknown. */
export function listUnitMeterKinds(consumption: StatementConsumption | null | undefined): ReadonlySet<MeterKind> | null {
  if (!consumption) return null;
  return new Set(consumption.meters.flatMap((meter) => (meter.unitId !== null && meter.meter !== null ? [meter.meter] : [])));
}

export interface StartTemplate {
  templateName: string;
  count: number;
  /** The form still holds the template exactly as put in: nothing typed, nothing to save. */
  isUntouched: boolean;
  /** What the untouched template serializes to: the autosave leaves it unsaved (not a draft yet). */
  untouchedSerialized: string;
}

/**
 * Decision 1620 (issue 27): a stored period without saved cost items starts with the template the
 * property type recommends, fitted to the period's meters (`fitTemplateToMeters`, as Quick-Setup
 * preselects it) and without amounts, so the invoice amounts are typed at once instead of choosing
 * the template first. Once per period; never over items the form already holds.
 */
export function useStartTemplate({
  form,
  propertyType,
  periodKey,
  isReady,
  consumption,
}: {
  form: UseFormReturn<CostsFormValues, unknown, CalculationInput>;
  propertyType: string | undefined;
  periodKey: string;
  /** True once the stored period is known to have no saved inputs and its meters are loaded. */
  isReady: boolean;
  consumption: StatementConsumption | null | undefined;
}): { startTemplate: StartTemplate | null; discard: () => void } {
  const [applied, setApplied] = useState<{ periodKey: string; templateName: string; count: number; serialized: string } | null>(null);
  const handled = useRef(new Set<string>());

  useEffect(() => {
    if (!isReady || !propertyType || handled.current.has(periodKey)) return;
    handled.current.add(periodKey);
    if (form.getValues("costItems").length > 0) return;
    const template = QUICK_SETUP_TEMPLATES[getRecommendedTemplateId(propertyType)];
    const items = fitTemplateToMeters(template, listUnitMeterKinds(consumption)).filter((item) => item.isMandatory || item.isPreselected);
    form.setValue("costItems", items.map(buildTemplateCostItem));
    setApplied({ periodKey, templateName: template.name, count: items.length, serialized: JSON.stringify(toCostsBody(form.getValues())) });
  }, [isReady, propertyType, periodKey, consumption, form]);

  const values = useWatch({ control: form.control }) as CostsFormValues;
  const current = applied?.periodKey === periodKey ? applied : null;
  const isUntouched = current !== null && JSON.stringify(toCostsBody(values)) === current.serialized;
  const discard = useCallback(() => form.setValue("costItems", []), [form]);
  return {
    startTemplate: current ? { templateName: current.templateName, count: current.count, isUntouched, untouchedSerialized: current.serialized } : null,
    discard,
  };
}
