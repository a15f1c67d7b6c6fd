import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import {
  BILLING_PERIOD_MESSAGES,
  buildBillingPeriodName,
  createBillingPeriodBodySchema,
  getTodayInGermany,
  isCalendarDate,
  suggestBillingPeriod,
  type BillingPeriod,
  type BillingPeriodDetail,
  type PropertyWithUnits,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { SelectField, TextField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { useCreateBillingPeriod } from "../../../lib/queries/billing-period-queries";

type PeriodFormValues = z.input<typeof createBillingPeriodBodySchema>;

const FORM_ID = "billing-period-form";

/** The suggested dates for a property: after its newest period, else the previous year (issue 27). */
function suggestFor(propertyId: string, periods: readonly BillingPeriod[]) {
  return suggestBillingPeriod(
    periods.filter((period) => period.propertyId === propertyId),
    getTodayInGermany(),
  );
}

export function BillingPeriodDialog({
  isOpen,
  onOpenChange,
  properties,
  periods,
  onCreated,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  properties: PropertyWithUnits[];
  /** The account's periods: the new one's dates follow the property's newest. */
  periods: readonly BillingPeriod[];
  onCreated: (period: BillingPeriodDetail) => void;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Neue Abrechnungsperiode</DialogTitle>
          <DialogDescription>
            Der Zeitraum, für den die Zählerstände gelten (höchstens 12 Monate).
          </DialogDescription>
        </DialogHeader>
        {isOpen ? (
          <PeriodForm
            properties={properties}
            periods={periods}
            onOpenChange={onOpenChange}
            onCreated={onCreated}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PeriodForm({
  properties,
  periods,
  onOpenChange,
  onCreated,
}: {
  properties: PropertyWithUnits[];
  periods: readonly BillingPeriod[];
  onOpenChange: (isOpen: boolean) => void;
  onCreated: (period: BillingPeriodDetail) => void;
}) {
  const toast = useToast();
  const createPeriod = useCreateBillingPeriod();
  const [message, setMessage] = useState<string | null>(null);
  const firstPropertyId = properties.length === 1 ? properties[0]!.id : "";
  const suggested = suggestFor(firstPropertyId, periods);
  const { register, control, handleSubmit, setError, setValue, formState } = useForm<
    PeriodFormValues,
    unknown,
    z.output<typeof createBillingPeriodBodySchema>
  >({
    resolver: zodResolver(createBillingPeriodBodySchema),
    defaultValues: {
      propertyId: firstPropertyId,
      billingPeriodStart: suggested.start,
      billingPeriodEnd: suggested.end,
    },
  });
  const propertyField = register("propertyId");

  /** Choosing the property suggests its next period, unless the dates were typed already. */
  function chooseProperty(propertyId: string): void {
    if (formState.dirtyFields.billingPeriodStart || formState.dirtyFields.billingPeriodEnd) return;
    const next = suggestFor(propertyId, periods);
    setValue("billingPeriodStart", next.start);
    setValue("billingPeriodEnd", next.end);
  }
  const [start, end] = useWatch({ control, name: ["billingPeriodStart", "billingPeriodEnd"] });
  const errors = formState.errors;

  async function save(values: z.output<typeof createBillingPeriodBodySchema>): Promise<void> {
    setMessage(null);
    try {
      const period = await createPeriod.mutateAsync(values);
      toast.success(BILLING_PERIOD_MESSAGES.created);
      onCreated(period);
      onOpenChange(false);
    } catch (error) {
      applyServerFieldErrors(setError, error);
      setMessage(getErrorMessage(error));
    }
  }

  return (
    <>
      <DialogBody>
        <form id={FORM_ID} className="space-y-4" onSubmit={handleSubmit(save)} noValidate>
          {message ? <Alert variant="error">{message}</Alert> : null}
          <SelectField
            label="Immobilie *"
            placeholder="Bitte wählen"
            options={properties.map((property) => ({ value: property.id, label: property.name }))}
            error={errors.propertyId?.message}
            {...propertyField}
            onChange={(event) => {
              void propertyField.onChange(event);
              chooseProperty(event.target.value);
            }}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Beginn *"
              type="date"
              error={errors.billingPeriodStart?.message}
              {...register("billingPeriodStart")}
            />
            <TextField
              label="Ende *"
              type="date"
              error={errors.billingPeriodEnd?.message}
              {...register("billingPeriodEnd")}
            />
          </div>
          {isCalendarDate(start) && isCalendarDate(end) && end > start ? (
            <p className="text-sm text-slate-600">
              Name:{" "}
              <span className="font-medium text-slate-900">
                {buildBillingPeriodName(start, end)}
              </span>
            </p>
          ) : null}
        </form>
      </DialogBody>
      <DialogFooter>
        <Button
          variant="outline"
          onClick={() => onOpenChange(false)}
          disabled={createPeriod.isPending}
        >
          Abbrechen
        </Button>
        <Button
          type="submit"
          form={FORM_ID}
          isBusy={createPeriod.isPending}
          busyText="Speichere..."
        >
          Periode anlegen
        </Button>
      </DialogFooter>
    </>
  );
}
