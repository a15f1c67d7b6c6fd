import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  ACCOUNT_MESSAGES,
  changePasswordBodySchema,
  PASSWORD_HINT,
  type ChangePasswordBody,
} from "@nk/contract";
import type { z } from "zod";
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
import { Alert } from "../../../components/ui/alert";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { changePassword } from "../api";
import { useState } from "react";

type PasswordValues = z.output<typeof changePasswordBodySchema>;

/** Current password, new password with the registration's policy; every other session ends. */
export function PasswordChangeCard() {
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordBody, unknown, PasswordValues>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: "", newPassword: "", newPasswordConfirmation: "" },
  });

  async function onSubmit(values: PasswordValues): Promise<void> {
    setFormError(null);
    try {
      await changePassword(values);
      reset();
      toast.success(ACCOUNT_MESSAGES.passwordChanged);
    } catch (error) {
      if (!applyServerFieldErrors(setError, error)) setFormError(getErrorMessage(error));
    }
  }

  return (
    <Card>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <CardHeader>
          <CardTitle>Passwort ändern</CardTitle>
          <CardDescription>
            Nach der Änderung werden alle anderen Sitzungen abgemeldet.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {formError ? (
            <Alert variant="error" className="sm:col-span-2">
              {formError}
            </Alert>
          ) : null}
          <TextField
            label="Aktuelles Passwort"
            type="password"
            autoComplete="current-password"
            fieldClassName="sm:col-span-2"
            error={errors.currentPassword?.message}
            {...register("currentPassword")}
          />
          <TextField
            label="Neues Passwort"
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            error={errors.newPassword?.message}
            {...register("newPassword")}
          />
          <TextField
            label="Neues Passwort bestätigen"
            type="password"
            autoComplete="new-password"
            error={errors.newPasswordConfirmation?.message}
            {...register("newPasswordConfirmation")}
          />
        </CardContent>
        <CardFooter>
          <Button type="submit" isBusy={isSubmitting} busyText="Speichere...">
            Passwort ändern
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
