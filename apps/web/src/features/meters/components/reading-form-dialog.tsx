import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import {
  createReadingBodySchema,
  getTodayInGermany,
  READING_DECREASE_CODE,
  READING_MESSAGES,
  type CreateReadingBody,
  type Meter,
  type Reading,
} from "@nk/contract";
import { DecimalField } from "../../../components/decimal-field";
import { usePlausibilityConfirmation } from "../../../components/plausibility-confirmation";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { useAddReading } from "../api";
import { formatDate } from "../../../lib/format";
import { findImplausibleReadingJump } from "../../../lib/plausibility";
import { formatReadingValue } from "../lib/format-reading";

/** The server's rules, and a reading date not after today in Germany (the server refuses it too). */
const readingFormSchema = createReadingBodySchema.refine(
  (reading) => reading.readingDate <= getTodayInGermany(),
  {
    path: ["readingDate"],
    message: READING_MESSAGES.futureDate,
  },
);

const FORM_ID = "reading-form";

/** The add-reading modal of the history page (docs/rules/master-data.md#validation 'Meter reading': value and date required, step 0.001). */
export function ReadingFormDialog({
  isOpen,
  onOpenChange,
  meter,
  readings,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  meter: Meter;
  /** The meter's readings, newest first: a jump over ten times the previous consumption is asked about. */
  readings: Reading[];
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Zählerstand hinzufügen</DialogTitle>
          <DialogDescription>
            Zähler {meter.meterNumber} ({meter.meterType})
          </DialogDescription>
        </DialogHeader>
        {isOpen ? (
          <ReadingForm meter={meter} readings={readings} onOpenChange={onOpenChange} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ReadingForm({
  meter,
  readings,
  onOpenChange,
}: {
  meter: Meter;
  readings: Reading[];
  onOpenChange: (isOpen: boolean) => void;
}) {
  const toast = useToast();
  const addReading = useAddReading(meter.id);
  const today = getTodayInGermany();
  const [message, setMessage] = useState<string | null>(null);
  // A lower value than before waits for the user's answer (meter replaced or rolled over).
  const [pendingDecrease, setPendingDecrease] = useState<{
    body: CreateReadingBody;
    message: string;
  } | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<
    CreateReadingBody,
    unknown,
    z.output<typeof readingFormSchema>
  >({
    resolver: zodResolver(readingFormSchema),
    defaultValues: { readingValue: "", readingDate: today, note: "" },
  });
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
      applyServerFieldErrors(setError, error);
      setMessage(text);
      toast.error(READING_MESSAGES.addFailed(text));
    }
  }

  const { confirmValues, dialog } = usePlausibilityConfirmation();

  async function save(reading: CreateReadingBody): Promise<void> {
    setMessage(null);
    // The two latest readings on or before the new date: the consumption between them is the yardstick.
    const earlier = readings.filter((row) => row.readingDate <= reading.readingDate);
    if (
      !(await confirmValues([
        findImplausibleReadingJump(String(reading.readingValue), earlier[0], earlier[1]),
      ]))
    )
      return;
    await send(reading);
  }

  return (
    <>
      <DialogBody>
        <form id={FORM_ID} className="space-y-4" onSubmit={handleSubmit(save)} noValidate>
          {message ? <Alert variant="error">{message}</Alert> : null}
          <DecimalField
            label="Zählerstand *"
            hint={
              meter.latestReading
                ? `Letzter Stand: ${formatReadingValue(meter.latestReading.readingValue)} vom ${formatDate(meter.latestReading.readingDate)}`
                : "Bis zu 3 Nachkommastellen"
            }
            error={errors.readingValue?.message}
            control={control}
            name="readingValue"
          />
          <TextField
            label="Ablesedatum *"
            type="date"
            max={today}
            error={errors.readingDate?.message}
            {...register("readingDate")}
          />
          <TextField
            label="Notiz"
            hint="Optional, z. B. „Zählerwechsel“"
            error={errors.note?.message}
            {...register("note")}
          />
        </form>
      </DialogBody>
      <DialogFooter>
        <Button
          variant="outline"
          onClick={() => onOpenChange(false)}
          disabled={addReading.isPending}
        >
          Abbrechen
        </Button>
        <Button
          type="submit"
          form={FORM_ID}
          isBusy={addReading.isPending && !pendingDecrease}
          busyText="Speichere..."
        >
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
        onConfirm={() =>
          pendingDecrease ? send({ ...pendingDecrease.body, confirmDecrease: true }) : undefined
        }
      />
      {dialog}
    </>
  );
}
