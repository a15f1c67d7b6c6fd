import * as AlertDialogPrimitive from "@radix-ui/react-alert-dialog";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Button, buttonStyles } from "./button";
import { dialogPanelClasses, overlayClasses } from "./dialog";

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  /** The question, e.g. 'Sind Sie sicher, dass Sie diesen Mieter löschen möchten?'. */
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Shown on the confirm button while `isBusy`, e.g. 'Lösche...'. */
  busyLabel?: string;
  isDestructive?: boolean;
  isBusy?: boolean;
  /** The dialog stays open while the promise runs; close it yourself on success. */
  onConfirm: () => void | Promise<void>;
}

/** A confirmation question (Radix AlertDialog: focus starts on Abbrechen, Escape cancels). */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  confirmLabel = "Bestätigen",
  cancelLabel = "Abbrechen",
  busyLabel,
  isDestructive = false,
  isBusy = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialogPrimitive.Root
      open={isOpen}
      onOpenChange={(next) => (isBusy ? undefined : onOpenChange(next))}
    >
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClasses} />
        <AlertDialogPrimitive.Content className={cn(dialogPanelClasses, "max-w-md")}>
          <div className="space-y-2 px-6 pb-2 pt-6">
            <AlertDialogPrimitive.Title className="text-lg font-semibold text-slate-900">
              {title}
            </AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description className="text-sm text-slate-600">
              {description}
            </AlertDialogPrimitive.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 px-6 pb-6 pt-4 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel
              className={buttonStyles({ variant: "outline" })}
              disabled={isBusy}
            >
              {cancelLabel}
            </AlertDialogPrimitive.Cancel>
            <Button
              variant={isDestructive ? "danger" : "primary"}
              isBusy={isBusy}
              busyText={busyLabel}
              onClick={() => void onConfirm()}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
