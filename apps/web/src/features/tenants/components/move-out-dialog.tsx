import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import {
  calendarDate,
  formatCalendarDateDe,
  forwardingAddressSchema,
  getTodayInGermany,
  TENANT_MESSAGES,
  type ForwardingAddress,
  type Tenant,
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
import { TextField } from "../../../components/ui/field";
import { applyServerFieldErrors } from "../../../lib/form-errors";

interface MoveOutFormValues {
  moveOutDate: string;
  /** Issue 24: the forwarding address, where the statement letter is sent (all empty: none). */
  address: string;
  postalCode: string;
  city: string;
}

type MoveOutHandler = (
  tenant: Tenant,
  moveOutDate: string,
  forwardingAddress: ForwardingAddress | null,
) => Promise<void>;

/**
 * 'Als ausgezogen markieren' asks for the move-out date (issue 15, decision 0985), today in
 * Germany by default; it must lie after the move-in date, as the server checks too. It also
 * asks for the forwarding address (issue 24, decision 1063): the statement letter goes there,
 * not to the old flat.
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
  onMoveOut: MoveOutHandler;
  failure: string | null;
  isBusy: boolean;
}) {
  return (
    <Dialog open={tenant !== null} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Als ausgezogen markieren</DialogTitle>
          <DialogDescription>
            {tenant
              ? `${tenant.name}, eingezogen am ${formatCalendarDateDe(tenant.moveInDate)}`
              : null}
          </DialogDescription>
        </DialogHeader>
        {tenant ? (
          <MoveOutForm
            key={tenant.id}
            tenant={tenant}
            onCancel={() => onOpenChange(false)}
            onMoveOut={onMoveOut}
            failure={failure}
            isBusy={isBusy}
          />
        ) : null}
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
  onMoveOut: MoveOutHandler;
  failure: string | null;
  isBusy: boolean;
}) {
  // The address is optional as a whole; once any part is typed, all three are checked.
  const schema = z
    .object({
      moveOutDate: calendarDate(TENANT_MESSAGES.moveOutInvalid),
      address: z.string(),
      postalCode: z.string(),
      city: z.string(),
    })
    .refine((values) => values.moveOutDate > tenant.moveInDate, {
      path: ["moveOutDate"],
      message: TENANT_MESSAGES.moveOutNotAfterMoveIn,
    })
    .superRefine((values, ctx) => {
      if (!hasAddress(values)) return;
      const parsed = forwardingAddressSchema.safeParse(values);
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: "custom", path: issue.path as string[], message: issue.message });
    });
  const { register, handleSubmit, setError, formState } = useForm<MoveOutFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { moveOutDate: getTodayInGermany(), address: "", postalCode: "", city: "" },
  });

  async function save(values: MoveOutFormValues): Promise<void> {
    try {
      await onMoveOut(
        tenant,
        values.moveOutDate,
        hasAddress(values) ? forwardingAddressSchema.parse(values) : null,
      );
    } catch (error) {
      applyServerFieldErrors(setError, error, (field) =>
        field === "moveOutDate"
          ? field
          : field.startsWith("forwardingAddress.")
            ? (field.slice("forwardingAddress.".length) as keyof MoveOutFormValues)
            : null,
      );
    }
  }

  return (
    <>
      <DialogBody className="space-y-4">
        <form id={FORM_ID} onSubmit={handleSubmit(save)} noValidate className="space-y-4">
          {failure ? <Alert variant="error">{failure}</Alert> : null}
          <TextField
            label="Auszugsdatum *"
            type="date"
            hint="Der letzte Tag des Mietverhältnisses."
            error={formState.errors.moveOutDate?.message}
            {...register("moveOutDate")}
          />
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-800">Neue Anschrift</legend>
            <p className="text-xs text-slate-500">{TENANT_MESSAGES.forwardingAddressHint}</p>
            <TextField
              label="Straße und Hausnummer"
              autoComplete="off"
              error={formState.errors.address?.message}
              {...register("address")}
            />
            <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
              <TextField
                label="Postleitzahl"
                inputMode="numeric"
                maxLength={5}
                autoComplete="off"
                error={formState.errors.postalCode?.message}
                {...register("postalCode")}
              />
              <TextField
                label="Ort"
                autoComplete="off"
                error={formState.errors.city?.message}
                {...register("city")}
              />
            </div>
          </fieldset>
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

function hasAddress(values: Pick<MoveOutFormValues, "address" | "postalCode" | "city">): boolean {
  return [values.address, values.postalCode, values.city].some((part) => part.trim() !== "");
}
