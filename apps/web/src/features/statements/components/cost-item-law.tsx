import { useFormContext, useWatch } from "react-hook-form";
import {
  ALLOCABILITY_MESSAGES,
  classifyCostType,
  getMeterLabel,
  withSource,
  type TenancyLaw,
} from "@nk/contract";
import {
  DISTRIBUTION_KEY_LABELS,
  isHeizkvCostType,
  isRemoteReadingMissingInPeriod,
} from "@nk/engine";
import { useMeters } from "../../../lib/queries/meter-queries";
import { Checkbox } from "../../../components/ui/checkbox";
import { TextField } from "../../../components/ui/field";
import type { CostsFormValues } from "../lib/cost-form";

/**
 * What the law says about one cost item (issue 24, items 11 and 15; decisions 1062 and 1064): costs that
 * may not be charged are named with the reason (the server refuses them), costs that need an
 * agreement ask for the lease clause, cable fees say up to which day they count, and heating
 * or hot water not distributed by consumption offers the tenant's 15 % cut up front. Issue 30
 * (docs/rules/heating.md#remote-reading): where the property's heating or hot-water meters lack
 * the remote reading § 5 HeizkV required during the period, heating and hot water warn and offer
 * the 3 % cut of § 12 (1) HeizkV the same way (one cut per item).
 */
export function CostItemLaw({
  index,
  law,
  period,
  propertyId,
}: {
  index: number;
  law: TenancyLaw;
  period: { start: string; end: string };
  propertyId: string;
}) {
  const { register, control, formState } = useFormContext<CostsFormValues>();
  const item = useWatch({ control, name: `costItems.${index}` });
  const errors = formState.errors.costItems?.[index];
  const meters = useMeters(propertyId);
  if (!item.costType) return null;
  const isHeating = isHeizkvCostType(item.costType);
  const metersLacking = isHeating
    ? (meters.data ?? []).filter((meter) => isRemoteReadingMissingInPeriod(meter, period.end))
    : [];
  const verdict = classifyCostType(item.costType, law, period);
  const isHeatingNotByConsumption =
    isHeating && (item.key === "area" || item.key === "persons" || item.key === "units");
  return (
    <>
      {verdict.status === "notAllocable" ? (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <p className="font-medium">
            {ALLOCABILITY_MESSAGES.notAllocable(item.costType, law, verdict.reason, verdict.source)}
          </p>
          <p className="mt-1">Bitte entfernen Sie diese Position; die Berechnung lehnt sie ab.</p>
        </div>
      ) : null}
      {verdict.allocableUntil ? (
        <p
          role="status"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {withSource(verdict.reason, verdict.source)}
        </p>
      ) : null}
      {verdict.needsConfirmation ? (
        <div className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2">
          <p className="text-sm text-amber-900">{withSource(verdict.reason, verdict.source)}</p>
          <TextField
            label={`${ALLOCABILITY_MESSAGES.label} *`}
            hint={ALLOCABILITY_MESSAGES.hint}
            placeholder="Mietvertrag § 4 Abs. 2"
            error={errors?.allocationNote?.message}
            {...register(`costItems.${index}.allocationNote`)}
          />
        </div>
      ) : null}
      {isHeatingNotByConsumption ? (
        <div className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2">
          <p className="text-sm text-amber-900">
            {item.costType} wird nach{" "}
            {DISTRIBUTION_KEY_LABELS[item.key as "area" | "persons" | "units"]} verteilt, nicht nach
            Verbrauch. Die Heizkostenverordnung verlangt die Verteilung nach Verbrauch (Schlüssel
            „Grund- und Verbrauchskosten“); sonst darf jeder Mieter seinen Anteil um 15 % kürzen (§
            12 Abs. 1 HeizkV).
          </p>
          <Checkbox
            label="Kürzung um 15 % gleich in der Abrechnung abziehen (trägt der Vermieter)"
            hint="Die Briefe zeigen den Anteil vor und nach der Kürzung; ohne diese Wahl weisen sie die Mieter auf ihr Kürzungsrecht hin."
            {...register(`costItems.${index}.heizkvReduction`)}
          />
        </div>
      ) : null}
      {/* A cut chosen earlier stays visible (and can be undone) after the meters were fixed. */}
      {isHeating &&
      item.key !== "direct" &&
      (metersLacking.length > 0 || item.heizkvRemoteReadingCut) ? (
        <div
          role="alert"
          className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2"
          data-testid="remote-reading-warning"
        >
          {metersLacking.length > 0 ? (
            <p className="text-sm text-amber-900">
              Im Abrechnungszeitraum waren{" "}
              {metersLacking.length === 1 ? "ein Zähler" : `${metersLacking.length} Zähler`} für
              Heizung oder Warmwasser nicht fernablesbar, obwohl die Heizkostenverordnung es
              verlangt ({metersLacking.map((meter) => getMeterLabel(meter)).join(", ")}; § 5
              HeizkV). Jeder Mieter darf seinen Anteil an {item.costType} deshalb um 3 % kürzen (§
              12 Abs. 1 HeizkV).
            </p>
          ) : (
            <p className="text-sm text-amber-900">
              Alle Zähler für Heizung und Warmwasser waren im Abrechnungszeitraum fernablesbar wie
              vorgeschrieben.
            </p>
          )}
          {item.heizkvReduction ? (
            <p className="text-sm text-amber-900">
              Die Kürzung um 15 % ist gewählt; beide Kürzungen zusammen bietet die Abrechnung nicht
              an.
            </p>
          ) : (
            <Checkbox
              label="Kürzung um 3 % gleich in der Abrechnung abziehen (trägt der Vermieter)"
              hint="Die Briefe zeigen den Anteil vor und nach der Kürzung."
              error={errors?.heizkvRemoteReadingCut?.message}
              {...register(`costItems.${index}.heizkvRemoteReadingCut`)}
            />
          )}
        </div>
      ) : null}
    </>
  );
}
