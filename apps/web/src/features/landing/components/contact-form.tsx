import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck } from "lucide-react";
import {
  CONTACT_MESSAGES,
  CONTACT_SUBJECTS,
  contactRequestBodySchema,
  type ContactRequestBody,
} from "@nk/contract";
import type { z } from "zod";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField, TextareaField } from "../../../components/ui/field";
import { getErrorMessage } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { useSubmitContact } from "../api";

type ContactValues = z.output<typeof contactRequestBodySchema>;

/** Name, E-Mail, Betreff, Nachricht: stored and mailed to the operator. */
export function ContactForm() {
  const submit = useSubmitContact();
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactRequestBody, unknown, ContactValues>({
    resolver: zodResolver(contactRequestBodySchema),
    defaultValues: { name: "", email: "", subject: "Allgemeine Anfrage", message: "" },
  });

  async function onSubmit(values: ContactValues): Promise<void> {
    setFormError(null);
    try {
      const answer = await submit.mutateAsync(values);
      reset();
      setSuccessMessage(answer.message);
    } catch (error) {
      if (!applyServerFieldErrors(setError, error))
        setFormError(getErrorMessage(error, CONTACT_MESSAGES.failed));
    }
  }

  if (successMessage) {
    return (
      <div
        role="status"
        className="flex flex-col items-start gap-3 rounded-xl bg-white p-6 text-slate-800"
      >
        <CircleCheck className="size-8 text-emerald-600" aria-hidden="true" />
        <p className="font-semibold">Nachricht gesendet</p>
        <p className="text-sm text-slate-600">{successMessage}</p>
        <Button variant="outline" size="sm" onClick={() => setSuccessMessage(null)}>
          Weitere Nachricht senden
        </Button>
      </div>
    );
  }

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      className="space-y-4 rounded-xl bg-white p-6 text-slate-900"
      aria-label="Kontaktformular"
    >
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register("name")}
        />
        <TextField
          label="E-Mail"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register("email")}
        />
      </div>
      <SelectField
        label="Betreff"
        error={errors.subject?.message}
        options={CONTACT_SUBJECTS.map((subject) => ({ value: subject, label: subject }))}
        {...register("subject")}
      />
      <TextareaField
        label="Nachricht"
        rows={5}
        error={errors.message?.message}
        {...register("message")}
      />
      <Button type="submit" isBusy={isSubmitting} busyText="Sende..." className="w-full sm:w-auto">
        Nachricht senden
      </Button>
    </form>
  );
}
