import { UNIT_CODE_AREA, UNIT_CODE_PERSONS } from "./arge-codes.ts";
import { ArgeRecordWriter } from "./arge-record-writer.ts";

// The records the manager sends to the metering company (standard 3.05; the layouts as
// docs/imports/arge-heiwako.md summarises them, "Export an den Messdienst"): L (property), M
// (user), B (fuel), K (invoice or cost position). Only gross amounts are written (L 6 = 3): landlords
// bill residential tenants gross; the net fields stay blank.

export interface Address {
  street: string;
  /** ISO 3166 alpha-3, e.g. DEU; empty when unknown. */
  country: string;
  postalCode: string;
  city: string;
}

export interface LRecordInput {
  customerNumber: string;
  /** Liegenschaftsnummer of the firm, 9 digits. */
  propertyNumber: string;
  address: Address;
  start: string;
  end: string;
  /** L 15: labour shares (§ 35a EStG) are shown on K records. */
  hasLaborShares: boolean;
}

/** 5.2 L-Satz, 2048 bytes. */
export function writeLRecord(input: LRecordInput): string {
  return new ArgeRecordWriter("L")
    .writeHead(input.customerNumber)
    .writeDigits(19, 31, `${input.propertyNumber}0000`)
    .writeText(32, 32, "3")
    .writeText(33, 67, input.address.street)
    .writeText(68, 70, input.address.country)
    .writeText(71, 80, input.address.postalCode)
    .writeText(81, 115, input.address.city)
    .writePeriod(116, input.start, input.end)
    .writeText(143, 143, "0")
    .writeText(147, 147, input.hasLaborShares ? "1" : "0")
    .writeText(148, 150, "EUR")
    .toText();
}

export interface MRecordInput {
  customerNumber: string;
  /** Liegenschaft (9) + Wohnung (4). */
  firmFlat: string;
  managerKey: string;
  /** The user's name; null for a vacancy. */
  name: string | null;
  address: Address;
  from: string;
  to: string;
  /** Prepayments of the user's days, gross (M 28). */
  prepayments: string;
  /** m² Wohnfläche (M 36/37), decimal text. */
  area: string;
  /** Persons (M 38/39). */
  persons: number;
  isVacant: boolean;
}

/** The Nutzer address block (M 8-15, positions 53-275): name 1, street, country, postcode, town. */
function writeUserAddress(
  record: ArgeRecordWriter,
  start: number,
  name: string,
  address: Address,
): ArgeRecordWriter {
  return record
    .writeText(start, start + 34, name)
    .writeText(start + 140, start + 174, address.street)
    .writeText(start + 175, start + 177, address.country)
    .writeText(start + 178, start + 187, address.postalCode)
    .writeText(start + 188, start + 222, address.city);
}

/** 5.3 M-Satz, 2048 bytes: one per user (tenancy or vacancy) of a flat in the billing period. */
export function writeMRecord(input: MRecordInput): string {
  const record = new ArgeRecordWriter("M")
    .writeHead(input.customerNumber)
    .writeDigits(19, 31, input.firmFlat)
    .writeText(32, 51, input.managerKey)
    .writeText(52, 52, "1");
  writeUserAddress(record, 53, input.name ?? "Leerstand", input.address);
  return record
    .writePeriod(499, input.from, input.to)
    .writeText(511, 511, "0")
    .writeText(512, 512, "0")
    .writeNumber(523, 532, 2, input.prepayments, "Heizung Vorauszahlung")
    .writeText(603, 605, UNIT_CODE_AREA)
    .writeNumber(606, 615, 2, input.area, "Anteile Umlage 1 (Wohnfläche)")
    .writeText(616, 618, UNIT_CODE_PERSONS)
    .writeNumber(619, 628, 2, String(input.persons), "Anteile Umlage 2 (Personen)")
    .writeText(1167, 1167, input.isVacant ? "1" : "0")
    .writeText(1168, 1168, "0")
    .toText();
}

