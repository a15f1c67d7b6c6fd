import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "./api-error";

/**
 * Puts the server's field messages (400 VALIDATION) on the form's fields. `toFormField` maps a
 * server field ("property.name", "units.0.area") to the form's path, or null when it is not on
 * this form. Returns true when at least one message was placed.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  toFormField: (serverField: string) => string | null = (field) => field,
): boolean {
  if (!isApiError(error)) return false;
  let isPlaced = false;
  for (const [serverField, message] of Object.entries(error.fields)) {
    const formField = toFormField(serverField);
    if (formField === null) continue;
    setError(formField as Path<T>, { type: "server", message });
    isPlaced = true;
  }
  return isPlaced;
}
