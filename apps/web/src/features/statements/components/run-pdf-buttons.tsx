import { FileDown } from "lucide-react";
import { STATEMENT_DOCUMENT_MESSAGES } from "@nk/contract";
import { Button } from "../../../components/ui/button";
import { useLetterBatch } from "../lib/use-letter-batch";
import { usePdfDownload } from "../lib/use-pdf-download";
import { DocumentError } from "./document-error";
import { LetterBatchProgress } from "./letter-batch-progress";

/**
 * 'Alle Briefe (PDF)' and 'Übersicht für Vermieter (PDF)' of a saved run. The letters of a large
 * house are made in the background (issue 32, decision 1084): a bar shows how many are done, and
 * the one PDF is downloaded when all are.
 */
export function RunPdfButtons({ runId, letterCount }: { runId: string; letterCount: number }) {
  const pdf = usePdfDownload();
  const letters = useLetterBatch();
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          variant="outline"
          isBusy={letters.isRunning}
          busyText={letterCount === 1 ? "Erstelle 1 Brief..." : `Erstelle ${letterCount} Briefe...`}
          disabled={letters.isRunning}
          onClick={() => void letters.start(runId)}
        >
          <FileDown className="size-4" aria-hidden="true" />
          Alle Briefe (PDF)
        </Button>
        <Button
          variant="outline"
          isBusy={pdf.busyKey === "overview"}
          busyText="Erstelle Übersicht..."
          disabled={pdf.busyKey !== null}
          onClick={() =>
            void pdf.download(
              "overview",
              `/api/statements/${runId}/overview-pdf`,
              "Gesamtabrechnung.pdf",
            )
          }
        >
          <FileDown className="size-4" aria-hidden="true" />
          Übersicht für Vermieter (PDF)
        </Button>
      </div>
      {letters.batch ? (
        <LetterBatchProgress
          batch={letters.batch}
          onDownload={() => void letters.downloadAgain()}
        />
      ) : null}
      {letters.error ? (
        <DocumentError
          title={STATEMENT_DOCUMENT_MESSAGES.downloadFailed}
          error={letters.error}
          onRetry={() => void letters.start(runId)}
        />
      ) : null}
      {pdf.error ? (
        <DocumentError title={STATEMENT_DOCUMENT_MESSAGES.downloadFailed} error={pdf.error} />
      ) : null}
    </div>
  );
}
