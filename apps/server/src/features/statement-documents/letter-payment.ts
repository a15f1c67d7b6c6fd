import { buildEpcPayload } from "./epc-qr-payload.ts";
import type { LetterLegal, LetterSender } from "./letter-model.ts";

// The payment a letter asks for (issue 24, items 1, 2 and 14): the purpose names the statement,
// the tenant and the unit, and a correction as such; the GiroCode carries exactly what the
// engine's settlement demands (the difference for a correction, nothing for a barred claim).

/** EPC069-12: unstructured remittance information, at most 140 characters. */
const EPC_PURPOSE_LENGTH = 140;

/** 'Nebenkostenabrechnung 2024 Anna Müller, EG links'; a correction 'Korrektur (Version 2) Nebenkostenabrechnung 2024 …'. */
export function formatPaymentPurpose(input: {
  periodLabel: string;
  tenantName: string;
  unitName: string;
  correctionVersion: number | null;
}): string {
  const prefix = input.correctionVersion
    ? `Korrektur (Version ${input.correctionVersion}) Nebenkostenabrechnung`
    : "Nebenkostenabrechnung";
  // The EPC remittance line holds 140 characters: the letter prints what the code carries.
  return [
    ...`${prefix} ${input.periodLabel} ${input.tenantName}, ${input.unitName}`.replace(/\s+/g, " "),
  ]
    .slice(0, EPC_PURPOSE_LENGTH)
    .join("");
}

/** The GiroCode of the settlement's demand, or null when the letter asks for nothing. */
export function buildSettlementGiroCode(
  legal: LetterLegal,
  sender: LetterSender,
  purpose: string,
): string | null {
  if (legal.settlement.kind !== "demand") return null;
  return buildEpcPayload({
    name: sender.name,
    iban: sender.iban,
    bic: sender.bic,
    amount: legal.settlement.amount,
    purpose,
  });
}
