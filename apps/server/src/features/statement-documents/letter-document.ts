import { formatCalendarDateDe, formatDecimalTextDe, formatEuroDe, formatIban } from "@nk/contract";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import type { LetterModel } from "./letter-model.ts";
import { formatQuantity } from "./share-explanations.ts";
import {
  BASE_STYLES,
  COLORS,
  DEFAULT_STYLE,
  draftWatermark,
  heading,
  mm,
  PAGE_MARGINS,
  TABLE_LAYOUT,
  th,
} from "./pdf-style.ts";
import {
  correctionSection,
  hasSettlementRows,
  settlementPaymentSection,
  settlementRows,
} from "./letter-legal-sections.ts";

// The statement letter (docs/rules/statements.md#letter-contents): DIN 5008 form B with the address field for a window
// envelope (left 20 mm, top 45 mm, 85 x 45 mm; return line in the top zone), information block
// at 125 mm, subject at about 98 mm, fold marks at 105 and 210 mm, hole mark at 148.5 mm.

const euro = (value: string) => formatEuroDe(value);
const METER_KIND_NAMES = {
  heating: "Heizung",
  warmwater: "Warmwasser",
  coldwater: "Kaltwasser",
  electricity: "Strom",
  gas: "Gas",
} as const;
const date = (value: string) => formatCalendarDateDe(value);

function senderLine(model: LetterModel): string {
  const s = model.sender;
  return `${s.name} · ${s.street} · ${s.postalCode} ${s.city}`;
}

/** Letterhead, return line, address field and information block: absolutely placed on page 1. */
function firstPageFrame(model: LetterModel): Content[] {
  const s = model.sender;
  const info: Array<[string, string]> = [
    ["Datum", date(model.letterDate)],
    ["Objekt", model.propertyName],
    ["Wohnung", model.unitName],
    ["Abrechnungszeitraum", `${date(model.period.start)} – ${date(model.period.end)}`],
    ["Ihr Nutzungszeitraum", `${date(model.usage.from)} – ${date(model.usage.to)}`],
    ["Telefon", s.phone],
  ];
  return [
    {
      absolutePosition: { x: mm(25), y: mm(14) },
      stack: [
        { text: s.name, fontSize: 15, bold: true, color: COLORS.accent },
        {
          text: `${s.street} · ${s.postalCode} ${s.city} · Telefon ${s.phone}`,
          fontSize: 8.5,
          color: COLORS.muted,
          margin: [0, 2, 0, 0],
        },
      ],
    },
    {
      absolutePosition: { x: mm(25), y: mm(14) + 34 },
      canvas: [
        {
          type: "line",
          x1: 0,
          y1: 0,
          x2: mm(165),
          y2: 0,
          lineWidth: 0.8,
          lineColor: COLORS.accent,
        },
      ],
    },
    {
      absolutePosition: { x: mm(25), y: mm(56) },
      text: senderLine(model),
      fontSize: 7,
      color: COLORS.muted,
      decoration: "underline",
      decorationColor: COLORS.rule,
    },
    {
      absolutePosition: { x: mm(25), y: mm(63) },
      stack: [
        model.recipient.name,
        model.recipient.street,
        `${model.recipient.postalCode} ${model.recipient.city}`,
      ].map((line) => ({ text: line, fontSize: 10.5 })),
    },
    {
      absolutePosition: { x: mm(125), y: mm(50) },
      table: {
        widths: [mm(30), mm(40)],
        body: info.map(([label, value]) => [
          { text: label, fontSize: 7.5, color: COLORS.muted },
          { text: value, fontSize: 8.5 },
        ]),
      },
      layout: {
        hLineWidth: () => 0,
        vLineWidth: () => 0,
        paddingLeft: () => 0,
        paddingRight: () => 2,
        paddingTop: () => 0.6,
        paddingBottom: () => 0.6,
      },
    },
  ];
}

