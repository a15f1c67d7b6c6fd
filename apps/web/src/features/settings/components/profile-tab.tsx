import { ACCOUNT_MESSAGES, type MeResponse } from "@nk/contract";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { TextField } from "../../../components/ui/field";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { useMe } from "../../../lib/use-me";
import {
  toProfileBody,
  useProfileForm,
  type ProfileFormValues,
} from "../../../lib/use-profile-form";
import { useUpdateProfile } from "../api";
import { PasswordChangeCard } from "./password-change-card";

function ProfileForm({ me }: { me: MeResponse }) {
  const toast = useToast();
  const updateProfile = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useProfileForm(me);

  async function onSubmit(values: ProfileFormValues): Promise<void> {
    try {
      await updateProfile.mutateAsync(toProfileBody(values));
      toast.success(ACCOUNT_MESSAGES.profileUpdated);
    } catch (error) {
      applyServerFieldErrors(setError, error);
      toast.error(`Fehler beim Aktualisieren des Profils: ${getErrorMessage(error)}`);
    }
  }

  return (
    <Card>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <CardHeader>
          <CardTitle>Profil</CardTitle>
          <CardDescription>
            Ihr Name erscheint in der Kopfzeile und im Aktivitätsverlauf.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
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
          <TextField
            label="E-Mail"
            type="email"
            value={me.user.email}
            readOnly
            className="bg-slate-50 text-slate-600"
            hint="E-Mail-Adresse kann nicht geändert werden"
            fieldClassName="sm:col-span-2"
          />
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
        </CardContent>
        <CardFooter>
          <Button type="submit" isBusy={isSubmitting} busyText="Speichere...">
            Profil speichern
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

export function ProfileTab() {
  const { me } = useMe();
  if (!me) return <LoadingState text="Lade Profil..." />;
  return (
    <div className="space-y-6">
      <ProfileForm me={me} />
      {me.user.authProvider === "email" ? <PasswordChangeCard /> : null}
    </div>
  );
}
