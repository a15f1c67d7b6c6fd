import type { Content, CustomTableLayout, TDocumentDefinitions } from "pdfmake/interfaces";

// The look shared by the letters and the landlord's overview: DIN 5008 measures in millimetres,
// one font (Roboto, shipped inside pdfmake: ä ö ü ß € ² CO₂ all present), quiet colours.

export const mm = (value: number): number => (value * 72) / 25.4;

export const COLORS = {
  text: "#1f2933",
  muted: "#5f6b76",
  accent: "#23415a",
  rule: "#b8c4ce",
  fill: "#eef2f5",
  due: "#a61b1b",
  credit: "#1d6b3a",
  draft: "#b03a2e",
} as const;

export const PAGE_MARGINS: [number, number, number, number] = [mm(25), mm(27), mm(20), mm(24)];

export const TABLE_LAYOUT: CustomTableLayout = {
  hLineWidth: (i, node) =>
    i === 0 || i === node.table.body.length ? 0.8 : i === (node.table.headerRows ?? 0) ? 0.8 : 0.4,
  vLineWidth: () => 0,
  hLineColor: (i, node) =>
    i === 0 || i === node.table.body.length || i === (node.table.headerRows ?? 0)
      ? COLORS.accent
      : COLORS.rule,
  paddingLeft: (i) => (i === 0 ? 0 : 5),
  paddingRight: (i, node) => (i === (node.table.widths?.length ?? 1) - 1 ? 0 : 5),
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

export const BASE_STYLES: TDocumentDefinitions["styles"] = {
  subject: { fontSize: 12.5, bold: true, color: COLORS.accent },
  subjectLine: { fontSize: 10, color: COLORS.text },
  section: { fontSize: 11, bold: true, color: COLORS.accent, margin: [0, 14, 0, 5] },
  small: { fontSize: 8, color: COLORS.muted },
  th: { bold: true, fontSize: 8.5, color: COLORS.accent },
  td: { fontSize: 9 },
  num: { alignment: "right" },
  note: { fontSize: 8.5, color: COLORS.muted, italics: true },
};

export const DEFAULT_STYLE = {
  font: "Roboto",
  fontSize: 9.5,
  lineHeight: 1.18,
  color: COLORS.text,
};

export function heading(text: string): Content {
  return { text, style: "section", headlineLevel: 1 };
}

export function th(text: string, alignRight = false): Content {
  return { text, style: "th", alignment: alignRight ? "right" : "left" };
}

export function draftWatermark(): TDocumentDefinitions["watermark"] {
  return {
    text: "ENTWURF",
    color: COLORS.draft,
    opacity: 0.12,
    bold: true,
    fontSize: 120,
    angle: -50,
  };
}