function foldMarks(): Content {
  return {
    canvas: [
      {
        type: "line",
        x1: mm(4),
        y1: mm(105),
        x2: mm(9),
        y2: mm(105),
        lineWidth: 0.4,
        lineColor: COLORS.muted,
      },
      {
        type: "line",
        x1: mm(4),
        y1: mm(148.5),
        x2: mm(11),
        y2: mm(148.5),
        lineWidth: 0.4,
        lineColor: COLORS.muted,
      },
      {
        type: "line",
        x1: mm(4),
        y1: mm(210),
        x2: mm(9),
        y2: mm(210),
        lineWidth: 0.4,
        lineColor: COLORS.muted,
      },
    ],
  };
}

function summaryBox(model: LetterModel): Content {
  const resultColor =
    model.result === "Nachzahlung"
      ? COLORS.due
      : model.result === "Guthaben"
        ? COLORS.credit
        : COLORS.text;
  // "die Nachzahlung", but "das Guthaben": the possessive follows the noun's gender.
  const resultText =
    model.result === "ausgeglichen"
      ? "Ergebnis: ausgeglichen"
      : model.result === "Guthaben"
        ? "Ihr Guthaben"
        : `Ihre ${model.result}`;
  const body: TableCell[][] = [
    [
      { text: "Ihre Kosten im Nutzungszeitraum" },
      { text: euro(model.totalCosts), alignment: "right" },
    ],
    [
      { text: "abzüglich Ihrer Vorauszahlungen" },
      { text: `− ${euro(model.prepayments)}`, alignment: "right" },
    ],
  ];
  // Issue 24: a correction or a barred claim settles something other than the balance.
  if (hasSettlementRows(model)) {
    const kind = model.legal.settlement.kind;
    const color = kind === "demand" ? COLORS.due : kind === "payout" ? COLORS.credit : COLORS.text;
    for (const [label, value, strong] of settlementRows(model)) {
      body.push(
        strong
          ? [
              { text: label, bold: true, color, fontSize: 11 },
              { text: value, bold: true, color, fontSize: 11, alignment: "right" },
            ]
          : [{ text: label }, { text: value, alignment: "right" }],
      );
    }
  } else {
    body.push([
      { text: resultText, bold: true, color: resultColor, fontSize: 11 },
      {
        text: euro(model.resultAmount),
        bold: true,
        color: resultColor,
        fontSize: 11,
        alignment: "right",
      },
    ]);
  }
  const lastRow = body.length - 1;
  return {
    margin: [0, 8, 0, 0],
    table: { widths: ["*", mm(45)], body },
    layout: {
      fillColor: () => COLORS.fill,
      hLineWidth: (i: number) => (i === lastRow ? 0.8 : 0),
      hLineColor: () => COLORS.accent,
      vLineWidth: () => 0,
      paddingLeft: (i: number) => (i === 0 ? 8 : 4),
      paddingRight: (i: number) => (i === 1 ? 8 : 4),
      paddingTop: () => 4,
      paddingBottom: () => 4,
    },
  };
}

function costTable(model: LetterModel, propertyTotal: string): Content {
  const body: TableCell[][] = [
    [
      th("Kostenart"),
      th("Gesamtkosten Haus", true),
      th("Verteilerschlüssel"),
      th("Ihr Anteil", true),
    ],
  ];
  for (const line of model.costLines) {
    const name: Content[] = [{ text: line.costType, bold: true }];
    if (line.co2LandlordShare) {
      name.push({
        text: `abzügl. CO₂-Anteil Vermieter ${euro(line.co2LandlordShare)}, verteilt ${euro(line.distributed)}`,
        style: "small",
      });
    }
    // Issue 24: a cost type chargeable only up to a day, and one charged by agreement.
    if (line.allocableUntil) {
      name.push({
        text: `umlagefähig bis ${date(line.allocableUntil.lastDay)}: abzügl. ${euro(line.allocableUntil.nonAllocable)} (trägt der Vermieter), verteilt ${euro(line.distributed)}`,
        style: "small",
      });
    }
    if (line.allocationNote)
      name.push({ text: `umgelegt nach Vereinbarung: ${line.allocationNote}`, style: "small" });
    const share: Content[] = [
      line.notParticipating
        ? { text: "nicht beteiligt", alignment: "right", color: COLORS.muted }
        : { text: euro(line.share), alignment: "right" },
    ];
    if (line.heizkvReduction)
      share.push({
        text: `nach Kürzung um ${line.heizkvReduction.percent} % (§ 12 HeizkV)`,
        style: "small",
        alignment: "right",
      });
    body.push([
      { stack: name },
      { text: euro(line.itemTotal), alignment: "right" },
      { text: line.keyLabel },
      { stack: share },
    ]);
  }
  body.push([
    { text: "Summe", bold: true },
    { text: euro(propertyTotal), alignment: "right", bold: true },
    { text: "" },
    { text: euro(model.totalCosts), alignment: "right", bold: true },
  ]);
  return {
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: ["*", mm(30), mm(46), mm(24)],
      body,
    },
    layout: TABLE_LAYOUT,
  };
}

