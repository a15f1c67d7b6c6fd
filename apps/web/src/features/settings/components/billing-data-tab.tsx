import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { BILLING_DATA_MESSAGES, billingDataBodySchema, formatIban, type BillingData, type BillingDataBody, type BillingDataFields } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { TextField } from "../../../components/ui/field";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { useBillingData, useSaveBillingData } from "../api";

function toFormValues(data: BillingData | null): BillingDataBody {
  return {
    companyName: data?.companyName ?? "",
    firstName: data?.firstName ?? "",
    lastName: data?.lastName ?? "",
    phone: data?.phone ?? "",
    street: data?.street ?? "",
    houseNumber: data?.houseNumber ?? "",
    postalCode: data?.postalCode ?? "",
    city: data?.city ?? "",
    iban: data ? formatIban(data.iban) : "",
    bic: data?.bic ?? "",
    bankName: data?.bankName ?? "",
  };
}

/** The sender of every statement letter (section 2 'Settings', DECISIONS 10). */
function BillingDataForm({ saved, isComplete }: { saved: BillingData | null; isComplete: boolean }) {
  const toast = useToast();
  const save = useSaveBillingData();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BillingDataBody, unknown, BillingDataFields>({
    resolver: zodResolver(billingDataBodySchema),
    defaultValues: toFormValues(saved),
  });

  async function onSubmit(values: BillingDataFields): Promise<void> {
    try {
      await save.mutateAsync(values);
      toast.success(BILLING_DATA_MESSAGES.saved);
    } catch (error) {
      applyServerFieldErrors(setError, error);
      toast.error(BILLING_DATA_MESSAGES.saveFailed(getErrorMessage(error)));
    }
  }

  return (
    <Card>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>Abrechnungsdaten</CardTitle>
            <Badge variant={isComplete ? "success" : "warning"}>{isComplete ? "Vollständig" : "Noch nicht hinterlegt"}</Badge>
          </div>
          <CardDescription>{BILLING_DATA_MESSAGES.hint}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-6">
          <TextField label="Firma" hint="Oder Vor- und Nachname" autoComplete="organization" fieldClassName="sm:col-span-6" error={errors.companyName?.message} {...register("companyName")} />
          <TextField label="Vorname" autoComplete="given-name" fieldClassName="sm:col-span-3" error={errors.firstName?.message} {...register("firstName")} />
          <TextField label="Nachname" autoComplete="family-name" fieldClassName="sm:col-span-3" error={errors.lastName?.message} {...register("lastName")} />
          <TextField label="Telefon *" type="tel" autoComplete="tel" fieldClassName="sm:col-span-6" error={errors.phone?.message} {...register("phone")} />
          <TextField label="Straße *" autoComplete="address-line1" fieldClassName="sm:col-span-4" error={errors.street?.message} {...register("street")} />
          <TextField label="Hausnummer *" fieldClassName="sm:col-span-2" error={errors.houseNumber?.message} {...register("houseNumber")} />
          <TextField label="Postleitzahl *" inputMode="numeric" maxLength={5} autoComplete="postal-code" fieldClassName="sm:col-span-2" error={errors.postalCode?.message} {...register("postalCode")} />
          <TextField label="Ort *" autoComplete="address-level2" fieldClassName="sm:col-span-4" error={errors.city?.message} {...register("city")} />
          <TextField label="IBAN *" autoComplete="off" spellCheck={false} fieldClassName="sm:col-span-6" error={errors.iban?.message} {...register("iban")} />
          <TextField label="BIC" autoComplete="off" spellCheck={false} fieldClassName="sm:col-span-2" error={errors.bic?.message} {...register("bic")} />
          <TextField label="Bank" fieldClassName="sm:col-span-4" error={errors.bankName?.message} {...register("bankName")} />
        </CardContent>
        <CardFooter>
          <Button type="submit" isBusy={isSubmitting} busyText="Speichere...">
            Abrechnungsdaten speichern
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

export function BillingDataTab() {
  const query = useBillingData();
  if (query.isPending) return <LoadingState text="Lade Abrechnungsdaten..." />;
  if (query.isError) {
    return (
      <Alert variant="error" action={<Button size="sm" variant="outline" onClick={() => void query.refetch()}>Erneut versuchen</Button>}>
        {getErrorMessage(query.error)}
      </Alert>
    );
  }
  return <BillingDataForm saved={query.data.billingData} isComplete={query.data.complete} />;
}
