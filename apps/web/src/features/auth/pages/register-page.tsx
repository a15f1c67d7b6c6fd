import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { Link, useNavigate, useSearchParams } from "react-router";
import { readAfterSignInPath } from "../lib/after-sign-in";
import { useQueryClient } from "@tanstack/react-query";
import {
  GENERIC_ERROR_MESSAGE,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_HINT,
  TERMS_REQUIRED,
  emailSchema,
} from "@nk/contract";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { TextField } from "../../../components/ui/field";
import { getErrorMessage } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { ME_QUERY_KEY } from "../../../lib/use-me";
import { signUpWithEmail } from "../api";
import { AuthLayout, FormErrorBox } from "../components/auth-layout";
import { SocialSignInButtons } from "../components/social-sign-in-buttons";

// docs/rules/master-data.md#validation: all fields required, matching passwords, terms ticked. The password rule itself is
// enforced by the server (the hint only describes it).
const registerFormSchema = z
  .object({
    firstName: z.string().trim().min(1, "Vorname ist erforderlich"),
    lastName: z.string().trim().min(1, "Nachname ist erforderlich"),
    email: emailSchema,
    password: z.string().min(1, "Passwort ist erforderlich"),
    passwordConfirmation: z.string().min(1, "Bitte bestätigen Sie Ihr Passwort."),
    acceptTerms: z.boolean().refine((isAccepted) => isAccepted, TERMS_REQUIRED),
  })
  .refine((values) => values.password === values.passwordConfirmation, {
    path: ["passwordConfirmation"],
    message: PASSWORDS_DO_NOT_MATCH,
  });
type RegisterFormInput = z.input<typeof registerFormSchema>;
type RegisterFormValues = z.output<typeof registerFormSchema>;
type RegisterField = keyof RegisterFormInput;

const FORM_FIELDS: RegisterField[] = [
  "firstName",
  "lastName",
  "email",
  "password",
  "passwordConfirmation",
  "acceptTerms",
];
/** Server field names that are not form fields. */
const SERVER_FIELD_ALIASES: Record<string, RegisterField> = { name: "firstName" };

export function RegisterPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      passwordConfirmation: "",
      acceptTerms: false,
    },
  });

  async function onSubmit(values: RegisterFormValues): Promise<void> {
    setServerError(null);
    try {
      await signUpWithEmail({ ...values, name: `${values.firstName} ${values.lastName}` });
      queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
      await navigate(readAfterSignInPath(searchParams), { replace: true });
    } catch (error) {
      applyServerFieldErrors(
        setError,
        error,
        (field) =>
          SERVER_FIELD_ALIASES[field] ?? ((FORM_FIELDS as string[]).includes(field) ? field : null),
      );
      setServerError(getErrorMessage(error, GENERIC_ERROR_MESSAGE));
    }
  }

  return (
    <AuthLayout
      documentTitle="Registrieren"
      title="Konto erstellen"
      description="Testen Sie Nebenkosten 14 Tage kostenlos und unverbindlich."
      footer={
        <>
          Bereits registriert?{" "}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Zur Anmeldung
          </Link>
        </>
      }
    >
      <form className="space-y-4" onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormErrorBox message={serverError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Vorname"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register("firstName")}
          />
          <TextField
            label="Nachname"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register("lastName")}
          />
        </div>
        <TextField
          label="E-Mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          label="Passwort"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={errors.password?.message}
          {...register("password")}
        />
        <TextField
          label="Passwort bestätigen"
          type="password"
          autoComplete="new-password"
          error={errors.passwordConfirmation?.message}
          {...register("passwordConfirmation")}
        />
        <Checkbox
          label={
            <>
              Ich akzeptiere die{" "}
              <Link
                to="/agb"
                target="_blank"
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
              >
                Nutzungsbedingungen (AGB)
              </Link>
              .
            </>
          }
          error={errors.acceptTerms?.message}
          {...register("acceptTerms")}
        />
        <Button type="submit" className="w-full" isBusy={isSubmitting} busyText="Registriere...">
          Registrieren
        </Button>
      </form>
      <div className="mt-6">
        <SocialSignInButtons />
      </div>
    </AuthLayout>
  );
}
