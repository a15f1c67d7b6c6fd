import { z } from "zod";

// The one module for exact decimals: money, areas, meter readings, consumption and unit prices.
// Values travel as text ("1234.56") and are compared and added as scaled integers (BigInt), so
// no binary float ever rounds a cent, a square metre or a reading (DECISIONS 1). Server schemas
// and web inputs both use it.
//
// Reading user text (decision 0007):
// - A comma is the decimal separator: "66,75" is 66.75, never 6675. Points before it must then
//   group thousands in threes: "1.234,56" is 1234.56; "1.23,4" is refused.
// - Without a comma, a single point is the decimal separator ("66.75", the API's own form and what
//   a number input yields). Several points group thousands: "1.234.567" is 1234567.
// - Nothing else: no spaces inside, no sign but a leading minus, no exponent, no ".5" or "5.".

/** The column each kind of value is stored in decides its precision. */
export const DECIMAL_KINDS = {
  /** Euro amounts, numeric(12, 2). */
  money: { maxDecimals: 2, maxIntegerDigits: 10 },
  /** Living area in m², numeric(10, 2). */
  area: { maxDecimals: 2, maxIntegerDigits: 8 },
  /** Meter readings, numeric(14, 3). */
  reading: { maxDecimals: 3, maxIntegerDigits: 11 },
  /** Consumption quantities (kWh, m³, tier limits), numeric(14, 3). */
  consumption: { maxDecimals: 3, maxIntegerDigits: 11 },
  /** Prices per unit of a tariff in euros, numeric(14, 6). */
  unitPrice: { maxDecimals: 6, maxIntegerDigits: 8 },
} as const;
export type DecimalKind = keyof typeof DECIMAL_KINDS;

const CANONICAL = /^-?\d+(\.\d+)?$/;
const GROUPED_INTEGER = /^\d{1,3}(\.\d{3})+$/;

/**
 * User text or a JSON number as canonical decimal text ("1.234,56" -> "1234.56"), or null when
 * it is not a decimal number by the rules above.
 */
export function parseDecimalInput(value: string | number): string | null {
  if (typeof value === "number") return Number.isFinite(value) && CANONICAL.test(String(value)) ? String(value) : null;
  const text = value.trim();
  const sign = text.startsWith("-") ? "-" : "";
  const body = sign ? text.slice(1) : text;
  const commaParts = body.split(",");
  if (commaParts.length > 2) return null;
  let canonical: string;
  if (commaParts.length === 2) {
    const [whole = "", fraction = ""] = commaParts;
    const integer = whole.includes(".") ? (GROUPED_INTEGER.test(whole) ? whole.replace(/\./g, "") : null) : whole;
    if (integer === null) return null;
    canonical = `${integer}.${fraction}`;
  } else if ((body.match(/\./g) ?? []).length > 1) {
    if (!GROUPED_INTEGER.test(body)) return null;
    canonical = body.replace(/\./g, "");
  } else {
    canonical = body;
  }
  const result = `${sign}${canonical}`;
  return CANONICAL.test(result) ? result : null;
}

/** True for canonical decimal text as the API sends it ("1234.5", "-3"). */
export function isDecimalText(value: string): boolean {
  return CANONICAL.test(value);
}

export function countDecimals(value: string): number {
  const dot = value.indexOf(".");
  return dot === -1 ? 0 : value.length - dot - 1;
}

function countIntegerDigits(value: string): number {
  return value.replace(/^-/, "").split(".")[0]!.replace(/^0+(?=\d)/, "").length;
}

/** Integer of the decimal text scaled by 10^scale ("1.5", 3 -> 1500n); null when it is not a decimal or has more decimals. */
export function toScaledBigInt(value: string, scale: number): bigint | null {
  const text = parseDecimalInput(value);
  if (text === null) return null;
  const isNegative = text.startsWith("-");
  const [whole = "0", fraction = ""] = text.replace(/^-/, "").split(".");
  if (fraction.length > scale) return null;
  const scaled = BigInt(whole + fraction.padEnd(scale, "0"));
  return isNegative ? -scaled : scaled;
}

