import { useState, type ComponentProps, type FocusEvent, type Ref } from "react";
import { useController, type Control, type FieldValues, type Path } from "react-hook-form";
import {
  compareDecimalText,
  describeAmbiguousDecimal,
  formatDecimalTextDe,
  parseDecimalText,
  readDecimalInput,
  toDecimalFormValue,
} from "@nk/contract";
import { TextField } from "./ui/field";

// The one input for numbers (readings, kWh, amounts, areas, prices, percentages, persons,
// prepayments, tariffs, tiers; decisions 0981 and 1000). A text input, never type="number": a
// number input hands the page its own locale's reading of "66,75" (empty, or 6675), so the user's
// text would be read before our parser sees it.
//
// The field keeps what the user typed and hands its form canonical text only: "1.020" becomes
// "1020", "12.345,678" becomes "12345.678" (the contract's readDecimalInput). Once left, the
// field shows the value de-DE ("1020" -> "1.020"); that text is only shown, never read again to
// get the value, and readDecimalInput reads it back to the same value anyway (parse(format(x)) =
// x, tested). Text it cannot read hands on a mark every schema refuses; an ambiguous point
// ("1.5") shows the question instead of the schema's message.

type TextFieldProps = ComponentProps<typeof TextField>;

/** A form's value as the field shows it: canonical text de-DE ("1234.5" -> "1.234,50" with 2 decimals). */
export function toShownDecimalText(value: unknown, minDecimals = 0): string {
  if (value === null || value === undefined || value === "") return "";
  const text = String(value);
  const canonical = parseDecimalText(text);
  if (canonical !== null) return formatDecimalTextDe(canonical, minDecimals);
  // The mark of unreadable text ("?1.5") shows what was typed.
  return text.startsWith("?") ? text.slice(1) : text;
}

/** The message under the field: the question for an ambiguous point in place of the schema's message. */
export function toShownDecimalError(text: string, error: string | undefined): string | undefined {
  return error && readDecimalInput(text).kind === "ambiguous"
    ? describeAmbiguousDecimal(text)
    : error;
}

function normalizeFormValue(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

/** "30.50" and "30.5" are the same value: the field keeps showing what the user typed. */
function isSameFormValue(a: string, b: string): boolean {
  if (a === b) return true;
  return (
    parseDecimalText(a) !== null && parseDecimalText(b) !== null && compareDecimalText(a, b) === 0
  );
}

export type DecimalInputProps = Omit<
  TextFieldProps,
  "type" | "inputMode" | "min" | "max" | "step" | "value" | "defaultValue" | "onChange"
> & {
  /** Canonical text ("1234.5"), "" or null for empty; numbers are taken as their text. */
  value: unknown;
  /** Called with canonical text, "" or the mark of unreadable text, as the user types. */
  onValueChange: (value: string) => void;
  /** Decimals shown at least once the field is left (money: 2). */
  minDecimals?: number;
  ref?: Ref<HTMLInputElement>;
};

/** The decimal field without a form (the tariff calculator); DecimalField is it inside react-hook-form. */
export function DecimalInput({
  value,
  onValueChange,
  minDecimals = 0,
  onBlur,
  error,
  ...props
}: DecimalInputProps) {
  const [text, setText] = useState(() => toShownDecimalText(value, minDecimals));
  const [handedOn, setHandedOn] = useState(() => normalizeFormValue(value));
  const current = normalizeFormValue(value);
  // The value changed from outside (a reset, a loaded average, a tariff's amount): show it.
  if (!isSameFormValue(current, handedOn)) {
    setHandedOn(current);
    setText(toShownDecimalText(current, minDecimals));
  }

  function handleBlur(event: FocusEvent<HTMLInputElement>): void {
    const reading = readDecimalInput(text);
    if (reading.kind === "value") setText(formatDecimalTextDe(reading.value, minDecimals));
    onBlur?.(event);
  }

  return (
    <TextField
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      {...props}
      error={toShownDecimalError(text, error)}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        const next = toDecimalFormValue(typed);
        setText(typed);
        setHandedOn(next);
        onValueChange(next);
      }}
      onBlur={handleBlur}
    />
  );
}

export type DecimalFieldProps<T extends FieldValues, TOutput> = Omit<
  DecimalInputProps,
  "value" | "onValueChange" | "name" | "ref"
> & {
  control: Control<T, unknown, TOutput>;
  name: Path<T>;
  /** Told after the form got the new value (e.g. to clear a result computed from the old one). */
  onValueChange?: (value: string) => void;
};

/** The decimal field of a react-hook-form form: the form holds canonical text (what the API takes). */
export function DecimalField<T extends FieldValues, TOutput = T>({
  control,
  name,
  onBlur,
  onValueChange,
  ...props
}: DecimalFieldProps<T, TOutput>) {
  const {
    field: { ref: inputRef, value, onChange, onBlur: markTouched },
  } = useController({ control, name });
  return (
    <DecimalInput
      {...props}
      name={name}
      ref={inputRef}
      value={value}
      onValueChange={(next) => {
        onChange(next);
        onValueChange?.(next);
      }}
      onBlur={(event) => {
        markTouched();
        onBlur?.(event);
      }}
    />
  );
}