function stepsTable(model: LetterModel): Content {
  const body: TableCell[][] = [
    [th("Kostenart und Schlüssel"), th("So wurde Ihr Anteil berechnet"), th("Ihr Anteil", true)],
  ];
  // Each explanation in full once; items with the same key refer back to it (shorter letters).
  const explainedAt = new Map<string, string>();
  for (const line of model.costLines) {
    const first = line.notParticipating ? undefined : explainedAt.get(line.keyExplanation);
    if (!first && !line.notParticipating) explainedAt.set(line.keyExplanation, line.costType);
    const explanation = first
      ? `${line.keyLabel}: Erläuterung wie bei ${first}.`
      : line.keyExplanation;
    const steps: Content[] = [{ text: explanation, style: "note", margin: [0, 0, 0, 2] }];
    for (const step of line.steps) {
      steps.push({
        text: [{ text: `${step.label}: `, bold: true }, step.computation],
        fontSize: 8.5,
      });
      steps.push({ text: step.amount, fontSize: 8.5, color: COLORS.muted, margin: [8, 0, 0, 2] });
    }
    // The § 12 HeizkV cut (issue 24) is a step of its own, not a part to be summed.
    if (line.steps.length - (line.heizkvReduction ? 1 : 0) > 1)
      steps.push({
        text: "Summe der Teilbeträge, auf Cent gerundet",
        fontSize: 8.5,
        color: COLORS.muted,
      });
    body.push([
      {
        stack: [
          { text: line.costType, bold: true },
          { text: line.keyLabel, style: "small" },
          { text: `verteilt: ${euro(line.distributed)}`, style: "small" },
        ],
      },
      { stack: steps },
      line.notParticipating
        ? { text: "nicht beteiligt", alignment: "right", color: COLORS.muted }
        : { text: euro(line.share), alignment: "right", bold: true },
    ]);
  }
  // Issue 25 (decision 1040): each step's result carries the shares' rounding, so the steps add up to the share.
  return {
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: [mm(36), "*", mm(24)],
      body,
    },
    layout: TABLE_LAYOUT,
  };
}

/** Issue 24: read, apportioned (§ 9b (3) HeizkV, never "abgelesen") or estimated (§ 9a HeizkV). */
function meterNote(reading: LetterModel["meterReadings"][number]): TableCell {
  const stack: Content[] = [];
  if (reading.estimated)
    stack.push(
      { text: "geschätzt (§ 9a HeizkV)", bold: true, color: COLORS.due },
      ...(reading.estimateReason ? [{ text: reading.estimateReason, style: "small" }] : []),
    );
  if (reading.apportioned) stack.push({ text: reading.apportioned, style: "small" });
  if (stack.length > 0) return { stack };
  return {
    text: reading.end === null ? "kein Endstand erfasst" : "abgelesen",
    color: COLORS.muted,
  };
}

function meterTable(model: LetterModel): Content {
  const body: TableCell[][] = [
    [th("Zähler"), th("Anfangsstand"), th("Endstand"), th("Ihr Verbrauch", true), th("Hinweis")],
  ];
  for (const reading of model.meterReadings) {
    const point = (p: { date: string; value: string } | null) =>
      p ? `${formatDecimalTextDe(p.value)} (${date(p.date)})` : "–";
    body.push([
      {
        stack: [
          { text: reading.meterNumber, bold: true },
          { text: METER_KIND_NAMES[reading.kind], style: "small" },
        ],
      },
      { text: point(reading.start) },
      { text: point(reading.end) },
      {
        text:
          reading.consumption === null
            ? "–"
            : `${formatQuantity(reading.consumption)} ${reading.unitLabel}`,
        alignment: "right",
      },
      meterNote(reading),
    ]);
  }
  return {
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: [mm(30), "*", "*", mm(26), mm(38)],
      body,
    },
    layout: TABLE_LAYOUT,
  };
}

