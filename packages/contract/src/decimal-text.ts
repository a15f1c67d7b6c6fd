import { z } from "zod";

// The one module for exact decimals: money, areas, meter readings, consumption, prices,
// percentages and counts. Values travel as canonical text ("1234.56") and are compared and added
// as scaled integers (BigInt), so no binary float ever rounds a cent, a square metre or a reading
// (docs/rules/money-and-rounding.md#exact-money). There are two forms of text and one reader for each (decision 1000):
//
// - Canonical text, what the API sends and stores: digits, a point as the decimal separator,
//   no grouping ("1234.56", "1020", "0.5"). `parseDecimalText` reads it; the server's schemas
//   (`decimalTextSchema`) accept nothing else (or a JSON number, taken as its text). German
//   text such as "1.234,56" or "1.020.000" is refused with 400, never read by a second rule.
// - German user text, what people type into the web app's one decimal field: `readDecimalInput`.
//   A comma is the decimal separator ("66,75" is 66.75, never 6675). A point groups thousands,
//   and only in a valid grouping: "1.020" is 1020, "12.345,678" is 12345.678, "1.234.567" is
//   1234567; "1.23,4" is refused. A single point that cannot be a thousands separator ("1.5",
//   "1.50", "1.5000", "0.5", "1234.5") is ambiguous and refused with a question, never guessed:
//   read as a decimal point it would teach that "2.345" means 2,345, which it does not.
//   Nothing else: no spaces inside, no sign but a leading minus, no exponent, no ",5" or "5,".
//
// `formatDecimalTextDe` writes canonical text in German ("1020" -> "1.020"), and
// `readDecimalInput` reads every such text back to the same value: parse(format(x)) = x.

/** The column (or the law) each kind of value is stored in decides its precision. */
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
  /** Percentages (shares of a key, VAT): 0 to 100 with up to 2 decimals. */
  percent: { maxDecimals: 2, maxIntegerDigits: 3 },
  /** Factors as a supplier states them (kg CO2 per kWh): up to 6 decimals. */
  factor: { maxDecimals: 6, maxIntegerDigits: 2 },
  /** Whole numbers typed by people: persons, priorities, months. */
  count: { maxDecimals: 0, maxIntegerDigits: 6 },
} as const;
export type DecimalKind = keyof typeof DECIMAL_KINDS;

const CANONICAL = /^-?\d+(\.\d+)?$/;
/** A German thousands grouping: 1-3 digits (not starting with 0), then groups of three. */
const GROUPED_INTEGER = /^[1-9]\d{0,2}(\.\d{3})+$/;
const PLAIN_INTEGER = /^\d+$/;

/** Canonical text ("1234.5") or a JSON number as canonical text; null for anything else, German text included. */
export function parseDecimalText(value: string | number): string | null {
  if (typeof value === "number")
    return Number.isFinite(value) && CANONICAL.test(String(value)) ? String(value) : null;
  const text = value.trim();
  return CANONICAL.test(text) ? text : null;
}

/** True for canonical decimal text as the API sends it ("1234.5", "-3"). */
export function isDecimalText(value: string): boolean {
  return CANONICAL.test(value);
}

/** What the decimal field made of the user's text. */
export type DecimalInputReading =
  | { kind: "empty" }
  | { kind: "value"; value: string }
  /** A single point that cannot group thousands ("1.5"): asked about, not guessed. */
  | { kind: "ambiguous" }
  | { kind: "invalid" };

