import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2 } from "lucide-react";
import {
  formatCountDe,
  getTodayInGermany,
  OCCUPANCY_MESSAGES,
  occupancyChangeBodySchema,
  type OccupancyChange,
  type OccupancyChangeBody,
  type Tenant,
} from "@nk/contract";
import { DecimalField } from "../../../components/decimal-field";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { formatDate } from "../../../lib/format";
import { useOccupancy, useRecordOccupancyChange, useRemoveOccupancyPeriod } from "../api";

function formatPersons(persons: number): string {
  return formatCountDe(persons, "Person", "Personen");
}

/**
 * Occupants over time (tenant_attributes): the persons key weights by person-days, so a change
 * of the household is recorded from its date on. Part of the edit modal; saves on its own.
 */
export function OccupancyPanel({ tenant }: { tenant: Tenant }) {
  const headingId = useId();
  const toast = useToast();
  const periods = useOccupancy(tenant.id);
  const recordChange = useRecordOccupancyChange(tenant.id);
  const removePeriod = useRemoveOccupancyPeriod(tenant.id);
  const { register, control, handleSubmit, setError, resetField, formState } = useForm<
    OccupancyChangeBody,
    unknown,
    OccupancyChange
  >({
    resolver: zodResolver(occupancyChangeBodySchema),
    defaultValues: { persons: "", validFrom: getTodayInGermany() },
  });
  const errors = formState.errors;

  async function submitChange(body: OccupancyChange): Promise<void> {
    try {
      await recordChange.mutateAsync(body);
      resetField("persons");
      toast.success(OCCUPANCY_MESSAGES.saved);
    } catch (error) {
      if (!applyServerFieldErrors(setError, error))
        setError("root", { type: "server", message: getErrorMessage(error) });
    }
  }

  async function remove(periodId: string): Promise<void> {
    try {
      await removePeriod.mutateAsync(periodId);
      toast.success(OCCUPANCY_MESSAGES.deleted);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-200 p-4"
    >
      <div>
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Personen im Haushalt
        </h3>
        <p className="text-xs text-slate-500">
          Grundlage des Personenschlüssels (Personentage). Eine Änderung gilt ab ihrem Datum.
        </p>
      </div>
      {periods.isPending ? (
        <Spinner label="Lade Belegung..." />
      ) : periods.isError ? (
        <Alert variant="error">{getErrorMessage(periods.error)}</Alert>
      ) : periods.data.length === 0 ? (
        <p className="text-sm text-slate-500">Keine Personenzahl hinterlegt.</p>
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-md border border-slate-100"
          aria-label="Zeiträume"
        >
          {periods.data.map((period) => (
            <li
              key={period.id}
              className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
            >
              <span>
                <span className="font-medium text-slate-900">{formatPersons(period.persons)}</span>{" "}
                <span className="text-slate-500">
                  ab {formatDate(period.validFrom)}
                  {period.validUntil ? ` bis ${formatDate(period.validUntil)}` : ""}
                </span>
              </span>
              {periods.data.length > 1 ? (
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-8"
                  aria-label={`Zeitraum ab ${formatDate(period.validFrom)} entfernen`}
                  onClick={() => void remove(period.id)}
                  disabled={removePeriod.isPending}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <DecimalField
          label="Neue Personenzahl"
          error={errors.persons?.message}
          control={control}
          name="persons"
        />
        <TextField
          label="Gültig ab"
          type="date"
          error={errors.validFrom?.message}
          {...register("validFrom")}
        />
        <Button
          variant="outline"
          onClick={() => void handleSubmit(submitChange)()}
          isBusy={recordChange.isPending}
          busyText="Speichere..."
        >
          Personenzahl ändern
        </Button>
      </div>
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.message}
        </p>
      ) : null}
    </section>
  );
}
