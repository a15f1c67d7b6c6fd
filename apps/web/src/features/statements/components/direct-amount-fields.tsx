import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { compareDecimalText, formatEuroDe, parseDecimalText, sumDirectAmounts } from "@nk/contract";
import { DecimalField } from "../../../components/decimal-field";
import { formatDate } from "../../../lib/format";
import { useTenants } from "../../../lib/queries/tenant-queries";
import type { CostsFormValues, DirectAmountValues } from "../lib/cost-form";

export interface DirectAmountFieldsProps {
  index: number;
  propertyId: string;
  period: { start: string; end: string };
  units: readonly { id: string; name: string }[];
}

/** "direct" keeps only typed numbers: text the field cannot read counts as nothing in the sum shown. */
function readAmount(text: string): string {
  return parseDecimalText(text) ?? "0";
}

/**
 * Decision 1403 (contract v1.4): the key "Direkt je Mietverhältnis" asks one amount per
 * tenancy with days in the period and one for the vacancy; they must add up to the item's
 * amount (the contract's schema says so on the field, the sum is shown as the user types).
 */
export function DirectAmountFields({ index, propertyId, period, units }: DirectAmountFieldsProps) {
  const { control, setValue, getValues, formState } = useFormContext<CostsFormValues>();
  const tenants = useTenants(propertyId, { isEnabled: Boolean(propertyId) });
  const amounts = useWatch({ control, name: `costItems.${index}.directAmounts` }) ?? [];
  const vacancy = useWatch({ control, name: `costItems.${index}.vacancyAmount` }) ?? "";
  const total = useWatch({ control, name: `costItems.${index}.amount` }) ?? "";
  const unitNames = new Map(units.map((unit) => [unit.id, unit.name]));
  const inPeriod = (tenants.data ?? [])
    .filter(
      (tenant) =>
        tenant.moveInDate <= period.end &&
        (tenant.moveOutDate === null || tenant.moveOutDate >= period.start),
    )
    .sort(
      (a, b) =>
        (unitNames.get(a.unitId) ?? "").localeCompare(unitNames.get(b.unitId) ?? "", "de") ||
        a.moveInDate.localeCompare(b.moveInDate),
    );
  const tenancyIds = inPeriod.map((tenant) => tenant.id).join(",");

  // One entry per tenancy of the period, in the list's order; typed amounts are kept.
  useEffect(() => {
    if (!tenants.data) return;
    const current = getValues(`costItems.${index}.directAmounts`) ?? [];
    const byTenancy = new Map(current.map((entry) => [entry.tenancyId, entry]));
    const next: DirectAmountValues[] =
      tenancyIds === ""
        ? []
        : tenancyIds
            .split(",")
            .map((id) => byTenancy.get(id) ?? { tenancyId: id, amount: "", laborCosts: "" });
    if (
      next.map((entry) => entry.tenancyId).join(",") !==
      current.map((entry) => entry.tenancyId).join(",")
    ) {
      setValue(`costItems.${index}.directAmounts`, next, { shouldDirty: true });
    }
  }, [tenancyIds, tenants.data, getValues, setValue, index]);

  // The contract's own rule (the schema checks the same sum on save and preview).
  const sum = sumDirectAmounts(
    amounts.map((entry) => ({ amount: readAmount(entry.amount) })),
    readAmount(vacancy),
  );
  const totalValue = parseDecimalText(total);
  const isBalanced = totalValue !== null && compareDecimalText(sum, totalValue) === 0;
  const errors = formState.errors.costItems?.[index];

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 px-3 py-3">
      <legend className="px-1 text-sm font-medium text-slate-700">
        Beträge je Mietverhältnis (EUR)
      </legend>
      {tenants.isLoading ? (
        <p className="text-sm text-slate-600">Mietverhältnisse werden geladen …</p>
      ) : null}
      {!tenants.isLoading && inPeriod.length === 0 ? (
        <p className="text-sm text-slate-600">Im Zeitraum gibt es keine Mietverhältnisse.</p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {amounts.map((entry, entryIndex) => {
          const tenant = inPeriod.find((candidate) => candidate.id === entry.tenancyId);
          if (!tenant) return null;
          const stay = `${formatDate(tenant.moveInDate > period.start ? tenant.moveInDate : period.start)} – ${formatDate(tenant.moveOutDate !== null && tenant.moveOutDate < period.end ? tenant.moveOutDate : period.end)}`;
          return (
            <DecimalField
              key={entry.tenancyId}
              label={`${unitNames.get(tenant.unitId) ?? "Wohnung"}: ${tenant.name}`}
              hint={stay}
              minDecimals={2}
              placeholder="0,00"
              error={errors?.directAmounts?.[entryIndex]?.amount?.message}
              control={control}
              name={`costItems.${index}.directAmounts.${entryIndex}.amount`}
            />
          );
        })}
        <DecimalField
          label="Leerstand (trägt der Vermieter)"
          minDecimals={2}
          placeholder="0,00"
          error={errors?.vacancyAmount?.message}
          control={control}
          name={`costItems.${index}.vacancyAmount`}
        />
      </div>
      <p className={isBalanced ? "text-sm text-slate-700" : "text-sm text-amber-800"} role="status">
        Summe {formatEuroDe(sum)}
        {totalValue !== null ? ` von ${formatEuroDe(totalValue)}` : ""}
        {totalValue !== null && !isBalanced
          ? " – die Beträge müssen den Gesamtbetrag ergeben."
          : ""}
      </p>
      {errors?.directAmounts?.message ? (
        <p className="text-sm text-red-700" role="alert">
          {errors.directAmounts.message}
        </p>
      ) : null}
    </fieldset>
  );
}
