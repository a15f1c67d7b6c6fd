import { useEffect, useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import type { MeResponse } from "@nk/contract";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { Alert } from "../../../components/ui/alert";
import { FullPageLoader } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { markProfileCompletionSkipped } from "../../../lib/profile-skip";
import { ME_QUERY_KEY, useMe } from "../../../lib/use-me";
import {
  toProfileBody,
  useProfileForm,
  type ProfileFormValues,
} from "../../../lib/use-profile-form";
import { completeProfile } from "../api";
import { AuthLayout, FormErrorBox } from "../components/auth-layout";

export const PROFILE_COMPLETED_MESSAGE = "Profil erfolgreich vervollständigt!";
const SAVE_FAILED_MESSAGE = "Ein Fehler ist aufgetreten";
const REDIRECT_DELAY_MS = 1500;

type ProfileField = "firstName" | "lastName" | "company" | "phone";
const PROFILE_FIELDS: ProfileField[] = ["firstName", "lastName", "company", "phone"];

function CompleteProfileForm({ me }: { me: MeResponse }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const [savedMe, setSavedMe] = useState<MeResponse | null>(null);
  const isSaved = savedMe !== null;

  // After saving: the toast shows, then /dashboard after 1.5 s.
  useEffect(() => {
    if (!savedMe) return undefined;
    const timer = window.setTimeout(() => {
      queryClient.setQueryData(ME_QUERY_KEY, savedMe);
      void navigate("/dashboard", { replace: true });
    }, REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [savedMe, navigate, queryClient]);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useProfileForm(me);

  async function onSubmit(values: ProfileFormValues): Promise<void> {
    setServerError(null);
    try {
      const updated = await completeProfile(toProfileBody(values));
      toast.success(PROFILE_COMPLETED_MESSAGE);
      setSavedMe(updated);
    } catch (error) {
      applyServerFieldErrors(setError, error, (field) =>
        (PROFILE_FIELDS as string[]).includes(field) ? field : null,
      );
      setServerError(getErrorMessage(error, SAVE_FAILED_MESSAGE));
    }
  }

  function skipProfile(): void {
    markProfileCompletionSkipped(me.user.id);
    void navigate("/dashboard");
  }

  return (
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
        label="Firma (optional)"
        autoComplete="organization"
        error={errors.company?.message}
        {...register("company")}
      />
      <TextField
        label="Telefon (optional)"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register("phone")}
      />
      <TextField
        label="E-Mail"
        type="email"
        value={me.user.email}
        readOnly
        hint="E-Mail-Adresse kann nicht geändert werden"
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={skipProfile} disabled={isSubmitting || isSaved}>
          Überspringen
        </Button>
        <Button type="submit" isBusy={isSubmitting} busyText="Speichere..." disabled={isSaved}>
          {isSaved ? "Weiterleitung..." : "Profil speichern"}
        </Button>
      </div>
    </form>
  );
}

/** /auth/complete-profile: after a social sign-in, names (required), company and phone. */
export function CompleteProfilePage() {
  const { me, isPending, error, refetch } = useMe();

  if (isPending) return <FullPageLoader text="Lade..." />;
  if (error || !me) {
    if (!error || (isApiError(error) && error.isUnauthorized))
      return <Navigate to="/login" replace />;
    return (
      <AuthLayout documentTitle="Profil vervollständigen" title="Profil vervollständigen">
        <Alert
          variant="error"
          action={
            <Button size="sm" variant="outline" onClick={() => void refetch()}>
              Erneut versuchen
            </Button>
          }
        >
          {getErrorMessage(error)}
        </Alert>
      </AuthLayout>
    );
  }
  if (me.profile.profileComplete) return <Navigate to="/dashboard" replace />;

  return (
    <AuthLayout
      documentTitle="Profil vervollständigen"
      title="Profil vervollständigen"
      description="Bitte ergänzen Sie Ihre Angaben. Ihr Name erscheint in Ihren Abrechnungen."
    >
      <CompleteProfileForm me={me} />
    </AuthLayout>
  );
}
