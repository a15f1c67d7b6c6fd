import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

/**
 * The message to show under a field (issue 15, decision 0984): after a submit attempt
 * (`isShownAll`), from the server, or once the field was left with input. Leaving an empty
 * field shows nothing, so a click on the next control does not move it away under the pointer.
 */
export function getVisibleError<T extends FieldValues, TOutput>(
  form: UseFormReturn<T, unknown, TOutput>,
  name: Path<T>,
  isShownAll: boolean,
): string | undefined {
  const state = form.getFieldState(name, form.formState);
  const message = state.error?.message;
  if (!message) return undefined;
  if (isShownAll || state.error?.type === "server" || (state.isTouched && state.isDirty))
    return message;
  return undefined;
}
