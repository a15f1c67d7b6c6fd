import type { ComponentProps, FocusEvent } from "react";
import { formatDecimalTextDe, parseDecimalInput } from "@nk/contract";
import { TextField } from "./ui/field";

// The one input for decimals (areas, money, readings, prices; issue 15, decision 0981). A text
// input, never type="number": a number input hands the page its own reading of "66,75" (empty,
// or 6675 in some locales), so the user's comma could be lost before our parser sees it. The
// text is read by the contract's parseDecimalInput ("66,75" and "66.75" are 66.75, "1.234,56" is
// 1234.56) and shown de-DE once the field is left.

/** User text in de-DE once it is a decimal ("66.75" -> "66,75"); other text stays as typed. */
export function toGermanDecimalText(text: string, minDecimals = 0): string {
  const canonical = parseDecimalInput(text);
  return canonical === null ? text : formatDecimalTextDe(canonical, minDecimals);
}

/** A stored value ("66.75", null) as the text a decimal input starts with ("66,75", ""). */
export function toDecimalInputValue(value: string | null | undefined, minDecimals = 0): string {
  return value === null || value === undefined || value === "" ? "" : toGermanDecimalText(value, minDecimals);
}

export type DecimalFieldProps = Omit<ComponentProps<typeof TextField>, "type" | "inputMode" | "min" | "max" | "step"> & {
  /** Decimals shown at least once the field is left (money: 2). */
  minDecimals?: number;
};

/** TextField for a decimal: comma or point, de-DE after leaving, with react-hook-form's register. */
export function DecimalField({ minDecimals = 0, onBlur, onChange, ...props }: DecimalFieldProps) {
  function handleBlur(event: FocusEvent<HTMLInputElement>): void {
    const shown = toGermanDecimalText(event.target.value, minDecimals);
    if (shown !== event.target.value) {
      event.target.value = shown;
      onChange?.(event);
    }
    onBlur?.(event);
  }
  return <TextField type="text" inputMode="decimal" autoComplete="off" spellCheck={false} {...props} onChange={onChange} onBlur={handleBlur} />;
}
