import { useState } from "react";
import { BILLING_DATA_MISSING_CODE } from "@nk/contract";
import { BillingDataDialog } from "../../../components/billing-data-dialog";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { getErrorMessage, isApiError } from "../../../lib/api-error";

/**
 * A failed PDF download or mail in German (docs/rules/statements.md#statement-messages); without billing data they are
 * asked for right here (docs/rules/statements.md#pdfs-and-sending, issue 27), and `onRetry` repeats what was refused.
 */
export function DocumentError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
}) {
  const isBillingDataMissing = isApiError(error) && error.code === BILLING_DATA_MISSING_CODE;
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  return (
    <>
      <Alert
        variant="error"
        title={title}
        action={
          isBillingDataMissing ? (
            <Button variant="outline" size="sm" onClick={() => setIsDialogOpen(true)}>
              Abrechnungsdaten hinterlegen
            </Button>
          ) : undefined
        }
      >
        {getErrorMessage(error)}
      </Alert>
      {isBillingDataMissing ? (
        <BillingDataDialog isOpen={isDialogOpen} onOpenChange={setIsDialogOpen} onSaved={onRetry} />
      ) : null}
    </>
  );
}
