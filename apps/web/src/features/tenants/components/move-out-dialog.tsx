import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { calendarDate, formatCalendarDateDe, getTodayInGermany, TENANT_MESSAGES, type Tenant } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogBody, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { applyServerFieldErrors } from "../../../lib/form-errors";

export interface MoveOutFormValues {
  moveOutDate: string;
}

/**
 * 'Als ausgezogen markieren' asks for the move-out date (issue 15, decision 0985), today in
 * Germany by default; it must lie after the move-in date, as the server checks too.
 */
export function MoveOutDialog({
  tenant,
  onOpenChange,
  onMoveOut,
  failure,
  isBusy,
}: {
  /** The tenant to move out; null: closed. */
  tenant: Tenant | null;
  onOpenChange: (isOpen: boolean) => void;
  /** Resolves when saved; rejects with the server's error. */
  onMoveOut: (tenant: Tenant, moveOutDate: string) => Promise<void>;
  failure: string | null;
  isBusy: boolean;
}) {
  return (
    <Dialog open={tenant !== null} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Als ausgezogen markieren</DialogTitle>
          <DialogDescription>{tenant ? `${tenant.name}, eingezogen am ${formatCalendarDateDe(tenant.moveInDate)}` : null}</DialogDescription>
        </DialogHeader>
        {tenant ? <MoveOutForm key={tenant.id} tenant={tenant} onCancel={() => onOpenChange(false)} onMoveOut={onMoveOut} failure={failure} isBusy={isBusy} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const FORM_ID = "move-out-form";

function MoveOutForm({
  tenant,
  onCancel,
  onMoveOut,
  failure,
  isBusy,
}: {
  tenant: Tenant;
  onCancel: () => void;
  onMoveOut: (tenant: Tenant, moveOutDate: string) => Promise<void>;
  failure: string | null;
  isBusy: boolean;
}) {
  const schema = z
    .object({ moveOutDate: calendarDate(TENANT_MESSAGES.moveOutInvalid) })
    .refine((values) => values.moveOutDate > tenant.moveInDate, { path: ["moveOutDate"], message: TENANT_MESSAGES.moveOutNotAfterMoveIn });
  const { register, handleSubmit, setError, formState } = useForm<MoveOutFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { moveOutDate: getTodayInGermany() },
  });

  async function save(values: MoveOutFormValues): Promise<void> {
    try {
      await onMoveOut(tenant, values.moveOutDate);
    } catch (error) {
      applyServerFieldErrors(setError, error, (field) => (field === "moveOutDate" ? field : null));
    }
  }

  return (
    <>
      <DialogBody className="space-y-4">
        <form id={FORM_ID} onSubmit={handleSubmit(save)} noValidate className="space-y-4">
          {failure ? <Alert variant="error">{failure}</Alert> : null}
          <TextField label="Auszugsdatum *" type="date" hint="Der letzte Tag des Mietverhältnisses." error={formState.errors.moveOutDate?.message} {...register("moveOutDate")} />
        </form>
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={isBusy}>
          Abbrechen
        </Button>
        <Button type="submit" form={FORM_ID} isBusy={isBusy} busyText="Speichere...">
          Auszug speichern
        </Button>
      </DialogFooter>
    </>
  );
}
