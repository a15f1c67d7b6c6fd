import type { Db } from "../../db/database.ts";

// SQL of the bank import (issue 28, item 3): the fingerprints of bookings imported before, the
// remembered rules, and the writes of one confirmed import. Every query is scoped to the account.

export async function listImportedFingerprints(
  db: Db,
  userId: string,
  fingerprints: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  // In chunks: a year's statement has thousands of bookings, PostgreSQL takes 65,535 parameters.
  for (let start = 0; start < fingerprints.length; start += 5000) {
    const chunk = fingerprints.slice(start, start + 5000);
    const rows = await db
      .selectFrom("bankBookings")
      .select("fingerprint")
      .where("userId", "=", userId)
      .where("fingerprint", "in", chunk)
      .execute();
    for (const row of rows) found.add(row.fingerprint);
  }
  return found;
}

export interface BookingRuleRow {
  counterpartyKey: string;
  purposeSignature: string;
  costType: string;
  updatedAt: Date;
}

export async function listBookingRules(
  db: Db,
  userId: string,
  counterpartyKeys: readonly string[],
): Promise<BookingRuleRow[]> {
  if (counterpartyKeys.length === 0) return [];
  const rules: BookingRuleRow[] = [];
  for (let start = 0; start < counterpartyKeys.length; start += 5000) {
    const chunk = counterpartyKeys.slice(start, start + 5000);
    rules.push(
      ...(await db
        .selectFrom("bankBookingRules")
        .select(["counterpartyKey", "purposeSignature", "costType", "updatedAt"])
        .where("userId", "=", userId)
        .where("counterpartyKey", "in", chunk)
        .orderBy("updatedAt", "desc")
        .execute()),
    );
  }
  return rules;
}

export interface NewBankBooking {
  billingPeriodId: string;
  fingerprint: string;
  bookingDate: string;
  amount: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  purpose: string | null;
  parts: { costType: string; amount: string }[];
  fileName: string;
}

export async function insertBankBookings(
  db: Db,
  userId: string,
  bookings: readonly NewBankBooking[],
): Promise<void> {
  for (let start = 0; start < bookings.length; start += 1000) {
    await db
      .insertInto("bankBookings")
      .values(
        bookings
          .slice(start, start + 1000)
          .map((booking) => ({ userId, ...booking, parts: JSON.stringify(booking.parts) })),
      )
      .execute();
  }
}

export async function upsertBookingRules(
  db: Db,
  userId: string,
  rules: readonly { counterpartyKey: string; purposeSignature: string; costType: string }[],
): Promise<void> {
  for (let start = 0; start < rules.length; start += 1000) {
    await db
      .insertInto("bankBookingRules")
      .values(
        rules
          .slice(start, start + 1000)
          .map((rule) => ({ userId, ...rule, updatedAt: new Date() })),
      )
      .onConflict((conflict) =>
        conflict.columns(["userId", "counterpartyKey", "purposeSignature"]).doUpdateSet((eb) => ({
          costType: eb.ref("excluded.costType"),
          updatedAt: eb.ref("excluded.updatedAt"),
        })),
      )
      .execute();
  }
}