export interface BRecordInput {
  customerNumber: string;
  propertyNumber: string;
  start: string;
  end: string;
  /** Table B and kWh per unit; null: not written (see FUEL_CODES). */
  fuel: { code: string; heatingValueKwh: string } | null;
  /** Stored fuels: stock at the start and the end of the period, gross values. */
  opening: { quantity: string; amount: string } | null;
  closing: { quantity: string; amount: string } | null;
  /** § 9 HeizkV inputs of a generator that also heats the water. */
  hotWaterTemperatureCelsius: string | null;
  hotWaterVolumeM3: string | null;
}

/** 5.4 B-Satz, 1024 bytes: the fuel of the property (Brennstoffart 1). */
export function writeBRecord(input: BRecordInput): string {
  const record = new ArgeRecordWriter("B")
    .writeHead(input.customerNumber)
    .writeDigits(19, 31, `${input.propertyNumber}0000`)
    .writeText(32, 34, "EUR")
    .writePeriod(35, input.start, input.end);
  if (input.fuel)
    record
      .writeText(47, 49, input.fuel.code)
      .writeNumber(50, 60, 4, input.fuel.heatingValueKwh, "Heizwert");
  if (input.opening) {
    record
      .writeDate(61, input.start)
      .writeNumber(67, 77, 3, input.opening.quantity, "Menge Anfangsbestand")
      .writeNumber(78, 87, 2, input.opening.amount, "Betrag Anfangsbestand");
  }
  if (input.closing) {
    record
      .writeDate(98, input.end)
      .writeNumber(104, 114, 3, input.closing.quantity, "Menge Restbestand")
      .writeNumber(115, 124, 2, input.closing.amount, "Betrag Restbestand");
  }
  return record
    .writeNumber(135, 138, 2, input.hotWaterTemperatureCelsius, "WW-Temperatur")
    .writeNumber(139, 147, 3, input.hotWaterVolumeM3, "WW-Verbrauch")
    .writeText(170, 170, "1")
    .toText();
}

/** K 8: E heating and hot water jointly, H heating, W hot water, K cold water, B other operating costs. */
export type CostOrigin = "E" | "H" | "W" | "K" | "B";

export interface KRecordInput {
  customerNumber: string;
  propertyNumber: string;
  code: string;
  /** K 7, free text (mandatory for 228 and 242). */
  text: string | null;
  origin: CostOrigin;
  invoiceDate: string;
  quantity: string | null;
  amount: string;
  /** Table L, "00" none. */
  taxClass: string;
  /** Labour in the gross amount (K 14), with tax class 11-13. */
  laborCosts: string | null;
}

/** 5.5 K-Satz, 1024 bytes: one invoice or cost position (fuel 1). */
export function writeKRecord(input: KRecordInput): string {
  return new ArgeRecordWriter("K")
    .writeHead(input.customerNumber)
    .writeDigits(19, 31, `${input.propertyNumber}0000`)
    .writeText(32, 34, input.code)
    .writeText(35, 59, input.text ?? "")
    .writeText(60, 60, input.origin)
    .writeDate(61, input.invoiceDate)
    .writeNumber(67, 77, 3, input.quantity, "Menge")
    .writeNumber(78, 87, 2, input.amount, "Betrag")
    .writeText(98, 99, input.taxClass)
    .writeNumber(100, 109, 2, input.laborCosts, "Lohnanteil")
    .writeText(110, 110, "1")
    .toText();
}

/** 5.1 A-Satz, 128 bytes: the firm's flat (Liegenschaft + Wohnung) and the manager's key for it. */
export function writeARecord(input: {
  customerNumber: string;
  firmFlat: string;
  managerKey: string;
}): string {
  return new ArgeRecordWriter("A")
    .writeHead(input.customerNumber)
    .writeDigits(19, 31, input.firmFlat)
    .writeText(32, 51, input.managerKey)
    .toText();
}
