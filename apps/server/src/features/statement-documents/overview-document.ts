import { formatCalendarDateDe, formatDecimalTextDe, formatEuroDe } from "@nk/contract";
import type { StatementInput, StatementResult } from "@nk/engine";
import type { Content, TableCell, TDocumentDefinitions } from "pdfmake/interfaces";
import { formatPeriodLabel, getLetterFigures } from "./build-letter-model.ts";
import { nthOfType, occurrenceOf } from "./item-lookup.ts";
import type { LetterSender } from "./letter-model.ts";
import { formatQuantity, keyLabel } from "./share-explanations.ts";
import { formatCo2Basis } from "./letter-co2-basis.ts";
import {
  BASE_STYLES,
  COLORS,
  DEFAULT_STYLE,
  draftWatermark,
  heading,
  mm,
  TABLE_LAYOUT,
  th,
} from "./pdf-style.ts";

// The landlord's overview of a whole property and period (docs/rules/statements.md#pdfs-and-sending): every cost item with
// its key, every tenancy's and every vacancy's share, the CO2 split and what the landlord bears.

export interface OverviewSource {
  input: StatementInput;
  result: StatementResult;
  draft: boolean;
  createdOn: string;
  sender: LetterSender;
  property: { name: string; street: string; postalCode: string; city: string };
  unitNames: Readonly<Record<string, string>>;
  tenancyNames: Readonly<Record<string, string>>;
}

const euro = (value: string) => formatEuroDe(value);
const date = (value: string) => formatCalendarDateDe(value);

function itemsTable(source: OverviewSource): Content {
  const { result } = source;
  // The sums are the engine's (contract v1.2): this document only formats.
  const figures = getLetterFigures(source);
  const body: TableCell[][] = [
    [
      th("Kostenart"),
      th("Schlüssel"),
      th("Gesamtkosten", true),
      th("CO₂-Anteil Vermieter", true),
      th("Leerstand", true),
      th("auf Mieter verteilt", true),
    ],
  ];
  for (const [index, item] of result.items.entries()) {
    const itemFigures = figures.items[index];
    const tenants = itemFigures?.tenants ?? "0.00";
    // Issue 24: the landlord's parts beyond vacancy and CO2 (the § 12 HeizkV cut, costs after the last allocable day).
    const landlordNotes: Content[] = [];
    if (item.heizkvReduction)
      landlordNotes.push({
        text: `Kürzung § 12 Abs. 1 HeizkV: ${euro(item.heizkvReduction)} (Vermieter)`,
        style: "small",
      });
    if (item.allocableUntil && item.nonAllocable)
      landlordNotes.push({
        text: `umlagefähig bis ${date(item.allocableUntil)}, Rest ${euro(item.nonAllocable)} (Vermieter)`,
        style: "small",
      });
    body.push([
      { stack: [{ text: item.costType, bold: true }, ...landlordNotes] },
      {
        text:
          item.key === "mixed"
            ? `${keyLabel(item.key)} (${(itemFigures?.partPercents ?? []).join("/")})`
            : keyLabel(item.key),
      },
      { text: euro(item.amount), alignment: "right" },
      { text: euro(item.co2LandlordShare), alignment: "right" },
      { text: euro(item.vacancy), alignment: "right" },
      { text: euro(tenants), alignment: "right" },
    ]);
  }
  const { totals } = figures;
  body.push([
    { text: "Summe", bold: true, colSpan: 2 },
    {},
    { text: euro(result.totalCosts), alignment: "right", bold: true },
    { text: euro(totals.co2LandlordShare), alignment: "right", bold: true },
    { text: euro(totals.vacancy), alignment: "right", bold: true },
    { text: euro(totals.tenants), alignment: "right", bold: true },
  ]);
  return {
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: ["*", mm(42), mm(25), mm(25), mm(22), mm(25)],
      body,
    },
    layout: TABLE_LAYOUT,
    fontSize: 8.5,
  };
}

