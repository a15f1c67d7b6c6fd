import {
  compareDecimalText,
  formatCalendarDateDe,
  formatEuroDe,
  formatIban,
  PREPAYMENT_ADJUSTMENT_MESSAGES,
} from "@nk/contract";
import type { Content, TableCell } from "pdfmake/interfaces";
import type { LetterModel } from "./letter-model.ts";
import { COLORS, heading, mm, TABLE_LAYOUT, th } from "./pdf-style.ts";

// The parts of a letter that § 556 (3) BGB and a correction decide (issue 24, items 1 and 2;
// decision 1061): the result rows of the summary, the list of what a correction changed, and
// the payment block with what the engine's settlement asks for or pays out. Formatting only:
// every amount is the engine's.

const euro = (value: string) => formatEuroDe(value);
const date = (value: string) => formatCalendarDateDe(value);
const abs = (value: string) => value.replace(/^-/, "");
const isPositive = (value: string) => compareDecimalText(value, "0") > 0;
const isNegative = (value: string) => compareDecimalText(value, "0") < 0;

/** 'Nachzahlung 291,87 €', 'Guthaben 12,00 €', 'ausgeglichen' for a balance (positive = the tenant owes). */
function describeBalance(balance: string): string {
  if (isPositive(balance)) return `Nachzahlung ${euro(balance)}`;
  if (isNegative(balance)) return `Guthaben ${euro(abs(balance))}`;
  return "ausgeglichen";
}

/** Is the letter more than a plain statement in time (a correction, or a claim that is barred)? */
export function hasSettlementRows(model: LetterModel): boolean {
  return model.legal.correction !== null || isPositive(model.legal.settlement.barred);
}

/**
 * The rows of the summary after 'Ihre Kosten' and 'Vorauszahlungen' when the letter settles
 * something other than its balance: the result, the part that may not be claimed, what the
 * previous letter settled, and what the tenant pays or receives now. [label, amount, strong].
 */
export function settlementRows(model: LetterModel): Array<[string, string, boolean]> {
  const { settlement, correction } = model.legal;
  const rows: Array<[string, string, boolean]> = [
    [`Ergebnis dieser Abrechnung: ${model.result}`, euro(model.resultAmount), false],
  ];
  if (isPositive(settlement.barred))
    rows.push([
      "davon nicht gefordert (§ 556 Abs. 3 Satz 3 BGB)",
      `− ${euro(settlement.barred)}`,
      false,
    ]);
  if (correction && settlement.previousSettled !== null) {
    rows.push([
      `bereits abgerechnet am ${date(correction.previousLetterDate)}`,
      describeBalance(settlement.previousSettled),
      false,
    ]);
  }
  const label =
    settlement.kind === "demand"
      ? correction
        ? "Sie zahlen nach"
        : "Sie zahlen"
      : settlement.kind === "payout"
        ? correction
          ? "Sie erhalten zurück"
          : "Sie erhalten"
        : "Zu zahlen";
  rows.push([label, euro(settlement.amount), true]);
  return rows;
}

