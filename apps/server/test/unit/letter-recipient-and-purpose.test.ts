import { describe, expect, it } from "vitest";
import { formatPaymentPurpose } from "../../src/features/statement-documents/letter-payment.ts";
import { chooseRecipient } from "../../src/features/statement-documents/letter-recipient.ts";

// Issue 24, item 14 (decision 1063): where a letter goes, when that is the old flat, and the
// GiroCode's purpose that names the tenant.
const PROPERTY = { street: "Gartenweg 7", postalCode: "20095", city: "Hamburg" };

describe("the letter's recipient", () => {
  it("a tenant without own address: the flat; flagged once the move-out day has come", () => {
    const tenant = {
      name: "Maria Weiß",
      address: null,
      postalCode: null,
      city: null,
      moveOutDate: "2025-12-31",
    };
    expect(chooseRecipient(tenant, PROPERTY, "2025-12-30")).toEqual({
      recipient: { name: "Maria Weiß", ...PROPERTY },
      source: "unit",
      isOldFlat: false,
    });
    expect(chooseRecipient(tenant, PROPERTY, "2025-12-31").isOldFlat).toBe(true);
    expect(
      chooseRecipient({ ...tenant, moveOutDate: null }, PROPERTY, "2026-11-27").isOldFlat,
    ).toBe(false);
  });

  it("the forwarding address is used; the flat's own address typed in counts as the flat", () => {
    const moved = {
      name: "Maria Weiß",
      address: "Neue Straße 5",
      postalCode: "10115",
      city: "Berlin",
      moveOutDate: "2025-12-31",
    };
    expect(chooseRecipient(moved, PROPERTY, "2026-11-27")).toEqual({
      recipient: {
        name: "Maria Weiß",
        street: "Neue Straße 5",
        postalCode: "10115",
        city: "Berlin",
      },
      source: "tenant",
      isOldFlat: false,
    });
    expect(
      chooseRecipient(
        { ...moved, address: "Gartenweg  7", postalCode: "20095", city: "Hamburg" },
        PROPERTY,
        "2026-11-27",
      ).isOldFlat,
    ).toBe(true);
    expect(
      chooseRecipient(
        { ...moved, address: "Gartenweg 7" },
        { ...PROPERTY, street: "Gartenweg 7" },
        "2026-11-27",
      ).isOldFlat,
    ).toBe(false);
    // An incomplete address is no address.
    expect(chooseRecipient({ ...moved, city: null }, PROPERTY, "2026-11-27")).toMatchObject({
      source: "unit",
      isOldFlat: true,
    });
  });
});

describe("the GiroCode's purpose", () => {
  it("names the statement, the tenant and the unit, a correction as such, within 140 characters", () => {
    expect(
      formatPaymentPurpose({
        periodLabel: "2025",
        tenantName: "Jürgen Krüger",
        unitName: "EG",
        correctionVersion: null,
      }),
    ).toBe("Nebenkostenabrechnung 2025 Jürgen Krüger, EG");
    expect(
      formatPaymentPurpose({
        periodLabel: "2025",
        tenantName: "Jürgen Krüger",
        unitName: "EG",
        correctionVersion: 2,
      }),
    ).toBe("Korrektur (Version 2) Nebenkostenabrechnung 2025 Jürgen Krüger, EG");
    const long = formatPaymentPurpose({
      periodLabel: "01.03.2024 – 28.02.2025",
      tenantName: "Familie ".repeat(20),
      unitName: "Dachgeschoss",
      correctionVersion: 3,
    });
    expect([...long]).toHaveLength(140);
  });
});
