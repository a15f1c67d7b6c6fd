import { z } from "zod";

// Exact decimal text for meter readings, tariff prices and tier limits. Values travel as strings
// ("1234.567") so no binary float ever rounds a reading or a price (DECISIONS 1).

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** "1.234,5" -> "1234.5"; trims; a JSON number becomes its text. */
export function normalizeDecimalText(value: string | number): string {
  if (typeof value === "number") return String(value);
  const trimmed = value.trim();
  // A German input may use a comma for decimals; a dot is then a thousands separator.
  return trimmed.includes(",") ? trimmed.replace(/\./g, "").replace(",", ".") : trimmed;
}

export function isDecimalText(value: string): boolean {
  return DECIMAL_TEXT.test(value);
}

export function countDecimals(value: string): number {
  const dot = value.indexOf(".");
  return dot === -1 ? 0 : value.length - dot - 1;
}

export interface DecimalTextMessages {
  required: string;
  notANumber: string;
  negative: string;
  tooManyDecimals: string;
  tooLarge: string;
}

/**
 * A required non-negative decimal with at most `maxDecimals` decimals and `maxIntegerDigits`
 * integer digits (the numeric column's precision). Output: the normalized text.
 */
export function nonNegativeDecimalText(maxDecimals: number, maxIntegerDigits: number, messages: DecimalTextMessages) {
  return z
    .union([z.string(), z.number()], { error: messages.required })
    .transform((v) => normalizeDecimalText(v))
    .superRefine((v, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: "custom", message });
      if (v === "") return fail(messages.required);
      if (!isDecimalText(v)) return fail(messages.notANumber);
      if (v.startsWith("-") && !/^-0+(\.0+)?$/.test(v)) return fail(messages.negative);
      if (countDecimals(v) > maxDecimals) return fail(messages.tooManyDecimals);
      const integerDigits = v.replace(/^-/, "").split(".")[0]!.replace(/^0+(?=\d)/, "");
      if (integerDigits.length > maxIntegerDigits) return fail(messages.tooLarge);
    })
    .transform((v) => v.replace(/^-/, ""));
}

/** The same, but empty input (missing, null, "") is allowed and becomes null. */
export function optionalNonNegativeDecimalText(maxDecimals: number, maxIntegerDigits: number, messages: DecimalTextMessages) {
  const inner = nonNegativeDecimalText(maxDecimals, maxIntegerDigits, messages);
  return z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return null;
      const parsed = inner.safeParse(v);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    });
}

/** Integer of the decimal text scaled by 10^scale ("1.5", 3 -> 1500n); null when it is not a decimal. */
export function toScaledBigInt(value: string, scale: number): bigint | null {
  const text = normalizeDecimalText(value);
  if (!isDecimalText(text)) return null;
  const isNegative = text.startsWith("-");
  const [whole = "0", fraction = ""] = text.replace(/^-/, "").split(".");
  if (fraction.length > scale) return null;
  const scaled = BigInt(whole + fraction.padEnd(scale, "0"));
  return isNegative ? -scaled : scaled;
}

/** Compares two non-negative decimal texts exactly: -1, 0 or 1. */
export function compareDecimalText(a: string, b: string): number {
  const scale = Math.max(countDecimals(normalizeDecimalText(a)), countDecimals(normalizeDecimalText(b)));
  const x = toScaledBigInt(a, scale);
  const y = toScaledBigInt(b, scale);
  if (x === null || y === null) throw new Error(`not a decimal: ${a} / ${b}`);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** "1234.500" -> "1.234,5" (de-DE, trailing zeros dropped, at least `minDecimals`). */
export function formatDecimalTextDe(value: string, minDecimals = 0): string {
  const text = normalizeDecimalText(value);
  const isNegative = text.startsWith("-");
  const [whole = "0", rawFraction = ""] = text.replace(/^-/, "").split(".");
  let fraction = rawFraction.replace(/0+$/, "");
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, "0");
  const grouped = whole.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${isNegative ? "-" : ""}${grouped}${fraction ? `,${fraction}` : ""}`;
}

/** "2024-12-31" -> "31.12.2024". */
export function formatCalendarDateDe(date: string): string {
  const [y, m, d] = date.split("-");
  return `${d}.${m}.${y}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else can name no row (the server answers 404 for it). */
export function isUuidText(value: string): boolean {
  return UUID.test(value);
}

/** An optional id: "" and null become null. */
export function optionalUuidField(message: string) {
  return z
    .string({ error: message })
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : null))
    .refine((v) => v === null || isUuidText(v), { message });
}

/** A required id. */
export function requiredUuidField(message: string) {
  return z
    .string({ error: message })
    .transform((v) => v.trim())
    .refine((v) => v !== "", { message })
    .refine((v) => v === "" || isUuidText(v), { message });
}

/** a - b of two decimal texts, exact, as text with `scale` decimals ("12.5" - "10" -> "2.500"). */
export function subtractDecimalText(a: string, b: string, scale = 3): string {
  const x = toScaledBigInt(a, scale);
  const y = toScaledBigInt(b, scale);
  if (x === null || y === null) throw new Error(`not a decimal: ${a} / ${b}`);
  const difference = x - y;
  const isNegative = difference < 0n;
  const digits = (isNegative ? -difference : difference).toString().padStart(scale + 1, "0");
  const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return isNegative ? `-${text}` : text;
}