/** 'Änderungen gegenüber der Abrechnung vom …': every changed item, then costs, prepayments and the result before and after. */
export function correctionSection(model: LetterModel): Content[] {
  const correction = model.legal.correction;
  if (!correction) return [];
  const { changes } = correction;
  const items: TableCell[][] = [
    [
      th("Kostenart"),
      th("Gesamtkosten Haus"),
      th("Ihr Anteil bisher", true),
      th("Ihr Anteil neu", true),
      th("Differenz", true),
    ],
  ];
  for (const change of changes.changes) {
    const total =
      change.previousItemAmount === null
        ? `neu: ${euro(change.itemAmount ?? "0")}`
        : change.itemAmount === null
          ? `entfallen (bisher ${euro(change.previousItemAmount)})`
          : change.previousItemAmount === change.itemAmount
            ? `${euro(change.itemAmount)} (unverändert)`
            : `${euro(change.itemAmount)} (bisher ${euro(change.previousItemAmount)})`;
    items.push([
      { text: change.costType, bold: true },
      { text: total },
      {
        text: change.previousShare === null ? "–" : euro(change.previousShare),
        alignment: "right",
      },
      { text: change.share === null ? "–" : euro(change.share), alignment: "right" },
      { text: signed(change.shareDifference), alignment: "right", bold: true },
    ]);
  }
  const totals: TableCell[][] = [
    [th(""), th("bisher", true), th("neu", true), th("Differenz", true)],
  ];
  if (
    changes.previousUsage.days !== changes.usage.days ||
    changes.previousUsage.from !== changes.usage.from
  ) {
    totals.push([
      { text: "Ihr Nutzungszeitraum" },
      {
        text: `${date(changes.previousUsage.from)} – ${date(changes.previousUsage.to)}`,
        alignment: "right",
      },
      { text: `${date(changes.usage.from)} – ${date(changes.usage.to)}`, alignment: "right" },
      { text: "" },
    ]);
  }
  totals.push(
    [
      { text: "Ihre Kosten" },
      { text: euro(changes.previousTotal), alignment: "right" },
      { text: euro(changes.total), alignment: "right" },
      { text: signed(changes.totalDifference), alignment: "right" },
    ],
    [
      { text: "Ihre Vorauszahlungen" },
      { text: euro(changes.previousPrepayments), alignment: "right" },
      { text: euro(changes.prepayments), alignment: "right" },
      { text: signed(changes.prepaymentsDifference), alignment: "right" },
    ],
    [
      { text: "Ergebnis", bold: true },
      { text: describeBalance(changes.previousBalance), alignment: "right", bold: true },
      { text: describeBalance(changes.balance), alignment: "right", bold: true },
      { text: signed(changes.balanceDifference), alignment: "right", bold: true },
    ],
  );
  return [
    {
      unbreakable: changes.changes.length <= 12,
      stack: [
        heading(`Änderungen gegenüber der Abrechnung vom ${date(correction.previousLetterDate)}`),
        {
          text: `Diese Abrechnung (Version ${correction.version}) ersetzt die Abrechnung vom ${date(correction.previousLetterDate)}. ${
            changes.changes.length === 0
              ? "Die Kostenpositionen und Ihre Anteile daran sind unverändert."
              : "Geändert haben sich diese Kostenpositionen (Beträge in Euro):"
          }`,
          margin: [0, 0, 0, 4],
        },
        ...(changes.changes.length > 0
          ? [
              {
                table: {
                  headerRows: 1,
                  dontBreakRows: true,
                  widths: ["*", mm(46), mm(22), mm(22), mm(22)],
                  body: items,
                },
                layout: TABLE_LAYOUT,
                margin: [0, 0, 0, 6],
              } as Content,
            ]
          : []),
        {
          table: {
            headerRows: 1,
            dontBreakRows: true,
            widths: ["*", mm(34), mm(34), mm(24)],
            body: totals,
          },
          layout: TABLE_LAYOUT,
        },
        {
          text: "Positive Differenzen gehen zu Ihren Lasten, negative zu Ihren Gunsten. Abgerechnet wird nur die Differenz zur bisherigen Abrechnung (siehe „Ergebnis“).",
          style: "note",
          margin: [0, 3, 0, 0],
        },
      ],
    },
  ];
}

/** '+ 12,30 €', '− 4,00 €', '0,00 €'. */
function signed(value: string): string {
  if (isPositive(value)) return `+ ${euro(value)}`;
  if (isNegative(value)) return `− ${euro(abs(value))}`;
  return euro("0");
}

/** The late-statement paragraph (§ 556 (3) Satz 3 BGB) when the letter goes out after the deadline with the landlord's reason. */
function lateExcuseNote(model: LetterModel): Content[] {
  const { legal } = model;
  if (!legal.isLate || !legal.lateExcuse) return [];
  return [
    {
      margin: [0, 6, 0, 0],
      text: [
        { text: "Abrechnung nach Ablauf der Abrechnungsfrist: ", bold: true },
        `Diese Abrechnung geht Ihnen nach Ablauf der Frist am ${date(legal.deadline)} zu (§ 556 Abs. 3 Satz 2 BGB). Die Verspätung haben wir nicht zu vertreten (§ 556 Abs. 3 Satz 3 BGB): ${legal.lateExcuse}`,
      ],
    },
  ];
}

/**
 * The payment block: the bank details and the GiroCode for what the letter asks for, the payout
 * of a credit or a correction's difference, or why nothing is asked for (a barred claim).
 */
