import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import {
  formatCalendarDateDe,
  METERING_EXPORT_PART_LABELS,
  METERING_EXPORT_PARTS,
  meteringExportQuerySchema,
  type MeteringExportPart,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { ApiError, getErrorMessage } from "../../../lib/api-error";
import { downloadFile } from "../../../lib/download-file";
import { useBillingPeriods } from "../../../lib/queries/billing-period-queries";
import { useMeteringFirmNumbers, useSaveMeteringFirmNumbers } from "../api";

// Issue 28, item 2 (decision 1600): the files the metering company needs from the manager, in
// its ARGE Heiwako format: the property's users (L/M) and the fuel and costs (B/K). The numbers
// the firm gave the customer and the property go with every record; the Liegenschaftsnummer
// is known after the first import of the firm's results. Both are remembered per property
// (decision 1701): the form shows them, and numbers changed here are saved with the download.

const FILE_PREFIXES: Record<MeteringExportPart, string> = {
  users: "DTM",
  costs: "DTK",
  mapping: "DTA",
};

const formSchema = meteringExportQuerySchema.omit({ part: true }).extend({
  billingPeriodId: z.string().min(1, "Bitte den Abrechnungszeitraum wählen."),
});
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

export function MeteringExport() {
  const periods = useBillingPeriods();
  const [busyPart, setBusyPart] = useState<MeteringExportPart | null>(null);
  const [message, setMessage] = useState<{ isError: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, dirtyFields },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { billingPeriodId: "", customerNumber: "", propertyNumber: "" },
  });
  const periodId = useWatch({ control, name: "billingPeriodId" });
  const numbers = useMeteringFirmNumbers(periodId);
  const saveNumbers = useSaveMeteringFirmNumbers();
  const stored = numbers.data;
  // The numbers remembered for the chosen period's property fill the form; a field the user
  // typed in already keeps what was typed (the answer may come after the typing).
  useEffect(() => {
    if (!stored) return;
    if (!dirtyFields.customerNumber) setValue("customerNumber", stored.customerNumber ?? "");
    if (!dirtyFields.propertyNumber) setValue("propertyNumber", stored.propertyNumber ?? "");
    // Only when the numbers arrive: typing must not bring them back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored, setValue]);

  /** Numbers typed differently from the remembered ones are saved for the property first. */
  async function rememberNumbers(values: FormValues): Promise<void> {
    if (values.customerNumber === null) return;
    const propertyNumber =
      values.propertyNumber === null ? null : values.propertyNumber.padStart(9, "0");
    if (
      stored &&
      stored.customerNumber === values.customerNumber &&
      stored.propertyNumber === propertyNumber
    )
      return;
    try {
      await saveNumbers.mutateAsync({
        billingPeriodId: values.billingPeriodId,
        body: { customerNumber: values.customerNumber, propertyNumber },
      });
    } catch (error) {
      // A member who may not change master data still downloads with the numbers typed.
      if (!(error instanceof ApiError && error.status === 403)) throw error;
    }
  }

  const download = (part: MeteringExportPart) =>
    handleSubmit(async (values) => {
      setBusyPart(part);
      setMessage(null);
      const query = new URLSearchParams({
        part,
        ...(values.customerNumber ? { customerNumber: values.customerNumber } : {}),
        ...(values.propertyNumber ? { propertyNumber: values.propertyNumber } : {}),
      });
      try {
        await rememberNumbers(values);
        const fileName = await downloadFile(
          `/api/billing-periods/${values.billingPeriodId}/metering-export?${query.toString()}`,
          `${FILE_PREFIXES[part]}305.DAT`,
          { accept: "text/plain" },
        );
        setMessage({ isError: false, text: `„${fileName}“ wurde heruntergeladen.` });
      } catch (error) {
        setMessage({ isError: true, text: getErrorMessage(error) });
      } finally {
        setBusyPart(null);
      }
    });

  return (
    <section
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      aria-labelledby="metering-export-title"
    >
      <div>
        <h2 id="metering-export-title" className="font-semibold text-slate-900">
          Export: Daten für den Messdienst
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Dateien im ARGE-Heiwako-Format für die Heizkostenabrechnung: Nutzer mit Ein- und Auszug,
          Leerstand, Personen und Vorauszahlungen (DTM305_….DAT) sowie Brennstoff mit Beständen und
          Rechnungen mit Anteilen nach § 35a EStG (DTK305_….DAT); dazu die Zuordnung Ihrer Wohnungen
          zu den Nummern des Messdienstes (DTA305_….DAT).
        </p>
      </div>
      <form
        className="grid grid-cols-1 gap-4 sm:grid-cols-3"
        noValidate
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField
          label="Abrechnungszeitraum"
          placeholder="Bitte wählen"
          fieldClassName="sm:col-span-3"
          error={errors.billingPeriodId?.message}
          options={(periods.data ?? []).map((entry) => ({
            value: entry.id,
            label: `${entry.propertyName} · ${formatCalendarDateDe(entry.billingPeriodStart)} – ${formatCalendarDateDe(entry.billingPeriodEnd)}`,
          }))}
          {...register("billingPeriodId")}
        />
        <TextField
          label="Kundennummer beim Messdienst"
          hint="Wird für die Immobilie gemerkt."
          inputMode="numeric"
          error={errors.customerNumber?.message}
          {...register("customerNumber")}
        />
        <TextField
          label="Liegenschaftsnummer"
          hint={
            stored?.propertyNumberFromImport
              ? `Leer lassen für die aus dem Import bekannte Nummer ${stored.propertyNumberFromImport}.`
              : "Leer lassen, wenn die Ergebnisse des Messdienstes schon importiert wurden."
          }
          inputMode="numeric"
          fieldClassName="sm:col-span-2"
          error={errors.propertyNumber?.message}
          {...register("propertyNumber")}
        />
        <div className="flex flex-wrap gap-3 sm:col-span-3">
          {METERING_EXPORT_PARTS.map((part) => (
            <Button
              key={part}
              type="button"
              variant="outline"
              onClick={() => void download(part)()}
              isBusy={busyPart === part}
              busyText="Datei wird erstellt …"
              disabled={busyPart !== null}
            >
              {METERING_EXPORT_PART_LABELS[part]} herunterladen
            </Button>
          ))}
        </div>
      </form>
      {message ? (
        <Alert
          variant={message.isError ? "error" : "success"}
          title={message.isError ? "Die Datei kann nicht erstellt werden" : undefined}
        >
          {message.text}
        </Alert>
      ) : null}
    </section>
  );
}
