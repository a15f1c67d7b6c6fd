import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  BILLING_DATA_MESSAGES,
  billingDataBodySchema,
  formatIban,
  type BillingData,
  type BillingDataBody,
  type BillingDataFields,
  type Profile,
} from "@nk/contract";
import { Button } from "./ui/button";
import { TextField } from "./ui/field";
import { useToast } from "./ui/toast";
import { getErrorMessage } from "../lib/api-error";
import { applyServerFieldErrors } from "../lib/form-errors";
import { useSaveBillingData } from "../lib/use-billing-data";

/**
 * The form's start: the saved billing data, else what the profile already knows (issue 27:
 * name, company and phone were typed at sign-up and need not be typed again).
 */
function toBillingDataFormValues(
  data: BillingData | null,
  profile: Profile | undefined,
): BillingDataBody {
  return {
    companyName: data?.companyName ?? (data ? "" : (profile?.company ?? "")),
    firstName: data?.firstName ?? (data ? "" : (profile?.firstName ?? "")),
    lastName: data?.lastName ?? (data ? "" : (profile?.lastName ?? "")),
    phone: data?.phone ?? profile?.phone ?? "",
    street: data?.street ?? "",
    houseNumber: data?.houseNumber ?? "",
    postalCode: data?.postalCode ?? "",
    city: data?.city ?? "",
    iban: data ? formatIban(data.iban) : "",
    bic: data?.bic ?? "",
    bankName: data?.bankName ?? "",
  };
}

/**
 * The sender of every statement letter (docs/rules/master-data.md#settings, docs/rules/statements.md#pdfs-and-sending): the fields and the
 * save button. Used by the settings tab and the dialog of the statement pages.
 */
export function BillingDataForm({
  saved,
  profile,
  formId,
  onSaved,
  isButtonShown = true,
  isEditable = true,
}: {
  saved: BillingData | null;
  profile: Profile | undefined;
  formId: string;
  onSaved?: () => void;
  /** False when the surrounding dialog shows the submit button in its footer. */
  isButtonShown?: boolean;
  /** False for a member whose role may only read the billing data (issue 29). */
  isEditable?: boolean;
}) {
  const toast = useToast();
  const save = useSaveBillingData();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BillingDataBody, unknown, BillingDataFields>({
    resolver: zodResolver(billingDataBodySchema),
    defaultValues: toBillingDataFormValues(saved, profile),
  });

  async function onSubmit(values: BillingDataFields): Promise<void> {
    try {
      await save.mutateAsync(values);
      toast.success(BILLING_DATA_MESSAGES.saved);
      onSaved?.();
    } catch (error) {
      applyServerFieldErrors(setError, error);
      toast.error(BILLING_DATA_MESSAGES.saveFailed(getErrorMessage(error)));
    }
  }

  return (
    <form id={formId} onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <fieldset disabled={!isEditable} className="grid gap-4 sm:grid-cols-6">
        <legend className="sr-only">Absender der Abrechnungen</legend>
        <TextField
          label="Firma"
          hint="Oder Vor- und Nachname"
          autoComplete="organization"
          fieldClassName="sm:col-span-6"
          error={errors.companyName?.message}
          {...register("companyName")}
        />
        <TextField
          label="Vorname"
          autoComplete="given-name"
          fieldClassName="sm:col-span-3"
          error={errors.firstName?.message}
          {...register("firstName")}
        />
        <TextField
          label="Nachname"
          autoComplete="family-name"
          fieldClassName="sm:col-span-3"
          error={errors.lastName?.message}
          {...register("lastName")}
        />
        <TextField
          label="Telefon *"
          type="tel"
          autoComplete="tel"
          fieldClassName="sm:col-span-6"
          error={errors.phone?.message}
          {...register("phone")}
        />
        <TextField
          label="Straße *"
          autoComplete="address-line1"
          fieldClassName="sm:col-span-4"
          error={errors.street?.message}
          {...register("street")}
        />
        <TextField
          label="Hausnummer *"
          fieldClassName="sm:col-span-2"
          error={errors.houseNumber?.message}
          {...register("houseNumber")}
        />
        <TextField
          label="Postleitzahl *"
          inputMode="numeric"
          maxLength={5}
          autoComplete="postal-code"
          fieldClassName="sm:col-span-2"
          error={errors.postalCode?.message}
          {...register("postalCode")}
        />
        <TextField
          label="Ort *"
          autoComplete="address-level2"
          fieldClassName="sm:col-span-4"
          error={errors.city?.message}
          {...register("city")}
        />
        <TextField
          label="IBAN *"
          autoComplete="off"
          spellCheck={false}
          fieldClassName="sm:col-span-6"
          error={errors.iban?.message}
          {...register("iban")}
        />
        <TextField
          label="BIC"
          autoComplete="off"
          spellCheck={false}
          fieldClassName="sm:col-span-2"
          error={errors.bic?.message}
          {...register("bic")}
        />
        <TextField
          label="Bank"
          fieldClassName="sm:col-span-4"
          error={errors.bankName?.message}
          {...register("bankName")}
        />
      </fieldset>
      {!isEditable ? (
        <p className="text-sm text-slate-600">
          Nur Inhaber und Administratoren können die Abrechnungsdaten ändern.
        </p>
      ) : isButtonShown ? (
        <Button type="submit" isBusy={isSubmitting} busyText="Speichere...">
          Abrechnungsdaten speichern
        </Button>
      ) : null}
    </form>
  );
}