function linesTable(source: OverviewSource): Content {
  const { result } = source;
  const body: TableCell[][] = [
    [
      th("Mietverhältnis / Leerstand"),
      th("Wohnung"),
      th("Zeitraum"),
      th("Tage", true),
      th("Kosten", true),
      th("Voraus-\nzahlungen", true),
      th("Ergebnis", true),
    ],
  ];
  for (const t of result.tenancies) {
    const balance = t.balance.startsWith("-")
      ? `Guthaben ${euro(t.balance.slice(1))}`
      : t.balance === "0.00"
        ? "ausgeglichen"
        : `Nachzahlung ${euro(t.balance)}`;
    body.push([
      { text: source.tenancyNames[t.tenancyId] ?? t.tenancyId },
      { text: source.unitNames[t.unitId] ?? t.unitId },
      { text: `${date(t.from)} – ${date(t.to)}` },
      { text: String(t.days), alignment: "right" },
      { text: euro(t.total), alignment: "right" },
      { text: euro(t.prepayments), alignment: "right" },
      {
        text: balance,
        alignment: "right",
        color: t.balance.startsWith("-") ? COLORS.credit : COLORS.due,
      },
    ]);
  }
  for (const v of result.vacancy) {
    body.push([
      { text: "Leerstand (Vermieter)", italics: true },
      { text: source.unitNames[v.unitId] ?? v.unitId },
      { text: `${date(v.from)} – ${date(v.to)}` },
      { text: String(v.days), alignment: "right" },
      { text: euro(v.total), alignment: "right" },
      { text: "–", alignment: "right" },
      { text: "trägt der Vermieter", alignment: "right", color: COLORS.muted },
    ]);
  }
  return {
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: ["*", mm(20), mm(34), mm(9), mm(20), mm(22), mm(36)],
      body,
    },
    layout: TABLE_LAYOUT,
    fontSize: 8.5,
  };
}

function sharesTable(source: OverviewSource): Content {
  const { result } = source;
  const body: TableCell[][] = [
    [th("Kostenart"), th("Mietverhältnis / Leerstand"), th("Wohnung"), th("Anteil", true)],
  ];
  for (const [index, item] of result.items.entries()) {
    const n = occurrenceOf(result.items, index);
    const lines = [
      ...result.tenancies.map((t) => ({
        name: source.tenancyNames[t.tenancyId] ?? t.tenancyId,
        unitId: t.unitId,
        allocation: nthOfType(t.allocations, item.costType, n),
      })),
      ...result.vacancy.map((v) => ({
        name: "Leerstand (Vermieter)",
        unitId: v.unitId,
        allocation: nthOfType(v.allocations, item.costType, n),
      })),
    ].filter((l) => l.allocation !== undefined);
    lines.forEach((line, index) => {
      body.push([
        index === 0 ? { text: item.costType, bold: true } : { text: "" },
        { text: line.name },
        { text: source.unitNames[line.unitId] ?? line.unitId },
        { text: euro(line.allocation!.amount), alignment: "right" },
      ]);
    });
    if (item.heizkvReduction) {
      body.push([
        { text: "" },
        { text: "Kürzung § 12 Abs. 1 HeizkV (Vermieter)", colSpan: 2 },
        {},
        { text: euro(item.heizkvReduction), alignment: "right" },
      ]);
    }
    body.push([
      { text: "" },
      { text: `Summe ${item.costType} (verteilt)`, colSpan: 2, color: COLORS.muted },
      {},
      { text: euro(item.distributed), alignment: "right", bold: true },
    ]);
  }
  return {
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: [mm(34), "*", mm(28), mm(26)],
      body,
    },
    layout: TABLE_LAYOUT,
    fontSize: 8.5,
  };
}

function co2Table(source: OverviewSource): Content[] {
  const co2 = source.result.co2;
  if (!co2) return [];
  // Issue 24, items 7 and 8: the same basis as the letters print.
  const basis = formatCo2Basis(co2, source.input.co2?.fuel ?? null);
  const rows: Array<[string, string]> = [
    ...(basis && basis.emissionRows.length > 0
      ? basis.emissionRows
      : [
          [
            "CO₂-Emissionen des Gebäudes",
            co2.emissionsKg ? `${formatQuantity(co2.emissionsKg, 2)} kg` : "nicht bekannt",
          ] as [string, string],
        ]),
    ["Wohnfläche", `${formatQuantity(co2.area, 2)} m²`],
    [
      "CO₂-Ausstoß je m² und Jahr",
      co2.kgPerM2 ? `${formatDecimalTextDe(co2.kgPerM2, 1)} kg CO₂/m²·a` : "nicht bekannt",
    ],
    ["Stufe", `Stufe ${co2.stage}`],
    ["Aufteilung Mieter / Vermieter", `${co2.tenantPercent} % / ${co2.landlordPercent} %`],
    ...(basis ? [...basis.priceRows, ...basis.vatRows] : []),
    ["CO₂-Kosten gesamt", co2.cost ? euro(co2.cost) : "–"],
    ["Anteil Mieter", co2.tenantCost ? euro(co2.tenantCost) : "–"],
    ["Anteil Vermieter", co2.landlordCost ? euro(co2.landlordCost) : "–"],
  ];
  return [
    {
      unbreakable: true,
      stack: [
        heading("CO₂-Kostenaufteilung (CO2KostAufG)"),
        ...(basis?.costSource
          ? [{ text: basis.costSource, style: "note", margin: [0, 0, 0, 4] } as Content]
          : []),
        {
          table: {
            widths: ["*", mm(50)],
            body: rows.map(([l, v]) => [{ text: l }, { text: v, alignment: "right" }]),
          },
          layout: TABLE_LAYOUT,
        },
      ],
    },
  ];
}

