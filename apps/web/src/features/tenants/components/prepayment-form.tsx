import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  getNextCalendarDay,
  getTodayInGermany,
  isPrepaymentOverlapping,
  listPrepaymentWarnings,
  parseDecimalText,
  PREPAYMENT_MESSAGES,
  prepaymentBodySchema,
  type Prepayment,
  type PrepaymentBody,
  type PrepaymentValues,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { DecimalField } from "../../../components/decimal-field";
import { TextField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { useCreatePrepayment, useUpdatePrepayment } from "../api";

interface PrepaymentFormProps {
  tenantId: string;
  /** The tenant's move-in date: where the first prepayment starts. */
  moveInDate: string;
  /** The tenant's prepayments: the overlap check runs against the active ones before sending. */
  prepayments: Prepayment[];
  /** The prepayment being edited, or null for a new one. */
  editing: Prepayment | null;
  onDone: () => void;
}

/**
 * Issue 27: a new prepayment starts on the move-in date while the tenant has no active one, else
 * on the day after the latest active one ends, else today (a change of the amount from now on).
 */
function suggestValidFrom(moveInDate: string, prepayments: Prepayment[]): string {
  const active = prepayments.filter((prepayment) => prepayment.isActive);
  if (active.length === 0) return moveInDate;
  const ends = active.map((prepayment) => prepayment.validUntil);
  if (ends.includes(null)) return getTodayInGermany();
  return getNextCalendarDay((ends as string[]).sort().at(-1)!);
}

/**
 * Monthly amount (step 0.01), valid from (`suggestValidFrom`), valid until (empty = unlimited). The
 * rules of docs/rules/prepayments.md#prepayment-rules; errors under their fields, the > 10.000 € warning never blocks.
 */
export function PrepaymentForm({
  tenantId,
  moveInDate,
  prepayments,
  editing,
  onDone,
}: PrepaymentFormProps) {
  const toast = useToast();
  const createPrepayment = useCreatePrepayment(tenantId);
  const updatePrepayment = useUpdatePrepayment(tenantId);
  const { register, control, handleSubmit, setError, formState } = useForm<
    PrepaymentBody,
    unknown,
    PrepaymentValues
  >({
    resolver: zodResolver(prepaymentBodySchema),
    defaultValues: {
      monthlyAmount: editing?.monthlyAmount ?? "",
      validFrom: editing?.validFrom ?? suggestValidFrom(moveInDate, prepayments),
      validUntil: editing?.validUntil ?? "",
    },
  });
  const errors = formState.errors;
  const isSaving = createPrepayment.isPending || updatePrepayment.isPending;
  const typedAmount = parseDecimalText(String(useWatch({ control, name: "monthlyAmount" }) ?? ""));
  const liveWarnings = typedAmount === null ? [] : listPrepaymentWarnings(typedAmount);

  async function save(body: PrepaymentValues): Promise<void> {
    // docs/rules/prepayments.md#prepayment-rules: an overlap with another active prepayment is refused before sending.
    const isOverlapping = prepayments.some(
      (other) => other.isActive && other.id !== editing?.id && isPrepaymentOverlapping(other, body),
    );
    if (isOverlapping) {
      setError("root", { type: "validate", message: PREPAYMENT_MESSAGES.overlap });
      return;
    }
    try {
      const result = editing
        ? await updatePrepayment.mutateAsync({ id: editing.id, body })
        : await createPrepayment.mutateAsync(body);
      toast.success(editing ? PREPAYMENT_MESSAGES.updated : PREPAYMENT_MESSAGES.created);
      for (const warning of result.warnings) toast.warning(warning);
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(setError, error))
        setError("root", {
          type: "server",
          message: getErrorMessage(error, PREPAYMENT_MESSAGES.saveFailed),
        });
    }
  }

  const submit = handleSubmit(save);
  return (
    <div
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50/60 p-4"
      onKeyDown={(event) => {
        if (event.key === "Enter" && (event.target as HTMLElement).tagName === "INPUT") {
          event.preventDefault();
          void submit();
        }
      }}
    >
      <h3 className="text-sm font-semibold text-slate-900">
        {editing ? "Vorauszahlung bearbeiten" : "Neue Vorauszahlung"}
      </h3>
      {errors.root?.message ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          data-testid="prepayment-errors"
        >
          {errors.root.message}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <DecimalField
          label="Monatlicher Betrag (EUR) *"
          minDecimals={2}
          error={errors.monthlyAmount?.message}
          control={control}
          name="monthlyAmount"
        />
        <TextField
          label="Gültig ab *"
          type="date"
          error={errors.validFrom?.message}
          {...register("validFrom")}
        />
        <TextField
          label="Gültig bis"
          type="date"
          hint="Leer = unbegrenzt"
          error={errors.validUntil?.message}
          {...register("validUntil")}
        />
      </div>
      {liveWarnings.map((warning) => (
        <Alert key={warning} variant="warning">
          {warning}
        </Alert>
      ))}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {editing ? (
          <Button variant="outline" onClick={onDone} disabled={isSaving}>
            Abbrechen
          </Button>
        ) : null}
        <Button onClick={() => void submit()} isBusy={isSaving} busyText="Speichere...">
          {editing ? "Änderungen speichern" : "Vorauszahlung hinzufügen"}
        </Button>
      </div>
    </div>
  );
}