function keyValueTable(
  rows: Array<[string, string, boolean?]>,
  valueWidth = mm(45),
  fontSize?: number,
): Content {
  return {
    table: {
      widths: ["*", valueWidth],
      body: rows.map(([label, value, strong]) => [
        { text: label, bold: strong === true },
        { text: value, alignment: "right", bold: strong === true },
      ]),
    },
    layout: TABLE_LAYOUT,
    ...(fontSize ? { fontSize } : {}),
  };
}

function co2Block(model: LetterModel): Content | null {
  const co2 = model.co2;
  if (!co2) return null;
  const basis = co2.calculation;
  const rows: Array<[string, string, boolean?]> = [];
  if (co2.fuelLabel) rows.push(["Energieträger", co2.fuelLabel]);
  // Issue 24, item 7: energy, heating-value conversion and emission factor behind the kg.
  if (basis && basis.emissionRows.length > 0) rows.push(...basis.emissionRows);
  else
    rows.push([
      "CO₂-Emissionen des Gebäudes",
      co2.emissionsKg ? `${formatQuantity(co2.emissionsKg, 2)} kg` : "nicht bekannt",
    ]);
  rows.push(["Wohnfläche", `${formatQuantity(co2.area, 2)} m²`]);
  rows.push([
    "CO₂-Ausstoß je m² und Jahr",
    co2.kgPerM2 ? `${formatDecimalTextDe(co2.kgPerM2, 1)} kg CO₂/m²·a` : "nicht bekannt",
  ]);
  // The stage only: a letter class would be confused with the energy certificate's (issue 24, item 7).
  rows.push(["Stufe nach Anlage zum CO2KostAufG", `Stufe ${co2.stage}`]);
  rows.push(["Aufteilung Mieter / Vermieter", `${co2.tenantPercent} % / ${co2.landlordPercent} %`]);
  if (basis) {
    // Issue 24, item 8: each calendar year's part at its price, then net, VAT and the cost.
    rows.push(...basis.priceRows, ...basis.vatRows);
  } else if (co2.pricePerTonne) {
    rows.push(["CO₂-Preis", `${formatDecimalTextDe(co2.pricePerTonne, 2)} € je Tonne`]);
  }
  if (co2.cost)
    rows.push([
      basis?.costSource && basis.priceRows.length === 0
        ? "CO₂-Kosten laut Rechnung des Lieferanten"
        : "CO₂-Kosten des Gebäudes",
      euro(co2.cost),
    ]);
  if (co2.tenantCost)
    rows.push([`davon Anteil aller Mieter (${co2.tenantPercent} %)`, euro(co2.tenantCost)]);
  if (co2.landlordCost)
    rows.push([
      `davon Anteil Vermieter (${co2.landlordPercent} %, nicht umgelegt)`,
      euro(co2.landlordCost),
    ]);
  if (co2.yourCost)
    rows.push([
      "Ihr Anteil an den CO₂-Kosten (in Ihren Heiz- und Warmwasserkosten enthalten)",
      euro(co2.yourCost),
      true,
    ]);
  if (co2.yourLandlordShare)
    rows.push([
      "vom Vermieter übernommener CO₂-Anteil auf Ihre Wohnung (nicht in Ihren Kosten)",
      euro(co2.yourLandlordShare),
    ]);
  const notes = [`Grundlage: ${co2.basis}.`, ...(basis?.costSource ? [basis.costSource] : [])];
  return {
    stack: [
      heading("CO₂-Kostenaufteilung (§ 7 Abs. 3 CO2KostAufG)"),
      { text: notes.join(" "), style: "note", margin: [0, 0, 0, 4] },
      keyValueTable(rows, mm(40), 8.5),
    ],
  };
}

const CHART_WIDTH = mm(70);