export function settlementPaymentSection(model: LetterModel): Content[] {
  const s = model.sender;
  const { settlement, correction, deadline } = model.legal;
  const result: Content[] = [...lateExcuseNote(model)];
  if (settlement.kind === "demand" && model.giroCode) {
    const what = correction ? "den Differenzbetrag" : "die Nachzahlung";
    const account: Content[] = [
      {
        text: `Bitte überweisen Sie ${what} von ${euro(settlement.amount)} bis zum ${date(model.dueDate)} auf dieses Konto:`,
        margin: [0, 0, 0, 4],
      },
      {
        table: {
          widths: [mm(30), "*"],
          body: [
            ["Empfänger", s.name],
            ["IBAN", formatIban(s.iban)],
            ...(s.bic ? [["BIC", s.bic]] : []),
            ...(s.bankName ? [["Bank", s.bankName]] : []),
            ["Betrag", euro(settlement.amount)],
            ["Verwendungszweck", model.paymentPurpose],
          ].map(([label, value]) => [
            { text: label ?? "", color: COLORS.muted },
            { text: value ?? "", bold: label === "IBAN" || label === "Betrag" },
          ]),
        },
        layout: {
          hLineWidth: () => 0,
          vLineWidth: () => 0,
          paddingLeft: () => 0,
          paddingTop: () => 1,
          paddingBottom: () => 1,
        },
      },
    ];
    result.push({
      margin: [0, 8, 0, 0],
      unbreakable: true,
      columns: [
        { width: "*", stack: account },
        {
          width: mm(40),
          stack: [
            { qr: model.giroCode, fit: mm(40), eccLevel: "M", alignment: "right" },
            {
              text: "GiroCode: mit der Banking-App scannen",
              fontSize: 7,
              color: COLORS.muted,
              alignment: "right",
              margin: [0, 2, 0, 0],
            },
          ],
        },
      ],
    });
  } else if (settlement.kind === "payout") {
    result.push({
      margin: [0, 8, 0, 0],
      text: correction
        ? `Den Differenzbetrag von ${euro(settlement.amount)} zu Ihren Gunsten überweisen wir Ihnen bis zum ${date(model.dueDate)} auf das uns bekannte Konto. Hat sich Ihre Bankverbindung geändert, teilen Sie uns bitte die neue mit.`
        : `Ihr Guthaben von ${euro(settlement.amount)} überweisen wir Ihnen bis zum ${date(model.dueDate)} auf das uns bekannte Konto. Hat sich Ihre Bankverbindung geändert, teilen Sie uns bitte die neue mit.`,
    });
  }
  if (isPositive(settlement.barred)) {
    result.push({
      margin: [0, 8, 0, 0],
      text: [
        { text: "Keine Nachforderung nach Ablauf der Abrechnungsfrist: ", bold: true },
        correction
          ? `Die Korrektur ergäbe für Sie eine um ${euro(settlement.barred)} höhere Zahlung als bisher abgerechnet. Diese Abrechnung geht Ihnen nach Ablauf der Abrechnungsfrist am ${date(deadline)} zu; zu Ihren Lasten dürfen wir die Abrechnung danach nicht mehr ändern (§ 556 Abs. 3 Satz 3 BGB). Diesen Betrag müssen Sie nicht zahlen.`
          : `Aus dieser Abrechnung ergibt sich eine Nachzahlung von ${euro(settlement.barred)}. Diese Abrechnung geht Ihnen nach Ablauf der Abrechnungsfrist am ${date(deadline)} zu; eine Nachzahlung können wir deshalb nicht mehr verlangen (§ 556 Abs. 3 Satz 3 BGB). Sie müssen sie nicht zahlen.`,
      ],
    });
  } else if (settlement.kind === "none" && correction) {
    result.push({
      margin: [0, 8, 0, 0],
      text: "Aus der Korrektur ergibt sich für Sie keine Zahlung.",
    });
  }
  return [...result, ...prepaymentProposalNote(model)];
}

/** Issue 30: the § 560 (4) BGB adjustment of the monthly prepayment (the engine's proposal). */
function prepaymentProposalNote(model: LetterModel): Content[] {
  const proposal = model.legal.prepaymentProposal;
  if (!proposal) return [];
  return [
    {
      margin: [0, 8, 0, 0],
      text: [
        { text: "Anpassung der Vorauszahlung: ", bold: true },
        PREPAYMENT_ADJUSTMENT_MESSAGES.letterNote(proposal.monthly, proposal.rounding),
      ],
    },
  ];
}