/** German user text as the decimal field reads it (the rules at the top of this file). */
export function readDecimalInput(input: string): DecimalInputReading {
  const text = input.trim();
  if (text === "") return { kind: "empty" };
  const sign = text.startsWith("-") ? "-" : "";
  const body = sign ? text.slice(1) : text;
  const commaParts = body.split(",");
  if (commaParts.length > 2) return { kind: "invalid" };
  let canonical: string | null;
  if (commaParts.length === 2) {
    const [whole = "", fraction = ""] = commaParts;
    const integer = PLAIN_INTEGER.test(whole)
      ? whole
      : GROUPED_INTEGER.test(whole)
        ? whole.replace(/\./g, "")
        : null;
    canonical = integer !== null && PLAIN_INTEGER.test(fraction) ? `${integer}.${fraction}` : null;
  } else if (PLAIN_INTEGER.test(body)) {
    canonical = body;
  } else if (GROUPED_INTEGER.test(body)) {
    canonical = body.replace(/\./g, "");
  } else if (/^\d+\.\d+$/.test(body)) {
    return { kind: "ambiguous" };
  } else {
    canonical = null;
  }
  return canonical === null ? { kind: "invalid" } : { kind: "value", value: `${sign}${canonical}` };
}

/** German user text as canonical text ("1.234,56" -> "1234.56", "1.020" -> "1020"); null when empty, ambiguous or not a number. */
export function parseDecimalInput(input: string): string | null {
  const reading = readDecimalInput(input);
  return reading.kind === "value" ? reading.value : null;
}

/** The question for an ambiguous point ("1.5"): the decimal field shows it instead of guessing. */
export function describeAmbiguousDecimal(input: string): string {
  const text = input.trim();
  return `„${text}“ ist nicht eindeutig: Nachkommastellen bitte mit Komma (${text.replace(".", ",")}); der Punkt trennt nur Tausender (1.500).`;
}

/**
 * What a form holds for typed text the German rules cannot read ("abc", "1.5"): never canonical
 * text, so every decimal schema refuses it with the field's own message, and never read as a value.
 */
export function toUnreadableDecimalValue(input: string): string {
  return `?${input.trim()}`;
}

/** What the decimal field hands its form for the user's text: canonical text, "" when empty, else an unreadable mark. */
export function toDecimalFormValue(input: string): string {
  const reading = readDecimalInput(input);
  if (reading.kind === "empty") return "";
  return reading.kind === "value" ? reading.value : toUnreadableDecimalValue(input);
}

export function countDecimals(value: string): number {
  const dot = value.indexOf(".");
  return dot === -1 ? 0 : value.length - dot - 1;
}

function countIntegerDigits(value: string): number {
  return value
    .replace(/^-/, "")
    .split(".")[0]!
    .replace(/^0+(?=\d)/, "").length;
}

/** Integer of the canonical text scaled by 10^scale ("1.5", 3 -> 1500n); null when it is not canonical or has more decimals. */
export function toScaledBigInt(value: string, scale: number): bigint | null {
  const text = parseDecimalText(value);
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
  return Math.max(0, ...values.map((value) => countDecimals(parseDecimalText(value) ?? "")));
}

/** Compares two canonical decimal texts exactly: -1, 0 or 1. */
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

/** The first message the value breaks, checked in this order; null when it is valid. */
function findDecimalProblem(
  input: string | number,
  kind: DecimalKind,
  messages: DecimalTextMessages,
): string | null {
  if (typeof input === "string" && input.trim() === "") return messages.required;
  const value = parseDecimalText(input);
  if (value === null) return messages.notANumber;
  const isZero = /^-?0+(\.0+)?$/.test(value);
  if (value.startsWith("-") && !isZero) return messages.negative;
  if (isZero && messages.zero) return messages.zero;
  if (countDecimals(value) > DECIMAL_KINDS[kind].maxDecimals) return messages.tooManyDecimals;
  if (countIntegerDigits(value) > DECIMAL_KINDS[kind].maxIntegerDigits) return messages.tooLarge;
  return null;
}

/**
 * A required non-negative decimal of the kind: canonical text ("1234.56", as the web app's
 * decimal field hands it over) or a JSON number. German text ("1.234,56") is refused with the
 * `notANumber` message: the server never reads text by another rule than the web app (decision
 * 1000). Output: canonical text; "-0" becomes "0".
 */
