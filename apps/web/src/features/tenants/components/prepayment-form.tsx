import { useState } from "react";
import {
  isPrepaymentOverlapping,
  listPrepaymentWarnings,
  normalizePrepaymentAmountInput,
  PREPAYMENT_MESSAGES,
  prepaymentBodySchema,
  type Prepayment,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { useCreatePrepayment, useUpdatePrepayment } from "../api";
import { getTodayInGermany } from "../../../lib/calendar-today";

interface PrepaymentFormProps {
  tenantId: string;
  /** The tenant's prepayments: the overlap check runs against the active ones before sending. */
  prepayments: Prepayment[];
  /** The prepayment being edited, or null for a new one. */
  editing: Prepayment | null;
  onDone: () => void;
}

/**
 * Monthly amount (step 0.01), valid from (default today), valid until (empty = unlimited). The
 * rules of part 2, section 5; errors as a bullet list, the > 10.000 € warning never blocks.
 */
export function PrepaymentForm({ tenantId, prepayments, editing, onDone }: PrepaymentFormProps) {
  const toast = useToast();
  const createPrepayment = useCreatePrepayment(tenantId);
  const updatePrepayment = useUpdatePrepayment(tenantId);
  const [monthlyAmount, setMonthlyAmount] = useState(editing?.monthlyAmount ?? "");
  const [validFrom, setValidFrom] = useState(editing?.validFrom ?? getTodayInGermany());
  const [validUntil, setValidUntil] = useState(editing?.validUntil ?? "");
  const [errors, setErrors] = useState<string[]>([]);
  const isSaving = createPrepayment.isPending || updatePrepayment.isPending;
  const liveWarnings = listPrepaymentWarnings(normalizePrepaymentAmountInput(monthlyAmount));

  function validate(): { monthlyAmount: string; validFrom: string; validUntil: string | null } | null {
    const parsed = prepaymentBodySchema.safeParse({ monthlyAmount, validFrom, validUntil });
    if (!parsed.success) {
      setErrors([...new Set(parsed.error.issues.map((issue) => issue.message))]);
      return null;
    }
    const isOverlapping = prepayments.some((other) => other.isActive && other.id !== editing?.id && isPrepaymentOverlapping(other, parsed.data));
    if (isOverlapping) {
      setErrors([PREPAYMENT_MESSAGES.overlap]);
      return null;
    }
    return parsed.data;
  }

  async function save(): Promise<void> {
    const body = validate();
    if (!body) return;
    setErrors([]);
    try {
      const result = editing
        ? await updatePrepayment.mutateAsync({ id: editing.id, body })
        : await createPrepayment.mutateAsync(body);
      toast.success(editing ? PREPAYMENT_MESSAGES.updated : PREPAYMENT_MESSAGES.created);
      for (const warning of result.warnings) toast.warning(warning);
      onDone();
    } catch (error) {
      if (isApiError(error) && error.hasFieldErrors) setErrors([...new Set(Object.values(error.fields))]);
      else setErrors([getErrorMessage(error, PREPAYMENT_MESSAGES.saveFailed) || PREPAYMENT_MESSAGES.saveFailed]);
    }
  }

  return (
    <div
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50/60 p-4"
      onKeyDown={(event) => {
        if (event.key === "Enter" && (event.target as HTMLElement).tagName === "INPUT") {
          event.preventDefault();
          void save();
        }
      }}
    >
      <h3 className="text-sm font-semibold text-slate-900">{editing ? "Vorauszahlung bearbeiten" : "Neue Vorauszahlung"}</h3>
      {errors.length > 0 ? (
        <ul role="alert" className="list-disc space-y-1 rounded-md border border-red-200 bg-red-50 py-3 pl-8 pr-3 text-sm text-red-800" data-testid="prepayment-errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Monatlicher Betrag (EUR) *"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          value={monthlyAmount}
          onChange={(event) => setMonthlyAmount(event.target.value)}
        />
        <TextField label="Gültig ab *" type="date" value={validFrom} onChange={(event) => setValidFrom(event.target.value)} />
        <TextField label="Gültig bis" type="date" hint="Leer = unbegrenzt" value={validUntil} onChange={(event) => setValidUntil(event.target.value)} />
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
        <Button onClick={() => void save()} isBusy={isSaving} busyText="Speichere...">
          {editing ? "Änderungen speichern" : "Vorauszahlung hinzufügen"}
        </Button>
      </div>
    </div>
  );
}
