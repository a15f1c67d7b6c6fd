import { useState } from "react";
import { useForm } from "react-hook-form";
import { createReadingBodySchema, READING_DECREASE_CODE, READING_MESSAGES, type CreateReadingBody, type Meter } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Dialog, DialogBody, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { useAddReading } from "../api";
import { formatDate } from "../../../lib/format";
import { formatReadingValue, getTodayIsoDate } from "../lib/format-reading";

interface ReadingFormValues {
  readingValue: string;
  readingDate: string;
  note: string;
}

const FORM_ID = "reading-form";

/** The add-reading modal of the history page (section 5 'Meter reading': value and date required, step 0.001). */
export function ReadingFormDialog({ isOpen, onOpenChange, meter }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void; meter: Meter }) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Zählerstand hinzufügen</DialogTitle>
          <DialogDescription>
            Zähler {meter.meterNumber} ({meter.meterType})
          </DialogDescription>
        </DialogHeader>
        {isOpen ? <ReadingForm meter={meter} onOpenChange={onOpenChange} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReadingForm({ meter, onOpenChange }: { meter: Meter; onOpenChange: (isOpen: boolean) => void }) {
  const toast = useToast();
  const addReading = useAddReading(meter.id);
  const today = getTodayIsoDate();
  const [message, setMessage] = useState<string | null>(null);
  // A lower value than before waits for the user's answer (meter replaced or rolled over).
  const [pendingDecrease, setPendingDecrease] = useState<{ body: CreateReadingBody; message: string } | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ReadingFormValues>({ defaultValues: { readingValue: "", readingDate: today, note: "" } });
  const errors = formState.errors;

  async function send(body: CreateReadingBody): Promise<void> {
    try {
      await addReading.mutateAsync(body);
      toast.success(READING_MESSAGES.added);
      setPendingDecrease(null);
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error) && error.code === READING_DECREASE_CODE && !body.confirmDecrease) {
        setPendingDecrease({ body, message: error.message });
        return;
      }
      setPendingDecrease(null);
      const text = getErrorMessage(error);
      if (isApiError(error)) {
        for (const [field, fieldMessage] of Object.entries(error.fields)) setError(field as keyof ReadingFormValues, { type: "server", message: fieldMessage });
      }
      setMessage(text);
      toast.error(READING_MESSAGES.addFailed(text));
    }
  }

  async function save(values: ReadingFormValues): Promise<void> {
    setMessage(null);
    const parsed = createReadingBodySchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setError(issue.path[0] as keyof ReadingFormValues, { type: "validate", message: issue.message });
      return;
    }
    if (values.readingDate > today) {
      setError("readingDate", { type: "validate", message: READING_MESSAGES.futureDate });
      return;
    }
    await send({ readingValue: values.readingValue, readingDate: values.readingDate, note: values.note });
  }

  return (
    <>
      <DialogBody>
        <form id={FORM_ID} className="space-y-4" onSubmit={handleSubmit(save)} noValidate>
          {message ? <Alert variant="error">{message}</Alert> : null}
          <TextField
            label="Zählerstand *"
            type="number"
            inputMode="decimal"
            step="0.001"
            min="0"
            hint={meter.latestReading ? `Letzter Stand: ${formatReadingValue(meter.latestReading.readingValue)} vom ${formatDate(meter.latestReading.readingDate)}` : "Bis zu 3 Nachkommastellen"}
            error={errors.readingValue?.message}
            {...register("readingValue")}
          />
          <TextField label="Ablesedatum *" type="date" max={today} error={errors.readingDate?.message} {...register("readingDate")} />
          <TextField label="Notiz" hint="Optional, z. B. „Zählerwechsel“" error={errors.note?.message} {...register("note")} />
        </form>
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={addReading.isPending}>
          Abbrechen
        </Button>
        <Button type="submit" form={FORM_ID} isBusy={addReading.isPending && !pendingDecrease} busyText="Speichere...">
          Zählerstand speichern
        </Button>
      </DialogFooter>
      <ConfirmDialog
        isOpen={pendingDecrease !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setPendingDecrease(null))}
        title={READING_MESSAGES.decreaseQuestion}
        description={pendingDecrease?.message ?? ""}
        confirmLabel="Ja, trotzdem speichern"
        cancelLabel="Nein, Wert korrigieren"
        busyLabel="Speichere..."
        isBusy={addReading.isPending}
        onConfirm={() => (pendingDecrease ? send({ ...pendingDecrease.body, confirmDecrease: true }) : undefined)}
      />
    </>
  );
}
