import { CALCULATION_CONTRACT_VERSION } from "@nk/contract";
import type { Db } from "../../src/db/database.ts";
import {
  insertSnapshot,
  toSnapshotColumns,
} from "../../src/features/statements/statement-run-queries.ts";

// Direct inserts for tests of other features that need master data to exist. Tests of the
// properties feature itself go through the API.

export async function insertProperty(
  db: Db,
  userId: string,
  values: { name?: string; propertyType?: string; efficiencyClass?: string | null } = {},
) {
  const name = values.name ?? "Musterstraße 1";
  return db
    .insertInto("properties")
    .values({
      userId,
      name,
      street: "Musterstraße",
      houseNumber: "1",
      addressAddition: null,
      postalCode: "33602",
      city: "Bielefeld",
      state: "Nordrhein-Westfalen",
      country: "Deutschland",
      address: "Musterstraße 1, 33602 Bielefeld, Nordrhein-Westfalen, Deutschland",
      propertyType: values.propertyType ?? "Mehrfamilienhaus",
      efficiencyClass: values.efficiencyClass ?? null,
      efficiencyDeterminedDate: null,
      efficiencyDeterminationMethod: null,
      updatedAt: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertUnit(
  db: Db,
  userId: string,
  propertyId: string,
  values: {
    name?: string;
    area?: string;
    persons?: number;
    hasDecentralizedHotWater?: boolean;
  } = {},
) {
  return db
    .insertInto("units")
    .values({
      userId,
      propertyId,
      name: values.name ?? "EG links",
      area: values.area ?? "62.50",
      persons: values.persons ?? 2,
      hasDecentralizedHotWater: values.hasDecentralizedHotWater ?? false,
      updatedAt: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertTenant(
  db: Db,
  userId: string,
  unitId: string,
  values: {
    name?: string;
    moveInDate?: string;
    moveOutDate?: string | null;
    isActive?: boolean;
  } = {},
) {
  return db
    .insertInto("tenants")
    .values({
      userId,
      unitId,
      name: values.name ?? "Max Mieter",
      moveInDate: values.moveInDate ?? "2023-01-01",
      moveOutDate: values.moveOutDate ?? null,
      isActive: values.isActive ?? true,
      address: null,
      postalCode: null,
      city: null,
      phone: null,
      email: null,
      contractStartDate: null,
      contractEndDate: null,
      birthDate: null,
      idDocumentNumber: null,
      notes: null,
      updatedAt: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A billing run with one statement, for the delete rules that depend on statements existing. */
export async function insertStatement(
  db: Db,
  userId: string,
  propertyId: string,
  unitId: string | null,
) {
  const group = await db
    .insertInto("billingPeriods")
    .values({
      userId,
      propertyId,
      name: "Abrechnung 01.01.2024 - 31.12.2024",
      billingPeriodStart: "2024-01-01",
      billingPeriodEnd: "2024-12-31",
      updatedAt: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // Every tenancy statement belongs to a run (decision 1890), and a run names its documents.
  const documents = await db
    .insertInto("statementRunDocuments")
    .values({ userId })
    .returning("id")
    .executeTakeFirstOrThrow();
  const runId = await insertSnapshot(
    db,
    userId,
    group.id,
    propertyId,
    toSnapshotColumns({
      engineVersion: CALCULATION_CONTRACT_VERSION,
      documentsId: documents.id,
      rateCosts: [],
      totalCosts: "100.00",
      isFinal: false,
      calculatedAt: new Date(),
    }),
  );
  return db
    .insertInto("tenancyStatements")
    .values({
      userId,
      billingPeriodId: group.id,
      propertyId,
      statementRunId: runId,
      unitId,
      tenantId: null,
      totalCostsShare: "100.00",
      prepaymentAmount: "0.00",
      finalBalance: "100.00",
      pdfStoragePath: null,
      finalizedAt: null,
      sentAt: null,
      updatedAt: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Complete billing data (the letters' sender) as PUT /api/billing-data takes them. */
export const TEST_BILLING_DATA = {
  companyName: "Hausverwaltung Sonnenschein GmbH",
  phone: "030 1234567",
  street: "Lindenstraße",
  houseNumber: "12a",
  postalCode: "10115",
  city: "Berlin",
  iban: "DE89 3704 0044 0532 0130 00",
  bic: "COBADEFFXXX",
  bankName: "Commerzbank",
};