/** § 6a (3) Nr. 4 HeizkV: the comparison as a bar chart drawn in the PDF (the engine's lengths). */
function annualChart(info: NonNullable<LetterModel["annualInformation"]>): Content | null {
  const chart = info.chart;
  if (!chart) return null;
  const body: TableCell[][] = chart.bars.map((bar) => [
    { text: bar.label, bold: bar.isYours, fontSize: 8 },
    {
      canvas: [
        { type: "rect", x: 0, y: 1, w: CHART_WIDTH, h: 9, color: COLORS.fill },
        {
          type: "rect",
          x: 0,
          y: 1,
          w: Math.max(1, (CHART_WIDTH * bar.lengthPercent) / 100),
          h: 9,
          color: bar.isYours ? COLORS.accent : COLORS.rule,
        },
      ],
    },
    { text: bar.value, alignment: "right", bold: bar.isYours, fontSize: 8 },
  ]);
  return {
    stack: [
      { text: chart.title, bold: true, fontSize: 8.5, margin: [0, 4, 0, 2] },
      { table: { widths: ["*", CHART_WIDTH, mm(30)], body }, layout: "noBorders" },
    ],
  };
}

function annualCostTable(rows: NonNullable<LetterModel["annualInformation"]>["costRows"]): Content {
  const body: TableCell[][] = [
    [th("Steuern, Abgaben und Entgelte"), th("Gebäude", true), th("Ihr Anteil", true)],
  ];
  for (const [label, building, yours] of rows)
    body.push([
      { text: label },
      { text: building, alignment: "right" },
      { text: yours ?? "", alignment: "right" },
    ]);
  return {
    table: { headerRows: 1, widths: ["*", mm(28), mm(28)], body },
    layout: TABLE_LAYOUT,
    fontSize: 8.5,
  };
}

/**
 * Issue 24, item 12 (decision 1160): the § 6a (3) HeizkV annual information, in two blocks that
 * each stay on one page: the comparison with its chart, then the energy mix, levies and fees.
 */
function annualBlocks(model: LetterModel): Content[] {
  const info = model.annualInformation;
  if (!info) return [];
  const comparison: Content[] = [
    heading("Jährliche Verbrauchsinformation (§ 6a Abs. 3 HeizkV)"),
    keyValueTable(
      info.consumptionRows.map(([label, value]) => [label, value]),
      mm(50),
      8.5,
    ),
  ];
  const chart = annualChart(info);
  if (chart) comparison.push(chart);
  if (info.comparisonNotes.length > 0)
    comparison.push({ text: info.comparisonNotes.join(" "), style: "note", margin: [0, 3, 0, 0] });
  const energy: Content[] = [
    { text: "Energieträger (§ 6a Abs. 3 Nr. 1 HeizkV)", bold: true, margin: [0, 4, 0, 2] },
    keyValueTable(
      info.energyRows.map(([label, value]) => [label, value]),
      mm(40),
      8.5,
    ),
  ];
  if (info.costRows.length > 0)
    energy.push({ text: "", margin: [0, 4, 0, 0] }, annualCostTable(info.costRows));
  return [{ stack: comparison }, { stack: energy }];
}

/** Issue 24, item 6: the heating cost sheet, and the § 9 HeizkV split where one generator also heats the water. */
function heatingSheetBlock(model: LetterModel): Content | null {
  const sheet = model.heatingSheet;
  if (!sheet) return null;
  const stack: Content[] = [
    heading(sheet.title),
    keyValueTable(sheet.fuelRows, mm(30), 8.5),
    { text: "", margin: [0, 3, 0, 0] },
    keyValueTable(sheet.costRows, mm(30), 8.5),
  ];
  if (sheet.splitRows.length > 0)
    stack.push(
      {
        text: "Aufteilung auf Heizung und Warmwasser (§ 9 HeizkV)",
        bold: true,
        margin: [0, 6, 0, 2],
      },
      keyValueTable(sheet.splitRows, mm(30), 8.5),
    );
  if (sheet.notes.length > 0)
    stack.push({ text: sheet.notes.join(" "), style: "note", margin: [0, 4, 0, 0] });
  return { stack };
}