/** Scaled integer back to canonical text with `scale` decimals (1500n, 3 -> "1.500"). */
export function fromScaledBigInt(value: bigint, scale: number): string {
  const isNegative = value < 0n;
  const digits = (isNegative ? -value : value).toString().padStart(scale + 1, "0");
  const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return isNegative ? `-${text}` : text;
}

function requireScaled(value: string, scale: number): bigint {
  const scaled = toScaledBigInt(value, scale);
  if (scaled === null) throw new Error(`not a decimal: ${value}`);
  return scaled;
}

function commonScale(values: readonly string[]): number {
  return Math.max(0, ...values.map((value) => countDecimals(parseDecimalInput(value) ?? "")));
}

/** Compares two decimal texts exactly: -1, 0 or 1. */
export function compareDecimalText(a: string, b: string): number {
  const scale = commonScale([a, b]);
  const x = requireScaled(a, scale);
  const y = requireScaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** a - b, exact, as text with `scale` decimals ("12.5" - "10" -> "2.500"). */
export function subtractDecimalText(a: string, b: string, scale = 3): string {
  return fromScaledBigInt(requireScaled(a, scale) - requireScaled(b, scale), scale);
}

/** The exact sum as text with `scale` decimals ('62.5' + '40.10' -> '102.60'). */
export function sumDecimalTexts(values: readonly string[], scale: number): string {
  return fromScaledBigInt(
    values.reduce((sum, value) => sum + requireScaled(value, scale), 0n),
    scale,
  );
}

export interface DecimalTextMessages {
  required: string;
  notANumber: string;
  negative: string;
  tooManyDecimals: string;
  tooLarge: string;
  /** Given: zero is refused with this message (an area, a prepayment); otherwise zero is fine. */
  zero?: string;
}

/** The first message the text breaks, checked in this order; null when it is valid. */
function findDecimalProblem(text: string, kind: DecimalKind, messages: DecimalTextMessages): string | null {
  if (text.trim() === "") return messages.required;
  const value = parseDecimalInput(text);
  if (value === null) return messages.notANumber;
  const isZero = /^-?0+(\.0+)?$/.test(value);
  if (value.startsWith("-") && !isZero) return messages.negative;
  if (isZero && messages.zero) return messages.zero;
  if (countDecimals(value) > DECIMAL_KINDS[kind].maxDecimals) return messages.tooManyDecimals;
  if (countIntegerDigits(value) > DECIMAL_KINDS[kind].maxIntegerDigits) return messages.tooLarge;
  return null;
}

/**
 * A required non-negative decimal of the kind, from user text (German comma or point) or a JSON
 * number. Output: canonical text ("1234.56"); "-0" becomes "0".
 */
export function decimalTextSchema(kind: DecimalKind, messages: DecimalTextMessages) {
  return z
    .union([z.string(), z.number()], { error: messages.required })
    .transform((input, ctx) => {
      const text = typeof input === "number" ? String(input) : input;
      const problem = findDecimalProblem(text, kind, messages);
      if (problem !== null) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return parseDecimalInput(text)!.replace(/^-/, "");
    });
}

/** The same, but empty input (missing, null, "") is allowed and becomes null. */
export function optionalDecimalTextSchema(kind: DecimalKind, messages: DecimalTextMessages) {
  const required = decimalTextSchema(kind, messages);
  return z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) return null;
      const parsed = required.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    });
}

/** "1234.500" -> "1.234,5" (de-DE, exactly as given, trailing zeros dropped, at least `minDecimals`). */
export function formatDecimalTextDe(value: string, minDecimals = 0): string {
  const text = parseDecimalInput(value) ?? value;
  const isNegative = text.startsWith("-");
  const [whole = "0", rawFraction = ""] = text.replace(/^-/, "").split(".");
  let fraction = rawFraction.replace(/0+$/, "");
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, "0");
  const grouped = whole.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${isNegative ? "-" : ""}${grouped}${fraction ? `,${fraction}` : ""}`;
}

/** Money and prices: "1234.5" -> "1.234,50 €" (every decimal given, at least 2; unit prices keep theirs). */
export function formatEuroDe(value: string): string {
  return `${formatDecimalTextDe(value, 2)} €`;
}

/** "72.5" -> "72,50 m²". */
export function formatAreaDe(value: string): string {
  return `${formatDecimalTextDe(value, 2)} m²`;
}
