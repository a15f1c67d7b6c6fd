import { sql, type Expression, type SqlBool } from "kysely";
import type { Db } from "../../db/database.ts";

// The links of tenancy statements to their tenant and unit (decision 1021). A finalized
// statement is a document: its tenant and unit rows must stay (the foreign keys refuse their
// deletion, migration 1150). A draft only loses the link; it is calculated again before it is
// finalized. Scoped to the account.

/** Finalized, sent or archived, or part of a finalized run (an 'ersetzt' version included). */
function isFinalStatement(): Expression<SqlBool> {
  return sql<SqlBool>`(tenancy_statements.status in ('finalized', 'sent', 'archived')
    or exists (select 1 from statement_runs r where r.id = tenancy_statements.statement_run_id and r.is_final))`;
}

/** The statements of the tenants, or of the unit and every tenant of it. */
function ofTenantsOrUnit(target: {
  tenantIds?: readonly string[];
  unitId?: string;
}): Expression<SqlBool> {
  const parts = [];
  if (target.tenantIds && target.tenantIds.length > 0)
    parts.push(sql`tenancy_statements.tenant_id in (${sql.join(target.tenantIds)})`);
  if (target.unitId) {
    parts.push(sql`tenancy_statements.unit_id = ${target.unitId}`);
    parts.push(
      sql`tenancy_statements.tenant_id in (select t.id from tenants t where t.unit_id = ${target.unitId})`,
    );
  }
  return parts.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

export async function hasFinalStatement(
  db: Db,
  userId: string,
  target: { tenantIds?: readonly string[]; unitId?: string },
): Promise<boolean> {
  const row = await db
    .selectFrom("tenancyStatements")
    .select("id")
    .where("userId", "=", userId)
    .where(ofTenantsOrUnit(target))
    .where(isFinalStatement())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The drafts matching `where` forget their tenant or unit. */
async function forgetOnDrafts(
  db: Db,
  userId: string,
  column: "tenantId" | "unitId",
  where: Expression<SqlBool>,
): Promise<void> {
  await db
    .updateTable("tenancyStatements")
    .set({ [column]: null, updatedAt: new Date() })
    .where("userId", "=", userId)
    .where(where)
    .where(sql<SqlBool>`not ${isFinalStatement()}`)
    .execute();
}

/** The drafts that name the tenants or the unit (or its tenants) forget them. */
export async function detachDraftStatements(
  db: Db,
  userId: string,
  target: { tenantIds?: readonly string[]; unitId?: string },
): Promise<void> {
  if (target.tenantIds && target.tenantIds.length > 0)
    await forgetOnDrafts(
      db,
      userId,
      "tenantId",
      sql<SqlBool>`tenancy_statements.tenant_id in (${sql.join(target.tenantIds)})`,
    );
  if (target.unitId) {
    await forgetOnDrafts(
      db,
      userId,
      "tenantId",
      sql<SqlBool>`tenancy_statements.tenant_id in (select t.id from tenants t where t.unit_id = ${target.unitId})`,
    );
    await forgetOnDrafts(
      db,
      userId,
      "unitId",
      sql<SqlBool>`tenancy_statements.unit_id = ${target.unitId}`,
    );
  }
}
