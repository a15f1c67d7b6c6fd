import { zipSync } from "fflate";
import { STATEMENT_DOCUMENT_MESSAGES as M } from "@nk/contract";
import { requireResourceId } from "../../domain/resource-id.ts";
import { assertFeature } from "../account/subscription-change-service.ts";
import { logActivity } from "../activity/activity-log.ts";
import { pdfFileName } from "./snapshot-letter-source.ts";
import { listStatementsOfRun } from "./statement-document-queries.ts";
import {
  letterOf,
  loadRun,
  periodLabelOf,
  type DocumentDeps,
} from "./statement-document-service.ts";

export interface ZipFile {
  bytes: Uint8Array;
  fileName: string;
}

/**
 * GET /api/statements/:id/letters.zip (issue 28, item 6; decision 1600's plan rule): every
 * tenancy's letter of a run as its own PDF, named by unit and tenant, in one ZIP. The letters
 * are the same as one by one: a sent letter is its stored file, any other made now (a draft's
 * marked ENTWURF). PDFs are compressed already: the entries are stored, not deflated again.
 * Plan feature bulkImportExport; another account's run is 404 before the plan is checked.
 */
export async function getRunLettersZip(
  deps: DocumentDeps,
  userId: string,
  statementRunId: string,
): Promise<ZipFile> {
  requireResourceId(statementRunId, M.statementNotFound);
  const context = await loadRun(deps.db, userId, statementRunId);
  await assertFeature(deps.db, userId, "bulkImportExport");
  const rows = await listStatementsOfRun(deps.db, userId, statementRunId);
  const draft = context.snapshot.isFinal ? [] : ["ENTWURF"];
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const tenancy of context.run.result.tenancies) {
    const row = rows.find((candidate) => candidate.tenantId === tenancy.tenancyId);
    if (!row) continue;
    const letter = await letterOf(
      deps,
      { ...row, statementRunId, tenantId: tenancy.tenancyId },
      context,
      deps.letterRenderer,
    );
    const base = pdfFileName([
      row.unitName ?? "",
      row.tenantName ?? context.tenants.get(tenancy.tenancyId)?.name ?? "Mieter",
      ...draft,
    ]).replace(/\.pdf$/, "");
    // Two tenancies of one unit and one name (a tenant who moved out and back in) keep both files.
    let name = `${base}.pdf`;
    for (let n = 2; name in entries; n += 1) name = `${base} (${n}).pdf`;
    entries[name] = [new Uint8Array(letter.bytes), { level: 0 }];
  }
  await logActivity(deps.db, {
    userId,
    key: "statement.pdf_downloaded",
    entityId: statementRunId,
    entityName: context.snapshot.propertyName,
    metadata: { zip: true, letters: Object.keys(entries).length },
  });
  return {
    bytes: zipSync(entries),
    fileName: pdfFileName([
      "Briefe",
      periodLabelOf(context),
      context.snapshot.propertyName,
      ...draft,
    ]).replace(/\.pdf$/, ".zip"),
  };
}
