import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { Link, useNavigate, useSearchParams } from "react-router";
import { readAfterSignInPath } from "../lib/after-sign-in";
import { useQueryClient } from "@tanstack/react-query";
import { GENERIC_ERROR_MESSAGE, emailSchema } from "@nk/contract";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { TextField } from "../../../components/ui/field";
import { getErrorMessage } from "../../../lib/api-error";
import { ME_QUERY_KEY } from "../../../lib/use-me";
import { signInWithEmail } from "../api";
import { describeAuthError } from "../auth-error-text";
import { AuthLayout, FormErrorBox } from "../components/auth-layout";
import { SocialSignInButtons } from "../components/social-sign-in-buttons";

const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Passwort ist erforderlich"),
  rememberMe: z.boolean(),
});
type LoginFormInput = z.input<typeof loginFormSchema>;
type LoginFormValues = z.output<typeof loginFormSchema>;

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const urlError = searchParams.get("error");
  const [serverError, setServerError] = useState<string | null>(null);
  const [isUrlErrorDismissed, setIsUrlErrorDismissed] = useState(false);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: "", password: "", rememberMe: false },
  });

  async function onSubmit(values: LoginFormValues): Promise<void> {
    setServerError(null);
    setIsUrlErrorDismissed(true);
    try {
      await signInWithEmail(values);
      queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
      await navigate(readAfterSignInPath(searchParams), { replace: true });
    } catch (error) {
      setServerError(getErrorMessage(error, GENERIC_ERROR_MESSAGE));
    }
  }

  const shownError =
    serverError ?? (urlError && !isUrlErrorDismissed ? describeAuthError(urlError) : null);

  return (
    <AuthLayout
      documentTitle="Anmelden"
      title="Anmelden"
      description="Melden Sie sich an, um Ihre Nebenkostenabrechnungen zu verwalten."
      footer={
        <>
          Noch kein Konto?{" "}
          <Link to="/register" className="font-semibold text-brand-700 hover:underline">
            Jetzt registrieren
          </Link>
        </>
      }
    >
      <form className="space-y-4" onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormErrorBox message={shownError} />
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
          autoComplete="current-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox label="Angemeldet bleiben" {...register("rememberMe")} />
          <Link
            to="/auth/reset-password"
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            Passwort vergessen?
          </Link>
        </div>
        <Button type="submit" className="w-full" isBusy={isSubmitting} busyText="Anmelden...">
          Anmelden
        </Button>
      </form>
      <div className="mt-6">
        <SocialSignInButtons />
      </div>
    </AuthLayout>
  );
}
