import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { Link } from "react-router";
import { MailCheck } from "lucide-react";
import { emailSchema } from "@nk/contract";
import { Button, buttonStyles } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { getErrorMessage } from "../../../lib/api-error";
import { requestPasswordReset } from "../api";
import { AuthLayout, FormErrorBox } from "../components/auth-layout";

const SENT_MESSAGE = "Passwort-Reset-Link wurde an Ihre E-Mail-Adresse gesendet.";
const SEND_FAILED_MESSAGE = "Fehler beim Senden des Passwort-Reset-Links.";

const resetFormSchema = z.object({ email: emailSchema });
type ResetFormInput = z.input<typeof resetFormSchema>;
type ResetFormValues = z.output<typeof resetFormSchema>;

const registerLink = (
  <>
    Noch kein Konto?{" "}
    <Link to="/register" className="font-semibold text-brand-700 hover:underline">
      Jetzt registrieren
    </Link>
  </>
);

export function ResetPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ResetFormInput, unknown, ResetFormValues>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { email: "" },
  });

  async function onSubmit(values: ResetFormValues): Promise<void> {
    setServerError(null);
    try {
      await requestPasswordReset(values.email);
      setSentTo(values.email);
    } catch (error) {
      setServerError(getErrorMessage(error, SEND_FAILED_MESSAGE));
    }
  }

  function showFormAgain(): void {
    reset({ email: "" });
    setSentTo(null);
  }

  if (sentTo) {
    return (
      <AuthLayout documentTitle="E-Mail gesendet" title="E-Mail gesendet!" footer={registerLink}>
        <div className="space-y-5">
          <div
            role="status"
            className="flex items-start gap-3 rounded-md border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
          >
            <MailCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
            <div className="space-y-1">
              <p className="font-medium">{SENT_MESSAGE}</p>
              <p>
                Falls ein Konto für <span className="font-medium break-all">{sentTo}</span> besteht,
                erhalten Sie in Kürze eine E-Mail mit einem Link zum Festlegen eines neuen
                Passworts. Prüfen Sie auch Ihren Spam-Ordner.
              </p>
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <Link to="/login" className={buttonStyles({ className: "w-full" })}>
              Zurück zur Anmeldung
            </Link>
            <Button variant="outline" className="w-full" onClick={showFormAgain}>
              Andere E-Mail-Adresse verwenden
            </Button>
          </div>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      documentTitle="Passwort zurücksetzen"
      title="Passwort zurücksetzen"
      description="Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link zum Festlegen eines neuen Passworts."
      footer={registerLink}
    >
      <form className="space-y-4" onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormErrorBox message={serverError} />
        <TextField
          label="E-Mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <Button type="submit" className="w-full" isBusy={isSubmitting} busyText="Sende...">
          Link senden
        </Button>
        <p className="text-center text-sm">
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Zurück zur Anmeldung
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
