import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  AUTH_ERROR_MESSAGES,
  GENERIC_ERROR_MESSAGE,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_HINT,
} from "@nk/contract";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { withToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { resetPassword } from "../api";
import { describeAuthError } from "../auth-error-text";
import { AuthLayout, FormErrorBox } from "../components/auth-layout";

export const PASSWORD_CHANGED_MESSAGE =
  "Ihr Passwort wurde geändert. Sie können sich jetzt mit dem neuen Passwort anmelden.";
const INVALID_LINK_MESSAGE =
  AUTH_ERROR_MESSAGES.INVALID_TOKEN ??
  "Der Link zum Zurücksetzen ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.";

const newPasswordFormSchema = z
  .object({
    newPassword: z.string().min(1, "Passwort ist erforderlich"),
    passwordConfirmation: z.string().min(1, "Bitte bestätigen Sie Ihr Passwort."),
  })
  .refine((values) => values.newPassword === values.passwordConfirmation, {
    path: ["passwordConfirmation"],
    message: PASSWORDS_DO_NOT_MATCH,
  });
type NewPasswordFormInput = z.input<typeof newPasswordFormSchema>;
type NewPasswordFormValues = z.output<typeof newPasswordFormSchema>;

function RequestNewLink() {
  return (
    <Link to="/auth/reset-password" className="font-semibold text-brand-700 hover:underline">
      Neuen Link anfordern
    </Link>
  );
}

/** /auth/new-password?token=...: the target of the reset e-mail's link. */
export function NewPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const linkError = searchParams.get("error");
  const [serverError, setServerError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordFormInput, unknown, NewPasswordFormValues>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { newPassword: "", passwordConfirmation: "" },
  });

  async function onSubmit(values: NewPasswordFormValues): Promise<void> {
    setServerError(null);
    try {
      await resetPassword({ newPassword: values.newPassword, token });
      await navigate("/login", {
        replace: true,
        state: withToast("success", PASSWORD_CHANGED_MESSAGE),
      });
    } catch (error) {
      setServerError(getErrorMessage(error, GENERIC_ERROR_MESSAGE));
    }
  }

  if (!token || linkError) {
    return (
      <AuthLayout documentTitle="Neues Passwort" title="Link ungültig">
        <div className="space-y-4">
          <FormErrorBox message={linkError ? describeAuthError(linkError) : INVALID_LINK_MESSAGE} />
          <p className="text-sm">
            <RequestNewLink />
          </p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      documentTitle="Neues Passwort"
      title="Neues Passwort festlegen"
      description="Wählen Sie ein neues Passwort für Ihr Konto."
      footer={
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          Zurück zur Anmeldung
        </Link>
      }
    >
      <form className="space-y-4" onSubmit={handleSubmit(onSubmit)} noValidate>
        {serverError ? (
          <div className="space-y-2">
            <FormErrorBox message={serverError} />
            <p className="text-sm">
              <RequestNewLink />
            </p>
          </div>
        ) : null}
        <TextField
          label="Neues Passwort"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={errors.newPassword?.message}
          {...register("newPassword")}
        />
        <TextField
          label="Passwort bestätigen"
          type="password"
          autoComplete="new-password"
          error={errors.passwordConfirmation?.message}
          {...register("passwordConfirmation")}
        />
        <Button type="submit" className="w-full" isBusy={isSubmitting} busyText="Speichere...">
          Passwort speichern
        </Button>
      </form>
    </AuthLayout>
  );
}
