import { compareDecimalText, isDecimalText, normalizeIban } from "@nk/contract";

// GiroCode: the EPC QR code of the European Payments Council (EPC069-12 'Quick Response Code:
// Guidelines to Enable Data Capture for the Initiation of a SEPA Credit Transfer', version 002),
// printed for a back-payment (docs/rules/statements.md#pdfs-and-sending). Lines joined by LF, UTF-8 (character set 1),
// at most 331 bytes; the QR code uses error correction level M.

export interface EpcPayment {
  name: string;
  iban: string;
  bic?: string | null;
  /** Euros as decimal text, 0.01 to 999999999.99. */
  amount: string;
  /** Unstructured remittance information, at most 140 characters. */
  purpose: string;
}

const MAX_NAME = 70;
const MAX_PURPOSE = 140;

class EpcPayloadError extends Error {}

/** The payload text of the EPC QR code, e.g. 'BCD\n002\n1\nSCT\nCOBADEFFXXX\nName\nDE89…\nEUR359.03\n\n\nZweck'. */
export function buildEpcPayload(payment: EpcPayment): string {
  const amount = payment.amount.trim();
  if (
    !isDecimalText(amount) ||
    !/^\d+(\.\d{1,2})?$/.test(amount) ||
    compareDecimalText(amount, "0.01") < 0 ||
    compareDecimalText(amount, "999999999.99") > 0
  ) {
    throw new EpcPayloadError(`Betrag für den GiroCode ungültig: ${payment.amount}`);
  }
  const lines = [
    "BCD",
    "002",
    "1",
    "SCT",
    (payment.bic ?? "").replace(/\s+/g, "").toUpperCase(),
    clip(payment.name, MAX_NAME),
    normalizeIban(payment.iban),
    `EUR${amount}`,
    "", // purpose code
    "", // structured creditor reference (none: the text below is used)
    clip(payment.purpose, MAX_PURPOSE),
  ];
  return lines.join("\n");
}

/** Collapses whitespace and cuts to the field length (line breaks would break the format). */
function clip(text: string, max: number): string {
  return [...text.replace(/\s+/g, " ").trim()].slice(0, max).join("");
}