export function decimalTextSchema(kind: DecimalKind, messages: DecimalTextMessages) {
  return z.union([z.string(), z.number()], { error: messages.required }).transform((input, ctx) => {
    const problem = findDecimalProblem(input, kind, messages);
    if (problem !== null) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return parseDecimalText(input)!.replace(/^-/, "");
  });
}

/** The same, but empty input (missing, null, "") is allowed and becomes null. */
export function optionalDecimalTextSchema(kind: DecimalKind, messages: DecimalTextMessages) {
  const required = decimalTextSchema(kind, messages);
  return z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (
        value === null ||
        value === undefined ||
        (typeof value === "string" && value.trim() === "")
      )
        return null;
      const parsed = required.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    });
}

/**
 * An optional bounded decimal (a key's percentage, a CO2 price per tonne, VAT, an emission
 * factor): read exactly like `decimalTextSchema` (canonical text or a JSON number, never German
 * text), at most `max`, and handed on as canonical text, as the engine takes it (contract v1.5,
 * decision 1640: one representation from the database to the engine); empty becomes null. One
 * message for every problem, as these fields name their range.
 */
export function optionalBoundedDecimalTextSchema(kind: DecimalKind, message: string, max: string) {
  const text = optionalDecimalTextSchema(kind, {
    required: message,
    notANumber: message,
    negative: message,
    tooManyDecimals: message,
    tooLarge: message,
  });
  return text.transform((value, ctx) => {
    if (value === null) return null;
    if (compareDecimalText(value, max) > 0) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return value;
  });
}

/**
 * A whole number typed in the decimal field (persons, a priority): canonical text or a JSON
 * number, from `min` to `max`, handed on as a number; one message for every problem.
 */
export function wholeNumberSchema(message: string, min: number, max: number) {
  return z.union([z.string(), z.number()], { error: message }).transform((input, ctx) => {
    const value = parseDecimalText(input);
    if (value === null || !/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return Number(value);
  });
}

/** "1234.500" -> "1.234,5" (de-DE, exactly as given, trailing zeros dropped, at least `minDecimals`). */
export function formatDecimalTextDe(value: string, minDecimals = 0): string {
  const text = parseDecimalText(value) ?? value;
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

/**
 * A quantity for reading (m², persons, weights, readings): at most `maxDecimals` places, half
 * up, de-DE grouping ("22.812,5"). Display only: no figure is computed from it (the engine's
 * figures stay exact; issue 25).
 */
export function formatQuantityDe(value: string | number, maxDecimals = 3): string {
  const text =
    parseDecimalText(typeof value === "number" ? toPlainNumberText(value) : value) ?? String(value);
  const isNegative = text.startsWith("-");
  const [whole = "0", fraction = ""] = text.replace(/^-/, "").split(".");
  if (fraction.length <= maxDecimals) return formatDecimalTextDe(text);
  const scaled =
    BigInt(whole + fraction.slice(0, maxDecimals)) + (Number(fraction[maxDecimals]) >= 5 ? 1n : 0n);
  const digits = scaled.toString().padStart(maxDecimals + 1, "0");
  const rounded =
    maxDecimals === 0 ? digits : `${digits.slice(0, -maxDecimals)}.${digits.slice(-maxDecimals)}`;
  return formatDecimalTextDe(`${isNegative && scaled !== 0n ? "-" : ""}${rounded}`);
}

/**
 * A decimal text as a number for a chart's bar length or a marker's position only (issue 25,
 * decision 1043): never shown, never computed with; every figure shown is formatted from the
 * text. 0 for text that is no number.
 */
export function toChartLength(value: string | null): number {
  if (value === null) return 0;
  const text = parseDecimalText(value);
  return text === null ? 0 : Number(text);
}

// A JSON number as plain decimal text (no exponent), as its shortest form says it.
function toPlainNumberText(value: number): string {
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20).replace(/\.?0+$/, "") : text;
}
