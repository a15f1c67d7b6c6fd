import { BILLING_DATA_MESSAGES } from "@nk/contract";
import { BillingDataForm } from "./billing-data-form";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";
import { SimpleDialog } from "./ui/dialog";
import { LoadingState } from "./ui/spinner";
import { getErrorMessage } from "../lib/api-error";
import { useBillingData, useSaveBillingData } from "../lib/use-billing-data";
import { useMe } from "../lib/use-me";

const FORM_ID = "billing-data-dialog-form";

/**
 * Issue 27: the billing data asked for where a finalize or a letter needs them, without leaving
 * the page; prefilled from the profile. `onSaved` lets the page repeat what was refused.
 */
export function BillingDataDialog({
  isOpen,
  onOpenChange,
  onSaved,
  title = "Abrechnungsdaten hinterlegen",
  notice,
  submitLabel = "Speichern und fortfahren",
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onSaved?: () => void;
  title?: string;
  /** What saving also does (decision 1620: the finalize question asked in the same dialog). */
  notice?: string;
  submitLabel?: string;
}) {
  const query = useBillingData();
  const { profile } = useMe();
  const save = useSaveBillingData();
  return (
    <SimpleDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={title}
      description={BILLING_DATA_MESSAGES.hint}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Abbrechen
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            isBusy={save.isPending}
            busyText="Speichere..."
            disabled={!query.isSuccess}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      {notice ? (
        <Alert variant="warning" className="mb-4">
          {notice}
        </Alert>
      ) : null}
      {query.isPending ? (
        <LoadingState text="Lade Abrechnungsdaten..." />
      ) : query.isError ? (
        <Alert variant="error">{getErrorMessage(query.error)}</Alert>
      ) : (
        <BillingDataForm
          saved={query.data.billingData}
          profile={profile}
          formId={FORM_ID}
          isButtonShown={false}
          onSaved={() => {
            onOpenChange(false);
            onSaved?.();
          }}
        />
      )}
    </SimpleDialog>
  );
}
