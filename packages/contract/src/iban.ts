import { friendlyFormatIBAN, validateIBAN, ValidationErrorsIBAN } from "ibantools";

// IBAN checks through the maintained ibantools library (docs/decisions/1651-iban-library.md):
// ISO 13616 country length and BBAN structure, the MOD 97-10 check digits and, where a country
// has them, the national check digits. Only the German messages and the normalising are ours.

/** Removes spaces and upper-cases: 'de89 3704 …' → 'DE893704…'. */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, "").toUpperCase();
}

/** The general ISO 13616 shape; anything outside it is refused with the format message before any checksum. */
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** Wrong country, length or account structure: the input does not have an IBAN's form. */
const FORMAT_ERRORS = new Set([
  ValidationErrorsIBAN.NoIBANCountry,
  ValidationErrorsIBAN.WrongBBANLength,
  ValidationErrorsIBAN.WrongBBANFormat,
]);

/** Why an IBAN is refused ("format" or "checksum"), or null when it is valid; spaces and case do not matter. */
export function findIbanProblem(iban: string): "format" | "checksum" | null {
  const normalized = normalizeIban(iban);
  if (!IBAN_SHAPE.test(normalized)) return "format";
  const { valid, errorCodes } = validateIBAN(normalized);
  if (valid) return null;
  return errorCodes.some((code) => FORMAT_ERRORS.has(code)) ? "format" : "checksum";
}

/** 'DE89370400440532013000' → 'DE89 3704 0044 0532 0130 00' (the printed form, DIN 5008). */
export function formatIban(iban: string): string {
  return friendlyFormatIBAN(normalizeIban(iban)) ?? "";
}
