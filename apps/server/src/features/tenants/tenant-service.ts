import {
  buildTenantFormSchema,
  getTodayInGermany,
  isTenancyCurrentOrFuture,
  TENANT_MESSAGES,
  type ForwardingAddress,
  type Tenant,
  type TenantFields,
  type UpdateTenantFields,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { Conflict, NotFound, ValidationFailed } from "../../domain/domain-errors.ts";
import { collectFieldErrors } from "../../domain/zod-field-errors.ts";
import { assertCanCreate } from "../account/subscription-service.ts";
import { logActivity } from "../activity/activity-log.ts";
import { alignOccupancyToMoveIn, createInitialOccupancy } from "./occupancy-service.ts";
import { assertNoOverlappingTenancy } from "./tenancy-overlap.ts";
import { detachDraftStatements, hasFinalStatement } from "../statements/statement-link-queries.ts";
import { isResourceId, requireResourceId } from "../../domain/resource-id.ts";
import {
  deleteTenantRow,
  findTenant,
  findUnitOfAccount,
  insertTenantRow,
  isPropertyOfAccount,
  listTenants,
  lockTenantRow,
  updateTenantRow,
  type TenantValues,
} from "./tenant-queries.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";
import { insertPrepayment } from "./prepayment-queries.ts";

// The tenants area: docs/rules/master-data.md#entities, docs/rules/master-data.md#states, docs/rules/master-data.md#validation, docs/rules/master-data.md#messages. Plan limit maxTenants counts ACTIVE tenants
// (moved-out tenants free their slot), so creating an active tenant and re-activating one are
// the two ways to hit it.

const EDITABLE_FIELDS = [
  "name",
  "unitId",
  "moveInDate",
  "moveOutDate",
  "address",
  "postalCode",
  "city",
  "phone",
  "email",
  "contractStartDate",
  "contractEndDate",
  "birthDate",
  "idDocumentNumber",
  "notes",
] as const satisfies readonly (keyof TenantFields)[];

export async function listTenantsOfAccount(
  db: Db,
  userId: string,
  propertyId: string | undefined,
): Promise<Tenant[]> {
  if (propertyId !== undefined) {
    if (!isResourceId(propertyId) || !(await isPropertyOfAccount(db, userId, propertyId)))
      throw new NotFound(TENANT_MESSAGES.propertyNotFound);
  }
  return listTenants(db, userId, { propertyId, today: getTodayInGermany() });
}

export async function getTenant(db: Db, userId: string, tenantId: string): Promise<Tenant> {
  requireResourceId(tenantId, TENANT_MESSAGES.tenantNotFound);
  const tenant = await findTenant(db, userId, tenantId, getTodayInGermany());
  if (!tenant) throw new NotFound(TENANT_MESSAGES.tenantNotFound);
  return tenant;
}

/** The unit must be one of the account's (else 404, so foreign ids leak nothing). */
async function requireUnit(trx: Db, userId: string, unitId: string) {
  const unit = isResourceId(unitId) ? await findUnitOfAccount(trx, userId, unitId) : undefined;
  if (!unit) throw new NotFound(TENANT_MESSAGES.unitNotFound);
  return unit;
}

function pickValues(fields: TenantFields, isActive: boolean): TenantValues {
  return {
    name: fields.name,
    unitId: fields.unitId,
    moveInDate: fields.moveInDate,
    moveOutDate: fields.moveOutDate,
    isActive,
    address: fields.address,
    postalCode: fields.postalCode,
    city: fields.city,
    phone: fields.phone,
    email: fields.email,
    contractStartDate: fields.contractStartDate,
    contractEndDate: fields.contractEndDate,
    birthDate: fields.birthDate,
    idDocumentNumber: fields.idDocumentNumber,
    notes: fields.notes,
  };
}

/**
 * Creates a tenant with its first occupancy period (persons from the form, default the unit's
 * persons, from the move-in date). docs/rules/master-data.md#states: a filled move-out date marks the tenant inactive.
 */
export async function createTenant(
  db: Db,
  userId: string,
  body: TenantFields & { persons?: number | null; monthlyPrepayment?: string | null },
): Promise<Tenant> {
  const isActive = isTenancyCurrentOrFuture(body.moveOutDate, getTodayInGermany());
  // Answered from inside the transaction: a delete that runs right after it cannot empty the answer.
  return inAccountTransaction(db, userId, async (trx) => {
    const unit = await requireUnit(trx, userId, body.unitId);
    await assertNoOverlappingTenancy(trx, userId, {
      unitId: unit.id,
      moveInDate: body.moveInDate,
      moveOutDate: body.moveOutDate,
      tenantId: null,
    });
    if (isActive) await assertCanCreate(trx, userId, "tenants");
    const id = await insertTenantRow(trx, userId, pickValues(body, isActive));
    await createInitialOccupancy(trx, id, body.persons ?? unit.persons, body.moveInDate);
    // Issue 27: the prepayment typed with the tenant, from the move-in date (a new tenant has no other).
    if (body.monthlyPrepayment) {
      await insertPrepayment(trx, {
        tenantId: id,
        monthlyAmount: body.monthlyPrepayment,
        validFrom: body.moveInDate,
        validUntil: body.moveOutDate,
      });
    }
    await logActivity(trx, {
      userId,
      key: "tenant.created",
      entityId: id,
      entityName: body.name,
      metadata: {
        unitId: unit.id,
        unitName: unit.name,
        propertyId: unit.propertyId,
        moveInDate: body.moveInDate,
        isActive,
      },
    });
    return getTenant(trx, userId, id);
  });
}

/**
 * Changes any subset of the fields; the merged tenant must pass every rule of the form. Setting
 * a move-out date marks the tenant inactive, clearing it marks the tenant active again (subject
 * to the plan limit).
 */
export async function updateTenant(
  db: Db,
  userId: string,
  tenantId: string,
  patch: UpdateTenantFields,
): Promise<Tenant> {
  requireResourceId(tenantId, TENANT_MESSAGES.tenantNotFound);
  const today = getTodayInGermany();
  await inAccountTransaction(db, userId, async (trx) => {
    const existing = await lockTenantRow(trx, userId, tenantId);
    if (!existing) throw new NotFound(TENANT_MESSAGES.tenantNotFound);
    const merged: Record<string, unknown> = {};
    for (const field of EDITABLE_FIELDS)
      merged[field] = patch[field] === undefined ? existing[field] : patch[field];
    const parsed = buildTenantFormSchema(() => today).safeParse(merged);
    if (!parsed.success) throw new ValidationFailed(collectFieldErrors(parsed.error));
    const values = parsed.data;

    const unit = await requireUnit(trx, userId, values.unitId);
    await assertNoOverlappingTenancy(trx, userId, {
      unitId: unit.id,
      moveInDate: values.moveInDate,
      moveOutDate: values.moveOutDate,
      tenantId,
    });
    const isActive =
      patch.moveOutDate === undefined
        ? existing.isActive
        : isTenancyCurrentOrFuture(values.moveOutDate, today);
    if (
      isTenancyCurrentOrFuture(values.moveOutDate, today) &&
      !isTenancyCurrentOrFuture(existing.moveOutDate, today)
    ) {
      await assertCanCreate(trx, userId, "tenants");
    }
    if (values.moveInDate !== existing.moveInDate)
      await alignOccupancyToMoveIn(trx, tenantId, values.moveInDate);
    await updateTenantRow(trx, userId, tenantId, pickValues(values, isActive));

    const changedFields = EDITABLE_FIELDS.filter((field) => values[field] !== existing[field]);
    await logActivity(trx, {
      userId,
      key: "tenant.updated",
      entityId: tenantId,
      entityName: values.name,
      metadata: { changedFields, unitId: unit.id, unitName: unit.name },
    });
    if (isActive !== existing.isActive) {
      await logActivity(trx, {
        userId,
        key: isActive ? "tenant.moved_in" : "tenant.moved_out",
        entityId: tenantId,
        entityName: values.name,
        metadata: { moveOutDate: values.moveOutDate },
      });
    }
  });
  return getTenant(db, userId, tenantId);
}

/** docs/rules/master-data.md#states: moved out sets move_out_date (default today); the tenancy stays active until that day has passed. */
export async function moveOutTenant(
  db: Db,
  userId: string,
  tenantId: string,
  moveOutDate: string | null,
  forwardingAddress: ForwardingAddress | null = null,
): Promise<Tenant> {
  requireResourceId(tenantId, TENANT_MESSAGES.tenantNotFound);
  const date = moveOutDate ?? getTodayInGermany();
  await inAccountTransaction(db, userId, async (trx) => {
    const existing = await lockTenantRow(trx, userId, tenantId);
    if (!existing) throw new NotFound(TENANT_MESSAGES.tenantNotFound);
    if (date <= existing.moveInDate)
      throw new ValidationFailed({ moveOutDate: TENANT_MESSAGES.moveOutNotAfterMoveIn });
    // Issue 24: the forwarding address becomes the tenant's postal address (the letters go there).
    const address = forwardingAddress
      ? {
          address: forwardingAddress.address,
          postalCode: forwardingAddress.postalCode,
          city: forwardingAddress.city,
        }
      : {};
    if (existing.moveOutDate === date && !forwardingAddress) return;
    await assertNoOverlappingTenancy(trx, userId, {
      unitId: existing.unitId,
      moveInDate: existing.moveInDate,
      moveOutDate: date,
      tenantId,
    });
    // A move-out date still to come keeps the tenancy active until then (issue 23).
    await updateTenantRow(trx, userId, tenantId, {
      isActive: isTenancyCurrentOrFuture(date, getTodayInGermany()),
      moveOutDate: date,
      ...address,
    });
    await logActivity(trx, {
      userId,
      key: "tenant.moved_out",
      entityId: tenantId,
      entityName: existing.name,
      metadata: {
        moveOutDate: date,
        previousMoveOutDate: existing.moveOutDate,
        hasForwardingAddress: forwardingAddress !== null,
      },
    });
  });
  return getTenant(db, userId, tenantId);
}

/** docs/rules/master-data.md#states: marking active sets is_active true and clears move_out_date (plan limit applies). */
export async function moveInTenant(db: Db, userId: string, tenantId: string): Promise<Tenant> {
  requireResourceId(tenantId, TENANT_MESSAGES.tenantNotFound);
  await inAccountTransaction(db, userId, async (trx) => {
    const existing = await lockTenantRow(trx, userId, tenantId);
    if (!existing) throw new NotFound(TENANT_MESSAGES.tenantNotFound);
    if (existing.isActive && existing.moveOutDate === null) return;
    await assertNoOverlappingTenancy(trx, userId, {
      unitId: existing.unitId,
      moveInDate: existing.moveInDate,
      moveOutDate: null,
      tenantId,
    });
    if (!isTenancyCurrentOrFuture(existing.moveOutDate, getTodayInGermany()))
      await assertCanCreate(trx, userId, "tenants");
    await updateTenantRow(trx, userId, tenantId, { isActive: true, moveOutDate: null });
    await logActivity(trx, {
      userId,
      key: "tenant.moved_in",
      entityId: tenantId,
      entityName: existing.name,
      metadata: { previousMoveOutDate: existing.moveOutDate },
    });
  });
  return getTenant(db, userId, tenantId);
}

/**
 * Deletes the tenant with its prepayments and occupancy periods. A finalized statement of the
 * tenant is a document and keeps its tenant (409, decision 1021); drafts forget the link and are
 * calculated again before they are finalized.
 */
export async function deleteTenant(db: Db, userId: string, tenantId: string): Promise<void> {
  requireResourceId(tenantId, TENANT_MESSAGES.tenantNotFound);
  await inAccountTransaction(db, userId, async (trx) => {
    const existing = await lockTenantRow(trx, userId, tenantId);
    if (!existing) throw new NotFound(TENANT_MESSAGES.tenantNotFound);
    if (await hasFinalStatement(trx, userId, { tenantIds: [tenantId] })) {
      throw new Conflict(TENANT_MESSAGES.deleteBlockedByFinalStatements, {
        code: "TENANT_HAS_FINAL_STATEMENTS",
      });
    }
    await detachDraftStatements(trx, userId, { tenantIds: [tenantId] });
    await deleteTenantRow(trx, userId, tenantId);
    await logActivity(trx, {
      userId,
      key: "tenant.deleted",
      entityId: tenantId,
      entityName: existing.name,
      metadata: {
        unitId: existing.unitId,
        moveInDate: existing.moveInDate,
        moveOutDate: existing.moveOutDate,
        wasActive: existing.isActive,
      },
    });
  });
}
