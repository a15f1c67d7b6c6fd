import { formatCalendarDateDe, type BillingPeriod } from "@nk/contract";
import { SelectField } from "../../../components/ui/field";

/** The open billing periods an import goes into: "Property · 01.01.2026 – 31.12.2026". */
export function PeriodSelect({
  periods,
  value,
  onChange,
}: {
  periods: readonly BillingPeriod[];
  value: string;
  onChange: (billingPeriodId: string) => void;
}) {
  return (
    <SelectField
      label="Abrechnungszeitraum"
      placeholder="Bitte wählen"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={periods.map((entry) => ({
        value: entry.id,
        label: `${entry.propertyName} · ${formatCalendarDateDe(entry.billingPeriodStart)} – ${formatCalendarDateDe(entry.billingPeriodEnd)}`,
      }))}
    />
  );
}
