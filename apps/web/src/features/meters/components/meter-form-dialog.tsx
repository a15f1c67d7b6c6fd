import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import {
  createMeterBodySchema,
  METER_MESSAGES,
  METER_TYPES,
  type CreateMeterBody,
  type Meter,
  type PropertyWithUnits,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Checkbox } from "../../../components/ui/checkbox";
import { Button, buttonStyles } from "../../../components/ui/button";
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
import { mappedZodResolver } from "../../../lib/form-resolver";
import { formatArea } from "../../../lib/format";
import { useCreateMeter, useUpdateMeter } from "../api";

interface MeterFormValues {
  meterNumber: string;
  meterType: string;
  propertyId: string;
  unitId: string;
  location: string;
  displayName: string;
  isRemoteReadable: boolean;
  installedOn: string;
}

/** docs/rules/master-data.md#validation 'Meter': choosing a unit clears the property (the meter belongs to it via the unit). */
function toMeterBody(values: MeterFormValues): CreateMeterBody {
  return {
    meterNumber: values.meterNumber,
    meterType: values.meterType as Meter["meterType"],
    unitId: values.unitId || null,
    propertyId: values.unitId ? null : values.propertyId || null,
    location: values.location,
    displayName: values.displayName,
    isRemoteReadable: values.isRemoteReadable,
    installedOn: values.installedOn || null,
  };
}

/** Without a unit, the missing location is the property's select. */
function toMeterFormField(field: string, values: MeterFormValues): string {
  return field === "unitId" && !values.unitId ? "propertyId" : field;
}

const meterResolver = mappedZodResolver(createMeterBodySchema, toMeterBody, toMeterFormField);

export interface MeterFormDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** null: add a meter; otherwise edit it. */
  meter: Meter | null;
  properties: PropertyWithUnits[];
  /** Preselected property of a new meter (the page's filter). */
  defaultPropertyId?: string;
}

export function MeterFormDialog(props: MeterFormDialogProps) {
  const { isOpen, onOpenChange, meter } = props;
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>{meter ? "Zähler bearbeiten" : "Neuen Zähler hinzufügen"}</DialogTitle>
          <DialogDescription>
            Pflichtfelder sind mit * markiert. Ohne Wohneinheit liegt der Zähler im
            Gemeinschaftsbereich.
          </DialogDescription>
        </DialogHeader>
        {isOpen ? <MeterForm key={meter?.id ?? "new"} {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const FORM_ID = "meter-form";

function toFormValues(
  meter: Meter | null,
  defaultPropertyId: string | undefined,
  properties: PropertyWithUnits[],
): MeterFormValues {
  if (!meter) {
    const propertyId = defaultPropertyId ?? (properties.length === 1 ? properties[0]!.id : "");
    return {
      meterNumber: "",
      meterType: METER_TYPES[0],
      propertyId,
      unitId: "",
      location: "",
      displayName: "",
      isRemoteReadable: false,
      installedOn: "",
    };
  }
  return {
    meterNumber: meter.meterNumber,
    meterType: meter.meterType,
    propertyId: meter.property.id,
    unitId: meter.unitId ?? "",
    location: meter.location ?? "",
    displayName: meter.displayName ?? "",
    isRemoteReadable: meter.isRemoteReadable,
    installedOn: meter.installedOn ?? "",
  };
}

function MeterForm({ onOpenChange, meter, properties, defaultPropertyId }: MeterFormDialogProps) {
  const toast = useToast();
  const createMeter = useCreateMeter();
  const updateMeter = useUpdateMeter();
  const isNew = meter === null;
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const { register, control, handleSubmit, setValue, setError, getValues, formState } = useForm({
    resolver: meterResolver,
    defaultValues: toFormValues(meter, defaultPropertyId, properties),
  });
  const propertyId = useWatch({ control, name: "propertyId" });
  const units = properties.find((property) => property.id === propertyId)?.units ?? [];
  const isSaving = createMeter.isPending || updateMeter.isPending;
  const errors = formState.errors;

  async function save(): Promise<void> {
    setServerMessage(null);
    const values = getValues();
    const body = toMeterBody(values);
    try {
      if (isNew) {
        await createMeter.mutateAsync(body);
        toast.success(METER_MESSAGES.created);
      } else {
        await updateMeter.mutateAsync({ id: meter.id, body });
        toast.success(METER_MESSAGES.updated);
      }
      onOpenChange(false);
    } catch (error) {
      const message = getErrorMessage(error);
      applyServerFieldErrors(setError, error, (field) => toMeterFormField(field, values));
      setServerMessage(message);
      toast.error(
        isNew ? METER_MESSAGES.createFailed(message) : METER_MESSAGES.updateFailed(message),
      );
    }
  }

  return (
    <>
      <DialogBody>
        <form id={FORM_ID} className="space-y-4" onSubmit={handleSubmit(save)} noValidate>
          {properties.length === 0 ? (
            <Alert variant="warning" title="Keine Immobilie vorhanden">
              Legen Sie zuerst eine Immobilie an.{" "}
              <Link to="/dashboard/properties/new" className={buttonStyles({ variant: "link" })}>
                Immobilie anlegen
              </Link>
            </Alert>
          ) : null}
          {serverMessage ? <Alert variant="error">{serverMessage}</Alert> : null}
          <TextField
            label="Zählernummer *"
            autoComplete="off"
            error={errors.meterNumber?.message}
            {...register("meterNumber")}
          />
          <SelectField
            label="Zählertyp *"
            options={METER_TYPES.map((type) => ({ value: type, label: type }))}
            error={errors.meterType?.message}
            {...register("meterType")}
          />
          <SelectField
            label="Immobilie *"
            placeholder="Bitte wählen"
            options={properties.map((property) => ({ value: property.id, label: property.name }))}
            error={errors.propertyId?.message}
            {...register("propertyId", { onChange: () => setValue("unitId", "") })}
          />
          <SelectField
            label="Wohneinheit"
            hint="Ohne Wohneinheit: Gemeinschaftsbereich der Immobilie."
            disabled={!propertyId}
            options={[
              { value: "", label: "Gemeinschaftsbereich (keine Wohneinheit)" },
              ...units.map((unit) => ({
                value: unit.id,
                label: `${unit.name} (${formatArea(unit.area)})`,
              })),
            ]}
            error={errors.unitId?.message}
            {...register("unitId")}
          />
          <TextField
            label="Standort"
            hint="z. B. Keller, Bad, Küche"
            error={errors.location?.message}
            {...register("location")}
          />
          <TextField
            label="Anzeigename"
            hint="Optional, statt der Zählernummer angezeigt"
            error={errors.displayName?.message}
            {...register("displayName")}
          />
          <TextField
            label="Einbaudatum"
            type="date"
            hint="Seit dem 01.12.2021 eingebaute Zähler für Heizung und Warmwasser müssen fernablesbar sein, ältere bis zum 31.12.2026 (§ 5 HeizkV)."
            error={errors.installedOn?.message}
            {...register("installedOn")}
          />
          <Checkbox
            label="Fernablesbar"
            hint="Der Zähler kann aus der Ferne abgelesen werden (Funk oder Netz)."
            error={errors.isRemoteReadable?.message}
            {...register("isRemoteReadable")}
          />
        </form>
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSaving}>
          Abbrechen
        </Button>
        <Button type="submit" form={FORM_ID} isBusy={isSaving} busyText="Speichere...">
          {isNew ? "Zähler hinzufügen" : "Speichern"}
        </Button>
      </DialogFooter>
    </>
  );
}
