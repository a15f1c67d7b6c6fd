import { FileDown } from "lucide-react";
import {
  STATEMENT_DOCUMENT_MESSAGES,
  type PreviewPdfBody,
  type StatementPreview,
  type StatementPreviewBody,
} from "@nk/contract";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import type { PreviewNames } from "../lib/names";
import { usePdfDownload } from "../lib/use-pdf-download";
import { DocumentError } from "./document-error";

const PREVIEW_PDF_PATH = "/api/statements/preview/pdf";

export interface PreviewPdfButtonsProps {
  result: StatementPreview["result"];
  names: PreviewNames;
  /** The calculation the preview shows, as the server's body; null when the inputs are not valid any more. */
  calculationBody: () => StatementPreviewBody | null;
}

/**
 * Step 2 'Vorschau' (docs/rules/statements.md#wizard): the letter of each tenancy and the landlord's overview
 * as PDF before saving, made by the server from the same calculation and marked ENTWURF
 * (decision 0605). Saved runs have their own buttons on the run's page.
 */
export function PreviewPdfButtons({ result, names, calculationBody }: PreviewPdfButtonsProps) {
  const pdf = usePdfDownload();
  const isBusy = pdf.busyKey !== null;

  function download(
    key: string,
    body: Pick<PreviewPdfBody, "document" | "tenancyId">,
    fallbackName: string,
  ) {
    const calculation = calculationBody();
    if (!calculation) {
      pdf.setError(new Error(STATEMENT_DOCUMENT_MESSAGES.noCalculation));
      return;
    }
    void pdf.download(key, PREVIEW_PDF_PATH, fallbackName, { ...calculation, ...body });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Briefe als PDF (Entwurf)</CardTitle>
        <CardDescription>
          Vorschau der Abrechnungsbriefe vor dem Speichern, auf jeder Seite als ENTWURF
          gekennzeichnet.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <ul aria-label="Briefe der Vorschau" className="divide-y divide-slate-100">
          {result.tenancies.map((tenancy) => {
            const tenant = names.tenant(tenancy.tenancyId);
            const unit = names.unit(tenancy.unitId);
            return (
              <li
                key={tenancy.tenancyId}
                className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="text-sm">
                  <span className="font-medium text-slate-900">{tenant}</span>
                  <span className="text-slate-500"> · {unit}</span>
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`PDF-Entwurf für ${tenant}`}
                  isBusy={pdf.busyKey === tenancy.tenancyId}
                  busyText="Erstelle PDF..."
                  disabled={isBusy}
                  onClick={() =>
                    download(
                      tenancy.tenancyId,
                      { document: "letter", tenancyId: tenancy.tenancyId },
                      "Nebenkostenabrechnung_ENTWURF.pdf",
                    )
                  }
                >
                  <FileDown className="size-4" aria-hidden="true" />
                  PDF
                </Button>
              </li>
            );
          })}
        </ul>
        <Button
          variant="outline"
          isBusy={pdf.busyKey === "overview"}
          busyText="Erstelle Übersicht..."
          disabled={isBusy}
          onClick={() =>
            download("overview", { document: "overview" }, "Gesamtabrechnung_ENTWURF.pdf")
          }
        >
          <FileDown className="size-4" aria-hidden="true" />
          Übersicht für Vermieter (PDF)
        </Button>
        {pdf.error ? (
          <DocumentError title={STATEMENT_DOCUMENT_MESSAGES.downloadFailed} error={pdf.error} />
        ) : null}
      </CardContent>
    </Card>
  );
}