/** CO2 split and § 6a information side by side (they belong together and fit half a page). */
function heatingSections(model: LetterModel): Content[] {
  const co2 = co2Block(model);
  const info = model.annualInformation;
  const blocks = [heatingSheetBlock(model), co2, ...annualBlocks(model)].filter(
    (b): b is Content => b !== null,
  );
  if (blocks.length === 0) return [];
  // Issue 24: the CO2 block prints its whole basis and takes the full width; each block stays on one page.
  const result: Content[] = blocks.map(
    (block) => ({ unbreakable: true, stack: [block], margin: [0, 0, 0, 4] }) as Content,
  );
  if (info) {
    result.push({
      unbreakable: true,
      stack: [
        {
          text: "Energieberatung und Informationen (§ 6a Abs. 3 Nr. 2 HeizkV)",
          bold: true,
          margin: [0, 6, 0, 2],
        },
        { ul: [...info.advice], fontSize: 8.5 },
        {
          text: "Verbraucherschlichtung (§ 6a Abs. 3 Nr. 3 HeizkV)",
          bold: true,
          margin: [0, 6, 0, 2],
        },
        { text: info.disputeSettlement, fontSize: 8.5 },
      ],
    });
  }
  return result;
}

function taxSection(model: LetterModel): Content[] {
  if (model.taxLines.length === 0) return [];
  const body: TableCell[][] = [
    [th("Kostenart"), th("Art der Leistung"), th("Lohnkosten Haus", true), th("Ihr Anteil", true)],
  ];
  for (const line of model.taxLines) {
    body.push([
      { text: line.costType },
      { text: line.categoryLabel },
      { text: euro(line.laborCosts), alignment: "right" },
      { text: euro(line.yourShare), alignment: "right" },
    ]);
  }
  if (model.taxTotals) {
    body.push([
      { text: "Summe haushaltsnahe Dienstleistungen", bold: true, colSpan: 3 },
      {},
      {},
      { text: euro(model.taxTotals.householdServices), alignment: "right", bold: true },
    ]);
    body.push([
      { text: "Summe Handwerkerleistungen", bold: true, colSpan: 3 },
      {},
      {},
      { text: euro(model.taxTotals.craftsmen), alignment: "right", bold: true },
    ]);
  }
  return [
    {
      unbreakable: model.taxLines.length <= 10,
      stack: [
        heading("Steuerermäßigung nach § 35a EStG"),
        {
          text: "Die folgenden Arbeitskosten (ohne Material) können Sie in Ihrer Einkommensteuererklärung geltend machen; diese Aufstellung dient als Nachweis.",
          margin: [0, 0, 0, 4],
        },
        {
          table: {
            headerRows: 1,
            keepWithHeaderRows: 1,
            dontBreakRows: true,
            widths: [mm(32), "*", mm(28), mm(24)],
            body,
          },
          layout: TABLE_LAYOUT,
        },
      ],
    },
  ];
}

function prepaymentSection(model: LetterModel): Content[] {
  const body: TableCell[][] = [[th("Monat"), th("Tage"), th("Vorauszahlung", true)]];
  for (const month of model.prepaymentMonths) {
    body.push([
      { text: month.label },
      {
        text: month.days === null ? "ganzer Monat" : `${month.days} von ${month.daysInMonth} Tagen`,
      },
      { text: euro(month.amount), alignment: "right" },
    ]);
  }
  body.push([
    { text: "Summe Ihrer Vorauszahlungen", bold: true, colSpan: 2 },
    {},
    { text: euro(model.prepayments), alignment: "right", bold: true },
  ]);
  const table: Content =
    model.prepaymentMonths.length === 0
      ? { text: "Für Ihren Nutzungszeitraum sind keine Vorauszahlungen vereinbart." }
      : {
          table: {
            headerRows: 1,
            keepWithHeaderRows: 1,
            dontBreakRows: true,
            widths: ["*", mm(45), mm(32)],
            body,
          },
          layout: TABLE_LAYOUT,
        };
  // A year of months fits on a page: kept together with its heading.
  return [
    {
      unbreakable: model.prepaymentMonths.length <= 13,
      stack: [heading("Ihre Vorauszahlungen"), table],
    },
  ];
}

