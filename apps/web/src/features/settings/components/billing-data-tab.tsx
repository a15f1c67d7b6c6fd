import { BILLING_DATA_MESSAGES, type BillingData } from "@nk/contract";
import { BillingDataForm } from "../../../components/billing-data-form";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { useMe } from "../../../lib/use-me";
import { useBillingData } from "../api";

/** The sender of every statement letter (docs/rules/master-data.md#settings, docs/rules/statements.md#pdfs-and-sending); prefilled from the profile. */
function BillingDataCard({
  saved,
  isComplete,
}: {
  saved: BillingData | null;
  isComplete: boolean;
}) {
  const { profile, can } = useMe();
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>Abrechnungsdaten</CardTitle>
          <Badge variant={isComplete ? "success" : "warning"}>
            {isComplete ? "Vollständig" : "Noch nicht hinterlegt"}
          </Badge>
        </div>
        <CardDescription>{BILLING_DATA_MESSAGES.hint}</CardDescription>
      </CardHeader>
      <CardContent>
        {/* Issue 29: owner and admins change the sender; the other roles read it. */}
        <BillingDataForm
          saved={saved}
          profile={profile}
          formId="billing-data-form"
          isEditable={can("manage_billing_data")}
        />
      </CardContent>
    </Card>
  );
}

export function BillingDataTab() {
  const query = useBillingData();
  const { profile } = useMe();
  // Waits for the profile too: it fills the form's start when nothing is saved yet.
  if (query.isPending || profile === undefined)
    return <LoadingState text="Lade Abrechnungsdaten..." />;
  if (query.isError) {
    return (
      <Alert
        variant="error"
        action={
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Erneut versuchen
          </Button>
        }
      >
        {getErrorMessage(query.error)}
      </Alert>
    );
  }
  return <BillingDataCard saved={query.data.billingData} isComplete={query.data.complete} />;
}
