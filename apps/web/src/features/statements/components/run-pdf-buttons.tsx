import { FileDown } from "lucide-react";
import { STATEMENT_DOCUMENT_MESSAGES } from "@nk/contract";
import { Button } from "../../../components/ui/button";
import { usePdfDownload } from "../lib/use-pdf-download";
import { DocumentError } from "./document-error";

/**
 * 'Alle Briefe (PDF)' and 'Übersicht für Vermieter (PDF)' of a saved run. The letters of a large
 * house take a few seconds: the button says how many are being made while it waits.
 */
export function RunPdfButtons({ runId, letterCount }: { runId: string; letterCount: number }) {
  const pdf = usePdfDownload();
  const isBusy = pdf.busyKey !== null;
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          variant="outline"
          isBusy={pdf.busyKey === "all"}
          busyText={letterCount === 1 ? "Erstelle 1 Brief..." : `Erstelle ${letterCount} Briefe...`}
          disabled={isBusy}
          onClick={() => void pdf.download("all", `/api/statements/${runId}/pdf`, "Nebenkostenabrechnungen.pdf")}
        >
          <FileDown className="size-4" aria-hidden="true" />
          Alle Briefe (PDF)
        </Button>
        <Button
          variant="outline"
          isBusy={pdf.busyKey === "overview"}
          busyText="Erstelle Übersicht..."
          disabled={isBusy}
          onClick={() => void pdf.download("overview", `/api/statements/${runId}/overview-pdf`, "Gesamtabrechnung.pdf")}
        >
          <FileDown className="size-4" aria-hidden="true" />
          Übersicht für Vermieter (PDF)
        </Button>
      </div>
      {pdf.error ? <DocumentError title={STATEMENT_DOCUMENT_MESSAGES.downloadFailed} error={pdf.error} /> : null}
    </div>
  );
}
