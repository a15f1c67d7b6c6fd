import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { UNIT_MESSAGES, unitBodySchema, type Unit, type UnitValues } from "@nk/contract";
import { LimitReachedBanner } from "../../../components/limit-reached";
import { usePlausibilityConfirmation } from "../../../components/plausibility-confirmation";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { useCreateUnit, useUpdateUnit } from "../api";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { findImplausibleArea } from "../../../lib/plausibility";
import { NEW_UNIT_FIELDS, UnitFields, type UnitFieldValues } from "./unit-fields";

function toFieldValues(unit: Unit | null): UnitFieldValues {
  if (!unit) return NEW_UNIT_FIELDS;
  return {
    name: unit.name,
    area: unit.area,
    persons: unit.persons,
    hasDecentralizedHotWater: unit.hasDecentralizedHotWater,
  };
}

/** The unit modal (docs/rules/master-data.md#screens 'Properties'): adds a unit to the property, or edits `unit`. */
export function UnitFormDialog({
  isOpen,
  onOpenChange,
  propertyId,
  unit,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  propertyId: string;
  /** The unit to edit; null adds a new one. */
  unit: Unit | null;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined}>
        {/* Mounted per opening, so the form starts from the unit (or the defaults) each time. */}
        {isOpen ? (
          <UnitForm propertyId={propertyId} unit={unit} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function UnitForm({
  propertyId,
  unit,
  onDone,
}: {
  propertyId: string;
  unit: Unit | null;
  onDone: () => void;
}) {
  const toast = useToast();
  const createUnit = useCreateUnit();
  const updateUnit = useUpdateUnit();
  const [failure, setFailure] = useState<{ message: string; isLimit: boolean } | null>(null);
  const form = useForm<UnitFieldValues, unknown, UnitValues>({
    resolver: zodResolver(unitBodySchema),
    defaultValues: toFieldValues(unit),
    mode: "onTouched",
  });
  const isSaving = createUnit.isPending || updateUnit.isPending;
  const { confirmValues, dialog } = usePlausibilityConfirmation();

  async function save(values: UnitValues) {
    setFailure(null);
    if (!(await confirmValues([findImplausibleArea(values.area, values.name)]))) return;
    try {
      if (unit) {
        await updateUnit.mutateAsync({ unitId: unit.id, body: values });
        toast.success(UNIT_MESSAGES.updated);
      } else {
        await createUnit.mutateAsync({ propertyId, body: values });
        toast.success(UNIT_MESSAGES.created);
      }
      onDone();
    } catch (error) {
      if (applyServerFieldErrors(form.setError, error)) return;
      setFailure({
        message: getErrorMessage(error),
        isLimit: isApiError(error) && error.isLimitReached,
      });
    }
  }

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="flex min-h-0 flex-col">
      <DialogHeader>
        <DialogTitle>{unit ? "Wohneinheit bearbeiten" : "Wohneinheit hinzufügen"}</DialogTitle>
      </DialogHeader>
      <DialogBody className="space-y-4">
        {failure ? (
          failure.isLimit ? (
            <LimitReachedBanner message={failure.message} resource="units" />
          ) : (
            <Alert variant="error">{failure.message}</Alert>
          )
        ) : null}
        <UnitFields form={form} isShownAll={form.formState.submitCount > 0} />
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={isSaving}>
          Abbrechen
        </Button>
        <Button type="submit" isBusy={isSaving} busyText="Speichere...">
          Speichern
        </Button>
      </DialogFooter>
      {dialog}
    </form>
  );
}
