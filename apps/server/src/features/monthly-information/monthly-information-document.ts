import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";
import {
  formatCalendarDateDe,
  formatMonthDe,
  formatQuantityDe,
  MONTHLY_INFORMATION_MESSAGES,
  type MonthlyFigureView,
  type MonthlyTenancy,
} from "@nk/contract";
import {
  BASE_STYLES,
  DEFAULT_STYLE,
  PAGE_MARGINS,
  TABLE_LAYOUT,
  heading,
  th,
} from "../statement-documents/pdf-style.ts";

// Issue 30, item 2 (decision 1630, docs/rules/heating.md#monthly-information): the monthly
// consumption information letter of § 6a (1), (2) HeizkV. Only formats the engine's figures;
// a figure the engine could not compute reads "nicht verfügbar", never 0.

export interface MonthlyInformationDocumentSource {
  propertyName: string;
  month: string;
  tenancy: MonthlyTenancy;
  sender: { name: string; address: string } | null;
  /** The letter's date (today in Germany). */
  date: string;
}

function formatFigure(value: string | null, unitLabel: string): string {
  return value === null
    ? MONTHLY_INFORMATION_MESSAGES.unavailable
    : `${formatQuantityDe(value)} ${unitLabel}`;
}

function formatChange(percent: number | null): string {
  if (percent === null) return "";
  return percent === 0 ? " (gleich)" : ` (${percent > 0 ? "+" : "−"}${Math.abs(percent)} %)`;
}

function figureTable(figure: MonthlyFigureView, month: string): Content {
  const [year, monthNumber] = month.split("-") as [string, string];
  const lastYear = formatMonthDe(`${Number(year) - 1}-${monthNumber}`);
  const rows: Array<[string, string]> = [
    [
      `Ihr Verbrauch im ${formatMonthDe(month)}`,
      formatFigure(figure.consumption, figure.unitLabel),
    ],
    [
      "Ihr Verbrauch im Vormonat",
      `${formatFigure(figure.previousMonth, figure.unitLabel)}${formatChange(figure.changeToPreviousMonthPercent)}`,
    ],
    [
      `Ihr Verbrauch im ${lastYear}`,
      `${formatFigure(figure.sameMonthLastYear, figure.unitLabel)}${formatChange(figure.changeToLastYearPercent)}`,
    ],
    [
      "Durchschnittsnutzer im Haus (gleiche Wohnfläche)",
      formatFigure(figure.averageUser, figure.unitLabel),
    ],
  ];
  return {
    table: {
      headerRows: 1,
      widths: ["*", "auto"],
      body: [
        [th(figure.meterType), th("Verbrauch", true)],
        ...rows.map(([label, value]) => [
          { text: label, style: "td" },
          { text: value, style: "td", alignment: "right" as const },
        ]),
      ],
    },
    layout: TABLE_LAYOUT,
    margin: [0, 0, 0, 8],
  };
}

function buildLetterContent(source: MonthlyInformationDocumentSource): Content[] {
  const { tenancy, month } = source;
  const hasGaps = tenancy.figures.some(
    (figure) =>
      figure.consumption === null ||
      figure.previousMonth === null ||
      figure.sameMonthLastYear === null ||
      figure.averageUser === null,
  );
  const content: Content[] = [
    ...(source.sender
      ? [{ text: `${source.sender.name} · ${source.sender.address}`, style: "small" }]
      : []),
    {
      text: [tenancy.tenantName, `${source.propertyName}, ${tenancy.unitName}`].join("\n"),
      margin: [0, 8, 0, 18],
    },
    { text: formatCalendarDateDe(source.date), alignment: "right", margin: [0, 0, 0, 12] },
    { text: `${MONTHLY_INFORMATION_MESSAGES.title} ${formatMonthDe(month)}`, style: "subject" },
    {
      text: "nach § 6a Abs. 1 und 2 Heizkostenverordnung (HeizkV)",
      style: "subjectLine",
      margin: [0, 2, 0, 12],
    },
    {
      text: `Guten Tag ${tenancy.tenantName},\n\nda die Zähler Ihrer Wohnung fernablesbar sind, teilen wir Ihnen monatlich Ihren Verbrauch an Heizung und Warmwasser mit. Die Werte stammen aus den Ablesungen zum Monatsende.`,
      margin: [0, 0, 0, 8],
    },
    heading("Ihr Verbrauch"),
    ...tenancy.figures.map((figure) => figureTable(figure, month)),
  ];
  if (tenancy.isPartMonth)
    content.push({
      text: "Sie sind in diesem Monat ein- oder ausgezogen; die Werte gelten für die Wohnung im ganzen Monat.",
      style: "note",
      margin: [0, 0, 0, 4],
    });
  if (hasGaps)
    content.push({
      text: `„${MONTHLY_INFORMATION_MESSAGES.unavailable}“: ${MONTHLY_INFORMATION_MESSAGES.unavailableReason}`,
      style: "note",
      margin: [0, 0, 0, 4],
    });
  content.push({
    text: "Der Durchschnittsnutzer ist der Verbrauch aller Wohnungen des Hauses mit diesen Zählern je Quadratmeter, umgerechnet auf die Fläche Ihrer Wohnung. Heizkostenverteiler zeigen Einheiten, keinen Verbrauch in kWh; sie sind nur im selben Haus vergleichbar.",
    style: "small",
    margin: [0, 8, 0, 0],
  });
  return content;
}

function wrapDocument(
  first: MonthlyInformationDocumentSource,
  content: Content[],
): TDocumentDefinitions {
  return {
    pageSize: "A4",
    pageMargins: PAGE_MARGINS,
    info: {
      title: `${MONTHLY_INFORMATION_MESSAGES.title} ${formatMonthDe(first.month)}`,
      author: first.sender?.name ?? "",
    },
    defaultStyle: DEFAULT_STYLE,
    styles: BASE_STYLES,
    content,
  };
}

export function buildMonthlyInformationDocument(
  source: MonthlyInformationDocumentSource,
): TDocumentDefinitions {
  return wrapDocument(source, buildLetterContent(source));
}

/**
 * Decision 1690: the letters of several tenants in one document to print, each starting on a new
 * page (the letters of one property and month, for the tenants informed by post).
 */
export function buildMonthlyInformationBatchDocument(
  sources: MonthlyInformationDocumentSource[],
): TDocumentDefinitions {
  if (sources.length === 0) throw new RangeError("no letters to print");
  return wrapDocument(
    sources[0]!,
    sources.map((source, index) => ({
      stack: buildLetterContent(source),
      ...(index > 0 ? { pageBreak: "before" as const } : {}),
    })),
  );
}
