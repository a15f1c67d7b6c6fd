import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { buttonStyles } from "../../../components/ui/button";
import { getErrorMessage, isApiError } from "../../../lib/api-error";

/**
 * A failed PDF download or mail in German (part 2, section 8); without billing data the way
 * to the settings tab where they are entered (DECISIONS 10).
 */
export function DocumentError({ title, error }: { title: string; error: unknown }) {
  const isBillingDataMissing = isApiError(error) && error.code === "BILLING_DATA_MISSING";
  return (
    <Alert
      variant="error"
      title={title}
      action={
        isBillingDataMissing ? (
          <Link to="/dashboard/settings?tab=billing-data" className={buttonStyles({ variant: "outline", size: "sm" })}>
            Abrechnungsdaten hinterlegen
          </Link>
        ) : undefined
      }
    >
      {getErrorMessage(error)}
    </Alert>
  );
}
