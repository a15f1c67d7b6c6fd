import { Link } from "react-router";
import { LIMIT_REACHED_TITLE } from "@nk/contract";
import { Alert } from "./ui/alert";
import { Button, buttonStyles } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./ui/dialog";
import { UPGRADE_PATH } from "../lib/plan-access";

export interface LimitReachedProps {
  /** e.g. 'Sie haben das Limit von 1 Immobilien erreicht.' (ApiError.message or buildLimitReachedInfo). */
  message: string;
  /** Defaults to 'Limit erreicht'. */
  title?: string;
}

/** A banner: 'Limit erreicht', the message and an Upgrade button to the billing tab. */
export function LimitReachedBanner({ message, title = LIMIT_REACHED_TITLE }: LimitReachedProps) {
  return (
    <Alert
      variant="warning"
      title={title}
      action={
        <Link to={UPGRADE_PATH} className={buttonStyles({ size: "sm" })}>
          Upgrade
        </Link>
      }
    >
      {message}
    </Alert>
  );
}

/**
 * The same as a modal. Open it when a create button is pressed while `canCreate` is false, or
 * when the server answers 403 LIMIT_REACHED (`error.isLimitReached`; title/message from the error).
 */
export function LimitReachedDialog({
  isOpen,
  onOpenChange,
  message,
  title = LIMIT_REACHED_TITLE,
}: LimitReachedProps & { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{message}</DialogDescription>
        </DialogHeader>
        <p className="px-6 pb-2 text-sm text-slate-600">
          Wählen Sie einen größeren Plan, um weitere Einträge anzulegen.
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Schließen
          </Button>
          <Link to={UPGRADE_PATH} className={buttonStyles()} onClick={() => onOpenChange(false)}>
            Upgrade
          </Link>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
