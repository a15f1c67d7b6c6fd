import { describe, expect, it } from "vitest";
import {
  classifyCostType,
  COST_TYPE_RULES,
  getTenancyLaw,
  OFFERED_COST_TYPES,
  QUICK_SETUP_TEMPLATES,
} from "../src/index.ts";

// Issue 24, items 10 and 11: the code list of what may be charged (decision 1062).
const Y2025 = { start: "2025-01-01", end: "2025-12-31" };

describe("cost types a landlord may charge (BetrKV, § 556 BGB)", () => {
  it("the operating costs of § 2 Nr. 1-16 BetrKV are allocable, under their usual names too", () => {
    for (const name of [
      "Grundsteuer",
      "Wasserversorgung",
      "Entwässerung",
      "Müllbeseitigung",
      "Hauswart",
      "Sach- und Haftpflichtversicherung",
      "Schornsteinreinigung",
      "Aufzug",
    ]) {
      expect(classifyCostType(name, "residential", Y2025), name).toMatchObject({
        status: "allocable",
        isKnown: true,
        needsConfirmation: false,
      });
    }
  });

  it("administration, upkeep, reserves, repairs, smoke-detector rent, bank fees and a CO2 levy of its own are refused for residential tenancies, whatever the spelling", () => {
    for (const [name, source] of [
      ["Verwaltungskosten", "§ 1 Abs. 2 Nr. 1 BetrKV"],
      ["hausverwaltung", "§ 1 Abs. 2 Nr. 1 BetrKV"],
      ["Instandhaltung", "§ 1 Abs. 2 Nr. 2 BetrKV"],
      ["Instandhaltungsrücklage", "§ 1 Abs. 2 Nr. 2 BetrKV"],
      ["Reparaturkosten", "§ 1 Abs. 2 Nr. 2 BetrKV"],
      ["Rauchmelder Miete", "VIII ZR 379/20"],
      ["Bankgebühren", "§ 1 Abs. 2 Nr. 1 BetrKV"],
      ["CO₂-Abgabe", "CO2KostAufG"],
    ] as const) {
      const verdict = classifyCostType(name, "residential", Y2025);
      expect(verdict.status, name).toBe("notAllocable");
      expect(verdict.source, name).toContain(source);
    }
  });

  it("commercial tenancies may agree administration and upkeep: they need the lease clause instead; the CO2 levy stays refused", () => {
    expect(classifyCostType("Verwaltungskosten", "commercial", Y2025)).toMatchObject({
      status: "conditional",
      needsConfirmation: true,
    });
    expect(classifyCostType("Instandhaltung", "commercial", Y2025)).toMatchObject({
      status: "conditional",
      needsConfirmation: true,
    });
    expect(classifyCostType("CO2-Abgabe", "commercial", Y2025).status).toBe("notAllocable");
    expect(getTenancyLaw("Gewerbeobjekt")).toBe("commercial");
    expect(getTenancyLaw("Gemischt genutztes Objekt")).toBe("residential");
    expect(getTenancyLaw(null)).toBe("residential");
  });

  it("other operating costs and unknown cost types need the lease clause (§ 2 Nr. 17 BetrKV)", () => {
    expect(classifyCostType("Sonstige", "residential", Y2025)).toMatchObject({
      status: "conditional",
      needsConfirmation: true,
    });
    expect(classifyCostType("Rauchwarnmelder-Wartung", "residential", Y2025)).toMatchObject({
      status: "conditional",
      needsConfirmation: true,
    });
    expect(classifyCostType("Dachrinnenreinigung", "residential", Y2025)).toMatchObject({
      isKnown: false,
      status: "conditional",
      needsConfirmation: true,
      source: "§ 2 Nr. 17 BetrKV, § 1 Abs. 2 BetrKV",
    });
  });

  it("cable fees: allocable up to 30.06.2024, prorated in a period across that day, refused after", () => {
    expect(
      classifyCostType("Kabelanschluss", "residential", { start: "2023-01-01", end: "2023-12-31" }),
    ).toMatchObject({ status: "allocable", allocableUntil: null });
    expect(
      classifyCostType("Kabel-TV", "residential", { start: "2024-01-01", end: "2024-12-31" }),
    ).toMatchObject({
      status: "conditional",
      needsConfirmation: false,
      allocableUntil: "2024-06-30",
    });
    expect(
      classifyCostType("Breitbandnetz", "residential", { start: "2023-07-01", end: "2024-06-30" }),
    ).toMatchObject({ status: "allocable", allocableUntil: null });
    expect(
      classifyCostType("Kabelanschluss", "residential", { start: "2024-07-01", end: "2025-06-30" })
        .status,
    ).toBe("notAllocable");
    expect(
      classifyCostType("Kabelanschluss", "commercial", { start: "2025-01-01", end: "2025-12-31" }),
    ).toMatchObject({ status: "conditional", needsConfirmation: true });
  });

  it("the wizard offers every cost type of the list once, and the templates no CO2 levy (item 10)", () => {
    expect(new Set(OFFERED_COST_TYPES).size).toBe(COST_TYPE_RULES.length);
    const templateTypes = Object.values(QUICK_SETUP_TEMPLATES).flatMap((template) =>
      template.items.map((item) => item.costType),
    );
    expect(templateTypes).not.toContain("CO2-Abgabe");
    for (const type of templateTypes)
      expect(classifyCostType(type, "residential", Y2025).status, type).toBe("allocable");
  });
});
