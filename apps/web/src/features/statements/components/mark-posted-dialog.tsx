import { useState } from "react";
import {
  DISPATCH_MESSAGES,
  getTodayInGermany,
  isCalendarDate,
  type RunDispatch,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
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
import { isApiError } from "../../../lib/api-error";

type Letter = RunDispatch["letters"][number];

/**
 * 'per Post versendet' (issue 24, items 1 and 14): the day the letter went into the post (the
 * letter is dated and stored with it), the address it went to, and for a tenant who moved out
 * without a new address the explicit confirmation that it goes to the old flat.
 */
export function MarkPostedDialog({
  letter,
  onOpenChange,
  onConfirm,
  isBusy,
}: {
  letter: Letter | null;
  onOpenChange: (isOpen: boolean) => void;
  /** Rejects with the server's error. */
  onConfirm: (
    letter: Letter,
    body: { postedOn: string; confirmOldAddress: boolean },
  ) => Promise<void>;
  isBusy: boolean;
}) {
  return (
    <Dialog open={letter !== null} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Per Post versendet</DialogTitle>
          <DialogDescription>{letter ? `Brief an ${letter.tenantName}` : null}</DialogDescription>
        </DialogHeader>
        {letter ? (
          <MarkPostedForm
            key={letter.statementId}
            letter={letter}
            onCancel={() => onOpenChange(false)}
            onConfirm={onConfirm}
            isBusy={isBusy}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function MarkPostedForm({
  letter,
  onCancel,
  onConfirm,
  isBusy,
}: {
  letter: Letter;
  onCancel: () => void;
  onConfirm: (
    letter: Letter,
    body: { postedOn: string; confirmOldAddress: boolean },
  ) => Promise<void>;
  isBusy: boolean;
}) {
  const [postedOn, setPostedOn] = useState(getTodayInGermany());
  const [confirmOldAddress, setConfirmOldAddress] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { recipient } = letter;

  async function submit() {
    setError(null);
    setFieldError(null);
    if (!isCalendarDate(postedOn)) {
      setFieldError(DISPATCH_MESSAGES.postedOnInvalid);
      return;
    }
    try {
      await onConfirm(letter, { postedOn, confirmOldAddress });
    } catch (failure) {
      if (isApiError(failure) && failure.fields.postedOn) setFieldError(failure.fields.postedOn);
      else setError(isApiError(failure) ? failure.message : "Speichern fehlgeschlagen");
    }
  }

  return (
    <>
      <DialogBody className="space-y-4">
        <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
          <p className="text-xs font-medium text-slate-500">Anschrift im Brief</p>
          <p>{recipient.name}</p>
          <p>{recipient.street}</p>
          <p>
            {recipient.postalCode} {recipient.city}
          </p>
        </div>
        {letter.isOldFlat ? (
          <Alert variant="warning">
            {DISPATCH_MESSAGES.oldFlat(letter.tenantName, letter.moveOutDate ?? postedOn)}
          </Alert>
        ) : null}
        {letter.isOldFlat ? (
          <Checkbox
            label="Trotzdem an die alte Wohnung versendet"
            checked={confirmOldAddress}
            onChange={(event) => setConfirmOldAddress(event.target.checked)}
          />
        ) : null}
        <TextField
          label="Versanddatum *"
          type="date"
          value={postedOn}
          max={getTodayInGermany()}
          hint="Der Brief wird mit diesem Datum versehen und so gespeichert, wie er versandt wurde."
          error={fieldError ?? undefined}
          onChange={(event) => setPostedOn(event.target.value)}
        />
        {error ? <Alert variant="error">{error}</Alert> : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={isBusy}>
          Abbrechen
        </Button>
        <Button
          onClick={() => void submit()}
          isBusy={isBusy}
          busyText="Speichere..."
          disabled={letter.isOldFlat && !confirmOldAddress}
        >
          Als versendet speichern
        </Button>
      </DialogFooter>
    </>
  );
}
