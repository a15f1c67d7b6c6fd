import { buildTenancyOverlapMessage, TENANCY_OVERLAP_CODE } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { Conflict } from "../../domain/domain-errors.ts";
import { findOverlappingTenancy, lockUnitRow } from "./tenancy-overlap-queries.ts";

/**
 * One tenancy per unit at a time (decision 0980): refuses a tenancy that shares a day with
 * another tenant of the unit, naming that tenant. Call inside the writing transaction; the unit
 * row stays locked until it ends, so two concurrent move-ins cannot both pass.
 */
export async function assertNoOverlappingTenancy(
  trx: Db,
  userId: string,
  tenancy: {
    unitId: string;
    moveInDate: string;
    moveOutDate: string | null;
    tenantId: string | null;
  },
): Promise<void> {
  await lockUnitRow(trx, userId, tenancy.unitId);
  const other = await findOverlappingTenancy(trx, userId, {
    unitId: tenancy.unitId,
    moveInDate: tenancy.moveInDate,
    moveOutDate: tenancy.moveOutDate,
    excludeTenantId: tenancy.tenantId,
  });
  if (!other) return;
  const message = buildTenancyOverlapMessage(other);
  throw new Conflict(message, { code: TENANCY_OVERLAP_CODE, fields: { moveInDate: message } });
}
