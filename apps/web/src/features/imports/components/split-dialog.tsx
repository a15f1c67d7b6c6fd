import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import {
  BANK_IMPORT_MESSAGES,
  bookingPartSchema,
  compareDecimalText,
  formatEuroDe,
  MAX_BOOKING_PARTS,
  subtractDecimalText,
  sumBookingParts,
  type BankBookingRow,
  type BookingPart,
} from "@nk/contract";
import { DecimalField } from "../../../components/decimal-field";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/field";
import { SimpleDialog } from "../../../components/ui/dialog";

// Splits one booking over several cost types (a utility's bill for water and sewage, a
// municipality's for property tax, waste and street cleaning): the parts must add up to the
// booking to the cent.

function buildSchema(total: string) {
  return z
    .object({ parts: z.array(bookingPartSchema).min(1).max(MAX_BOOKING_PARTS) })
    .superRefine((value, ctx) => {
      const complete = value.parts.every((part) => bookingPartSchema.safeParse(part).success);
      if (complete && compareDecimalText(sumBookingParts(value.parts), total) !== 0) {
        ctx.addIssue({
          code: "custom",
          path: ["parts"],
          message: BANK_IMPORT_MESSAGES.partsSumMismatch(
            formatEuroDe(sumBookingParts(value.parts)),
            formatEuroDe(total),
          ),
        });
      }
    });
}

type SplitSchema = ReturnType<typeof buildSchema>;

function remainderOf(parts: readonly { amount: string | number }[], total: string): string {
  const typed = parts
    .map((part) => String(part.amount))
    .filter((amount) => /^\d+(\.\d+)?$/.test(amount));
  return subtractDecimalText(
    total,
    typed.length > 0 ? sumBookingParts(typed.map((amount) => ({ amount }))) : "0",
    2,
  );
}

export function SplitDialog({
  row,
  initialParts,
  costTypeOptions,
  onSave,
  onClose,
}: {
  row: BankBookingRow;
  initialParts: BookingPart[];
  costTypeOptions: { value: string; label: string }[];
  onSave: (parts: BookingPart[]) => void;
  onClose: () => void;
}) {
  const total = row.amount ?? "0";
  const form = useForm<z.input<SplitSchema>, unknown, z.output<SplitSchema>>({
    resolver: zodResolver(buildSchema(total)),
    defaultValues: {
      parts:
        initialParts.length > 1
          ? initialParts
          : [
              { costType: initialParts[0]?.costType ?? "", amount: total },
              { costType: "", amount: "" },
            ],
    },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "parts" });
  const parts = useWatch({ control: form.control, name: "parts" });
  const remainder = remainderOf(parts, total);
  const errors = form.formState.errors.parts;
  const formId = `split-${row.row}`;

  return (
    <SimpleDialog
      isOpen
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      title="Buchung aufteilen"
      description={`${row.counterpartyName ?? "Buchung"} · ${formatEuroDe(total)}`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Abbrechen
          </Button>
          <Button type="submit" form={formId}>
            Aufteilung übernehmen
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((values) => onSave(values.parts))}
      >
        {fields.map((field, index) => (
          <div key={field.id} className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
            <SelectField
              label={`Kostenart ${index + 1}`}
              placeholder="Bitte wählen"
              options={costTypeOptions}
              error={errors?.[index]?.costType?.message}
              reserveMessageSpace
              {...form.register(`parts.${index}.costType`)}
            />
            <DecimalField
              control={form.control}
              name={`parts.${index}.amount`}
              label={`Betrag ${index + 1} (€)`}
              minDecimals={2}
              error={errors?.[index]?.amount?.message}
              reserveMessageSpace
            />
            <Button
              variant="ghost"
              className="sm:mt-6"
              disabled={fields.length <= 1}
              onClick={() => remove(index)}
              aria-label={`Teil ${index + 1} entfernen`}
            >
              Entfernen
            </Button>
          </div>
        ))}
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <Button
            variant="outline"
            size="sm"
            disabled={fields.length >= MAX_BOOKING_PARTS}
            onClick={() =>
              append({
                costType: "",
                amount: compareDecimalText(remainder, "0") > 0 ? remainder : "",
              })
            }
          >
            Teil hinzufügen
          </Button>
          <span
            className={
              compareDecimalText(remainder, "0") === 0 ? "text-emerald-700" : "text-amber-800"
            }
          >
            Noch zu verteilen: {formatEuroDe(remainder)}
          </span>
        </div>
        {errors?.root?.message || errors?.message ? (
          <p role="alert" className="text-sm text-red-700">
            {errors?.root?.message ?? errors?.message}
          </p>
        ) : null}
      </form>
    </SimpleDialog>
  );
}