export function buildOverviewDocument(source: OverviewSource): TDocumentDefinitions {
  const { result } = source;
  const periodLabel = formatPeriodLabel(result.period);
  const { totals } = getLetterFigures(source);
  const {
    landlord: landlordTotal,
    vacancy,
    co2LandlordShare: co2Landlord,
    tenants: tenantsTotal,
    heizkvReduction: cuts,
    nonAllocable,
  } = totals;
  const hasCuts = result.items.some((i) => i.heizkvReduction);
  const hasNonAllocable = result.items.some((i) => i.nonAllocable);
  const content: Content[] = [
    { text: source.sender.name, fontSize: 9, color: COLORS.muted },
    {
      text: `Gesamtabrechnung ${periodLabel}`,
      style: "subject",
      fontSize: 16,
      margin: [0, 6, 0, 2],
    },
    {
      text: `${source.property.name}, ${source.property.street}, ${source.property.postalCode} ${source.property.city} · Zeitraum ${date(result.period.start)} – ${date(result.period.end)} · erstellt am ${date(source.createdOn)}`,
      color: COLORS.muted,
    },
    {
      margin: [0, 10, 0, 0],
      table: {
        widths: ["*", mm(40)],
        body: [
          ["Gesamtkosten des Hauses", euro(result.totalCosts)],
          ["davon auf die Mieter umgelegt", euro(tenantsTotal)],
          ["davon Leerstand (Vermieter)", euro(vacancy)],
          ["davon CO₂-Anteil Vermieter", euro(co2Landlord)],
          ...(hasCuts ? [["davon Kürzungen nach § 12 Abs. 1 HeizkV (Vermieter)", euro(cuts)]] : []),
          ...(hasNonAllocable ? [["davon nicht umlagefähig (Vermieter)", euro(nonAllocable)]] : []),
          ["Vom Vermieter zu tragen", euro(landlordTotal)],
        ].map(([label, value], index, rows) => [
          { text: label ?? "", bold: index === rows.length - 1 },
          { text: value ?? "", alignment: "right", bold: index === rows.length - 1 },
        ]),
      },
      layout: TABLE_LAYOUT,
    },
    heading("Kostenpositionen und Verteilerschlüssel"),
    itemsTable(source),
    heading("Mietverhältnisse und Leerstand"),
    linesTable(source),
    heading("Anteile je Kostenart"),
    sharesTable(source),
    ...co2Table(source),
    ...(result.warnings.length > 0
      ? [heading("Hinweise der Berechnung"), { ul: result.warnings, fontSize: 8.5 }]
      : []),
    ...(result.notes.length > 0
      ? [heading("Rechtliche Hinweise"), { ul: result.notes, fontSize: 8.5 }]
      : []),
  ];
  return {
    pageSize: "A4",
    pageMargins: [mm(20), mm(18), mm(18), mm(20)],
    info: {
      title: `Gesamtabrechnung ${periodLabel} – ${source.property.name}`,
      author: source.sender.name,
    },
    defaultStyle: DEFAULT_STYLE,
    styles: BASE_STYLES,
    ...(source.draft ? { watermark: draftWatermark() } : {}),
    header: (currentPage) =>
      source.draft || currentPage > 1
        ? {
            margin: [mm(20), mm(8), mm(18), 0],
            text: `${source.draft ? "ENTWURF · " : ""}Gesamtabrechnung ${periodLabel} · ${source.property.name}`,
            fontSize: 8,
            color: source.draft ? COLORS.draft : COLORS.muted,
          }
        : null,
    footer: (currentPage, pageCount) => ({
      margin: [mm(20), mm(6), mm(18), 0],
      text: `Seite ${currentPage} von ${pageCount}`,
      alignment: "right",
      fontSize: 8,
    }),
    pageBreakBefore: (node, queries) =>
      node.headlineLevel === 1 && queries.getFollowingNodesOnPage().length < 2,
    content,
  };
}