function paymentSection(model: LetterModel): Content[] {
  return [
    {
      unbreakable: true,
      stack: [
        heading("Ergebnis"),
        keyValueTable([
          ["Ihre Kosten", euro(model.totalCosts)],
          ["abzüglich Ihrer Vorauszahlungen", `− ${euro(model.prepayments)}`],
          ...(hasSettlementRows(model)
            ? settlementRows(model)
            : [
                [
                  model.result === "ausgeglichen" ? "Ergebnis" : model.result,
                  euro(model.resultAmount),
                  true,
                ] as [string, string, boolean],
              ]),
        ]),
      ],
    },
    // Issue 24: what the engine's settlement asks for or pays out, or why nothing is asked for.
    ...settlementPaymentSection(model),
  ];
}

function notesSection(model: LetterModel): Content[] {
  const notes = [
    ...model.heatingNotes,
    "Sie können die Abrechnungsbelege nach vorheriger Terminvereinbarung bei uns einsehen (§ 259 BGB).",
    "Einwendungen gegen diese Abrechnung teilen Sie uns bitte spätestens bis zum Ablauf des zwölften Monats nach Zugang dieser Abrechnung mit (§ 556 Abs. 3 Satz 5 BGB); danach können Einwendungen nicht mehr geltend gemacht werden, es sei denn, Sie haben die verspätete Geltendmachung nicht zu vertreten.",
  ];
  // The greeting never stands alone on a page: kept with the notes.
  return [
    {
      unbreakable: true,
      stack: [
        heading("Hinweise"),
        { ul: notes, fontSize: 8.8 },
        { text: "Mit freundlichen Grüßen", margin: [0, 14, 0, 0] },
        { text: model.sender.name, margin: [0, 18, 0, 0] },
      ],
    },
  ];
}

/** The body of one letter, from the subject to the greeting. */
function letterContent(model: LetterModel, propertyTotal: string): Content[] {
  const usage = model.usage.prorated
    ? `Ihr Nutzungszeitraum umfasst ${model.usage.days} von ${model.usage.periodDays} Tagen; die Kosten sind entsprechend anteilig berechnet.`
    : `Ihr Nutzungszeitraum umfasst den ganzen Abrechnungszeitraum (${model.usage.days} Tage).`;
  return [
    ...firstPageFrame(model),
    { text: "", margin: [0, mm(98.5) - PAGE_MARGINS[1], 0, 0] },
    { text: `Nebenkostenabrechnung ${model.periodLabel}`, style: "subject" },
    {
      text: `${model.propertyName}, ${model.unitName} – ${model.propertyAddress}`,
      style: "subjectLine",
      margin: [0, 1, 0, 12],
    },
    ...(model.correction
      ? [
          {
            text: `Korrektur (Version ${model.correction.version}): Diese Abrechnung ersetzt die Abrechnung${model.correction.replacesDate ? ` vom ${date(model.correction.replacesDate)}` : ""}.`,
            color: COLORS.draft,
            margin: [0, 0, 0, 8] as [number, number, number, number],
          },
        ]
      : []),
    { text: `Guten Tag ${model.tenantName},` },
    {
      text:
        `hiermit erhalten Sie die Abrechnung der Betriebs- und Heizkosten für die Zeit vom ${date(model.period.start)} bis ${date(model.period.end)} ` +
        `für Ihre Wohnung ${model.unitName} (${formatQuantity(model.unitArea, 2)} m², ${model.personsText}). ${usage}`,
      margin: [0, 6, 0, 0],
    },
    summaryBox(model),
    ...correctionSection(model),
    heading("Kosten des Hauses und Ihr Anteil"),
    costTable(model, propertyTotal),
    heading("Verteilerschlüssel und Berechnung Ihres Anteils"),
    {
      text: `Grundlage: Ihre Wohnung ${model.unitName}, ${formatQuantity(model.unitArea, 2)} m², Nutzung vom ${date(model.usage.from)} bis ${date(model.usage.to)} (${model.usage.days} Tage).`,
      margin: [0, 0, 0, 4],
    },
    stepsTable(model),
    ...(model.meterReadings.length > 0
      ? [
          {
            unbreakable: model.meterReadings.length <= 8,
            stack: [heading("Ihre Zählerstände und Ihr Verbrauch"), meterTable(model)],
          },
        ]
      : []),
    ...heatingSections(model),
    ...taxSection(model),
    ...prepaymentSection(model),
    ...paymentSection(model),
    ...notesSection(model),
  ];
}

