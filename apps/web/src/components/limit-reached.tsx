import { useState } from "react";
import { LIMIT_REACHED_TITLE, type LimitedResource } from "@nk/contract";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "./ui/dialog";
import { UpgradePlanDialog } from "./upgrade-plan-dialog";

export interface LimitReachedProps {
  /** e.g. 'Sie haben das Limit von 1 Immobilien erreicht.' (ApiError.message or buildLimitReachedInfo). */
  message: string;
  /** Defaults to 'Limit erreicht'. */
  title?: string;
  /** The limit that was met: the upgrade offers only plans above it. */
  resource?: LimitedResource;
}

/**
 * A banner: 'Limit erreicht', the message and an Upgrade button. The upgrade opens in place
 * (issue 27): the page and everything typed on it stay.
 */
export function LimitReachedBanner({
  message,
  title = LIMIT_REACHED_TITLE,
  resource,
}: LimitReachedProps) {
  const [isUpgradeOpen, setIsUpgradeOpen] = useState(false);
  return (
    <>
      <Alert
        variant="warning"
        title={title}
        action={
          <Button size="sm" onClick={() => setIsUpgradeOpen(true)}>
            Upgrade
          </Button>
        }
      >
        {message}
      </Alert>
      <UpgradePlanDialog
        isOpen={isUpgradeOpen}
        onOpenChange={setIsUpgradeOpen}
        message={message}
        resource={resource}
      />
    </>
  );
}

/**
 * The same as a modal. Open it when a create button is pressed while `canCreate` is false, or
 * when the server answers 403 LIMIT_REACHED (`error.isLimitReached`; title/message from the error).
 * 'Upgrade' goes on to the plans in place.
 */
export function LimitReachedDialog({
  isOpen,
  onOpenChange,
  message,
  title = LIMIT_REACHED_TITLE,
  resource,
}: LimitReachedProps & { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const [isUpgradeOpen, setIsUpgradeOpen] = useState(false);
  return (
    <>
      <Dialog open={isOpen && !isUpgradeOpen} onOpenChange={onOpenChange}>
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
            <Button onClick={() => setIsUpgradeOpen(true)}>Upgrade</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <UpgradePlanDialog
        isOpen={isOpen && isUpgradeOpen}
        onOpenChange={(isUpgradeStillOpen) => {
          setIsUpgradeOpen(isUpgradeStillOpen);
          if (!isUpgradeStillOpen) onOpenChange(false);
        }}
        message={message}
        resource={resource}
      />
    </>
  );
}
