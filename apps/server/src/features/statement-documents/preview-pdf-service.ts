import type { PreviewPdfBody } from "@nk/contract";
import { STATEMENT_DOCUMENT_MESSAGES } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { NotFound } from "../../domain/domain-errors.ts";
import { requireCompleteBillingData } from "../billing-data/billing-data-service.ts";
import { computeStatement } from "../statements/statement-calculation-service.ts";
import { buildLetterModel } from "./build-letter-model.ts";
import { buildLettersDocument } from "./letter-document.ts";
import { buildOverviewDocument } from "./overview-document.ts";
import { renderPdf } from "./pdf-renderer.ts";
import {
  letterSourceFromRun,
  overviewSourceFromRun,
  pdfFileName,
} from "./snapshot-letter-source.ts";
import {
  findPropertyForDocuments,
  type SnapshotForDocuments,
} from "./statement-document-queries.ts";
import { contextOf, periodLabelOf, type PdfFile } from "./statement-document-service.ts";

// The wizard's preview step (docs/rules/statements.md#wizard: 'PDF generieren', 'PDF herunterladen') comes
// before anything is saved. Its PDFs are made from the same calculation as the preview (the
// saved inputs of the period, or the body's), as a draft: ENTWURF on every page, dated today,
// rendered on the request and never stored, no activity (nothing was saved to log it on).
// Decision 0605.

const M = STATEMENT_DOCUMENT_MESSAGES;

/** POST /api/statements/preview/pdf */
export async function getPreviewPdf(
  db: Db,
  userId: string,
  body: PreviewPdfBody & { document: "letter" | "overview" },
): Promise<PdfFile> {
  // The sender is required first: no calculation for a letter that could not be made.
  const billingData = await requireCompleteBillingData(db, userId);
  const computed = await computeStatement(
    db,
    userId,
    body as Parameters<typeof computeStatement>[2],
  );
  const property = await findPropertyForDocuments(db, userId, computed.period.propertyId);
  if (!property) throw new NotFound(M.statementNotFound);
  const snapshot: SnapshotForDocuments = {
    id: computed.period.id,
    propertyId: computed.period.propertyId,
    isFinal: false,
    engineInput: computed.engineInput as unknown as SnapshotForDocuments["engineInput"],
    result: computed.result as unknown as SnapshotForDocuments["result"],
    consumption: computed.consumption as unknown as SnapshotForDocuments["consumption"],
    calculatedAt: new Date(),
    finalizedAt: null,
    version: 1,
    replacesFinalizedAt: null,
    billingPeriodId: computed.period.id,
    lateExcuse: null,
    prepaymentRounding: null,
    ...property,
  };
  const context = await contextOf(db, userId, snapshot, billingData);
  const periodLabel = periodLabelOf(context);
  if (body.document === "overview") {
    const pdf = await renderPdf(buildOverviewDocument(overviewSourceFromRun(context)));
    return {
      bytes: pdf.bytes,
      fileName: pdfFileName(["Gesamtabrechnung", periodLabel, property.propertyName, "ENTWURF"]),
    };
  }
  const tenancy = computed.result.tenancies.find((t) => t.tenancyId === body.tenancyId);
  if (!tenancy) throw new NotFound(M.noTenants);
  const model = buildLetterModel(letterSourceFromRun(context, tenancy.tenancyId));
  const pdf = await renderPdf(buildLettersDocument([{ model }], computed.result.totalCosts));
  return {
    bytes: pdf.bytes,
    fileName: pdfFileName([
      "Nebenkostenabrechnung",
      periodLabel,
      context.unitNames.get(tenancy.unitId) ?? "",
      context.tenants.get(tenancy.tenancyId)?.name ?? "",
      "ENTWURF",
    ]),
  };
}