export interface LetterRun {
  model: LetterModel;
  /** Pages of this letter when rendered alone; needed to number pages per letter in one file. */
  pageCount?: number;
}

/**
 * One PDF of one or more letters. Pages are numbered per letter ('Seite x von y'): with one
 * letter pdfmake's own count is used; with several, each letter's count from rendering it alone.
 */
export function buildLettersDocument(
  letters: readonly LetterRun[],
  propertyTotal: string,
): TDocumentDefinitions {
  if (letters.length === 0) throw new Error("Keine Briefe zum Erstellen.");
  const first = letters[0]!.model;
  const starts: number[] = [];
  let page = 1;
  for (const letter of letters) {
    starts.push(page);
    page += letter.pageCount ?? 0;
  }
  const locate = (currentPage: number, pageCount: number) => {
    if (letters.length === 1)
      return { letter: letters[0]!.model, page: currentPage, of: pageCount };
    let index = 0;
    while (index + 1 < starts.length && starts[index + 1]! <= currentPage) index += 1;
    return {
      letter: letters[index]!.model,
      page: currentPage - starts[index]! + 1,
      of: letters[index]!.pageCount ?? pageCount,
    };
  };
  const content: Content[] = letters.flatMap((letter, index) => {
    const body = letterContent(letter.model, propertyTotal);
    return index === 0 ? body : [{ text: "", pageBreak: "before" } as Content, ...body];
  });
  const anyDraft = letters.some((l) => l.model.draft);
  return {
    pageSize: "A4",
    pageMargins: PAGE_MARGINS,
    info: {
      title: `Nebenkostenabrechnung ${first.periodLabel}`,
      author: first.sender.name,
      subject: `${first.propertyName}`,
    },
    defaultStyle: DEFAULT_STYLE,
    styles: BASE_STYLES,
    ...(anyDraft ? { watermark: draftWatermark() } : {}),
    background: (currentPage) => (locate(currentPage, 0).page === 1 ? foldMarks() : null),
    header: (currentPage, pageCount) => {
      const at = locate(currentPage, pageCount);
      const draft = at.letter.draft ? "ENTWURF · " : "";
      if (at.page === 1)
        return at.letter.draft
          ? {
              text: "ENTWURF",
              color: COLORS.draft,
              bold: true,
              fontSize: 9,
              alignment: "right",
              margin: [mm(25), mm(8), mm(20), 0],
            }
          : null;
      return {
        margin: [mm(25), mm(12), mm(20), 0],
        columns: [
          {
            text: `${draft}Nebenkostenabrechnung ${at.letter.periodLabel} · ${at.letter.tenantName} · ${at.letter.unitName}`,
            fontSize: 8,
            color: at.letter.draft ? COLORS.draft : COLORS.muted,
          },
        ],
      };
    },
    footer: (currentPage, pageCount) => {
      const at = locate(currentPage, pageCount);
      const s = at.letter.sender;
      const bank = [`IBAN ${formatIban(s.iban)}`, s.bic ? `BIC ${s.bic}` : null, s.bankName]
        .filter(Boolean)
        .join(" · ");
      return {
        margin: [mm(25), mm(6), mm(20), 0],
        stack: [
          {
            canvas: [
              {
                type: "line",
                x1: 0,
                y1: 0,
                x2: mm(165),
                y2: 0,
                lineWidth: 0.4,
                lineColor: COLORS.rule,
              },
            ],
          },
          {
            margin: [0, 3, 0, 0],
            columns: [
              {
                text: `${s.name} · ${s.street} · ${s.postalCode} ${s.city} · Telefon ${s.phone}\n${bank}`,
                fontSize: 7,
                color: COLORS.muted,
              },
              {
                text: `Seite ${at.page} von ${at.of}`,
                fontSize: 8,
                alignment: "right",
                width: mm(30),
              },
            ],
          },
        ],
      };
    },
    pageBreakBefore: (node, queries) =>
      node.headlineLevel === 1 && queries.getFollowingNodesOnPage().length < 2,
    content,
  };
}
