import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

const controlClasses = cn(
  "block w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm",
  "placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20",
  "disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 read-only:bg-slate-50",
  "aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20",
);

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  hasError?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, hasError, ...props }: InputProps) {
  return (
    <input
      className={cn(controlClasses, "h-10", className)}
      aria-invalid={hasError || undefined}
      {...props}
    />
  );
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  hasError?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, hasError, ...props }: TextareaProps) {
  return (
    <textarea
      className={cn(controlClasses, "min-h-24 py-2", className)}
      aria-invalid={hasError || undefined}
      {...props}
    />
  );
}

interface SelectOption {
  value: string;
  label: string;
  isDisabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  hasError?: boolean;
  options?: SelectOption[];
  /** A first, empty option such as 'Bitte wählen'. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select (accessible, works on phones) in the look of the inputs. */
export function Select({
  className,
  hasError,
  options,
  placeholder,
  children,
  ...props
}: SelectProps) {
  return (
    <select
      className={cn(controlClasses, "h-10 pr-8", className)}
      aria-invalid={hasError || undefined}
      {...props}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options?.map((option) => (
        <option key={option.value} value={option.value} disabled={option.isDisabled}>
          {option.label}
        </option>
      ))}
      {children}
    </select>
  );
}
