import { useId, type ReactNode, type Ref } from "react";
import { cn } from "../../lib/cn";
import {
  Input,
  Select,
  Textarea,
  type InputProps,
  type SelectProps,
  type TextareaProps,
} from "./input";
import { Label } from "./label";

/** The ids a control points to with aria-describedby. */
function getDescribedBy(
  id: string,
  { hint, error }: { hint?: ReactNode; error?: ReactNode },
): string | undefined {
  return (
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") ||
    undefined
  );
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** Keeps one line free for the error, so a message appearing moves nothing below it. */
  reserveMessageSpace?: boolean;
  children: ReactNode;
}

/**
 * Label, control, hint and error text. The control needs `id={id}` and
 * `aria-describedby={getDescribedBy(id, { hint, error })}`; TextField etc. do that for you.
 */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  reserveMessageSpace = false,
  children,
}: FieldProps) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={`${id}-error`}
          className={cn("text-sm text-red-600", reserveMessageSpace && "min-h-5")}
        >
          {error}
        </p>
      ) : reserveMessageSpace ? (
        <p className="min-h-5" aria-hidden="true" />
      ) : null}
    </div>
  );
}

interface FieldExtras {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  fieldClassName?: string;
  reserveMessageSpace?: boolean;
}

export function TextField({
  label,
  hint,
  error,
  fieldClassName,
  reserveMessageSpace,
  id,
  ...props
}: InputProps & FieldExtras & { ref?: Ref<HTMLInputElement> }) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Field
      id={inputId}
      label={label}
      hint={hint}
      error={error}
      className={fieldClassName}
      reserveMessageSpace={reserveMessageSpace}
    >
      <Input
        id={inputId}
        hasError={Boolean(error)}
        aria-describedby={getDescribedBy(inputId, { hint, error })}
        {...props}
      />
    </Field>
  );
}

export function TextareaField({
  label,
  hint,
  error,
  fieldClassName,
  reserveMessageSpace,
  id,
  ...props
}: TextareaProps & FieldExtras) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Field
      id={inputId}
      label={label}
      hint={hint}
      error={error}
      className={fieldClassName}
      reserveMessageSpace={reserveMessageSpace}
    >
      <Textarea
        id={inputId}
        hasError={Boolean(error)}
        aria-describedby={getDescribedBy(inputId, { hint, error })}
        {...props}
      />
    </Field>
  );
}

export function SelectField({
  label,
  hint,
  error,
  fieldClassName,
  reserveMessageSpace,
  id,
  ...props
}: SelectProps & FieldExtras) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Field
      id={inputId}
      label={label}
      hint={hint}
      error={error}
      className={fieldClassName}
      reserveMessageSpace={reserveMessageSpace}
    >
      <Select
        id={inputId}
        hasError={Boolean(error)}
        aria-describedby={getDescribedBy(inputId, { hint, error })}
        {...props}
      />
    </Field>
  );
}
