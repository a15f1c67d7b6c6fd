import { useEffect, useState } from "react";
import { Send } from "lucide-react";
import {
  STATEMENT_DOCUMENT_MESSAGES,
  type RunSendResponse,
  type TenantStatement,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useToast } from "../../../components/ui/toast";
import { useTenants } from "../../../lib/queries/tenant-queries";
import { useMarkPosted, useRefreshRun, useRunDispatch, useSendRun, useSendStatement } from "../api";
import { MarkPostedDialog } from "./mark-posted-dialog";
import { RunDeadlineCard } from "./run-deadline-card";
import { RunPrepaymentCard } from "./run-prepayment-card";
import { usePdfDownload } from "../lib/use-pdf-download";
import { DocumentError } from "./document-error";
import { LetterRow } from "./letter-row";
import { RunPdfButtons } from "./run-pdf-buttons";
import { SendAllResult } from "./send-all-result";

/** How often the page looks whether a queued mail went out (the job worker polls every second). */
const MAIL_POLL_MS = 1500;
/** A mail server that retries (decision 0701) may take minutes: after 2 minutes the page stops asking. */
const MAIL_POLL_LIMIT = 80;

interface Props {
  run: { id: string; isFinal: boolean; propertyId: string; statements: TenantStatement[] };
}

/**
 * 'Briefe und Versand' of a saved run (docs/rules/statements.md#wizard, docs/rules/statements.md#statement-queries; docs/rules/statements.md#pdfs-and-sending): every tenancy's
 * letter as PDF, all letters and the landlord's overview, sending by e-mail one by one or all
 * at once, 'per Post versendet' for tenants without an address, and when each letter went out.
 */
export function StatementLettersPanel({ run }: Props) {
  const toast = useToast();
  const tenants = useTenants(run.propertyId);
  const pdf = usePdfDownload();
  const send = useSendStatement(run.id);
  const sendAll = useSendRun(run.id);
  const markPosted = useMarkPosted(run.id);
  const dispatch = useRunDispatch(run.id);
  const [postingId, setPostingId] = useState<string | null>(null);
  const postingLetter =
    dispatch.data?.letters.find((letter) => letter.statementId === postingId) ?? null;
  const refresh = useRefreshRun(run.id);
  const [queued, setQueued] = useState<string[]>([]);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [sendAllResult, setSendAllResult] = useState<RunSendResponse | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const [pollCount, setPollCount] = useState(0);

  const emailOf = (statement: TenantStatement): string | null | undefined => {
    if (!tenants.data) return undefined;
    const tenant = tenants.data.find((t) => t.id === statement.tenantId);
    return tenant?.email?.trim() ? tenant.email : null;
  };
  const waiting = queued.filter((id) => run.statements.find((s) => s.id === id)?.sentAt === null);
  const hasWaiting = waiting.length > 0;
  const isPolling = hasWaiting && pollCount < MAIL_POLL_LIMIT;
  useEffect(() => {
    if (!isPolling) return;
    const timer = window.setInterval(() => {
      setPollCount((count) => count + 1);
      void refresh();
    }, MAIL_POLL_MS);
    return () => window.clearInterval(timer);
  }, [isPolling, refresh]);

  const unsent = run.statements.filter((s) => s.sentAt === null);
  const withEmail = unsent.filter((s) => Boolean(emailOf(s)));
  const withoutEmail = unsent.filter((s) => emailOf(s) === null);
  const isBusy =
    pdf.busyKey !== null || send.isPending || markPosted.isPending || sendAll.isPending;

  async function sendOne(statement: TenantStatement) {
    setActionError(null);
    try {
      const answer = await send.mutateAsync(statement.id);
      setQueued((ids) => [...ids, statement.id]);
      setPollCount(0);
      toast.success(answer.message);
    } catch (error) {
      setActionError(error);
    }
  }

  async function confirmSendAll() {
    setActionError(null);
    try {
      const answer = await sendAll.mutateAsync();
      setQueued((ids) => [...ids, ...answer.queued.map((entry) => entry.statementId)]);
      setPollCount(0);
      // The answer stays on the page (who needs a letter by post), so no toast besides it.
      setSendAllResult(answer);
    } catch (error) {
      setActionError(error);
    } finally {
      setConfirmOpen(false);
    }
  }

  async function post(statementId: string, body: { postedOn: string; confirmOldAddress: boolean }) {
    setActionError(null);
    toast.success((await markPosted.mutateAsync({ statementId, body })).message);
    setPostingId(null);
  }

  return (
    <>
      {run.isFinal && dispatch.data ? (
        <RunDeadlineCard
          key={dispatch.data.lateExcuse ?? ""}
          runId={run.id}
          dispatch={dispatch.data}
        />
      ) : null}
      {run.isFinal && dispatch.data ? (
        <RunPrepaymentCard runId={run.id} dispatch={dispatch.data} />
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Briefe und Versand</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
            <RunPdfButtons runId={run.id} letterCount={run.statements.length} />
            {run.isFinal ? (
              <Button
                variant="primary"
                disabled={isBusy || withEmail.length === 0}
                isBusy={sendAll.isPending}
                busyText="Sende..."
                onClick={() => {
                  pdf.dismissToast();
                  setConfirmOpen(true);
                }}
              >
                <Send className="size-4" aria-hidden="true" />
                Alle per E-Mail senden
              </Button>
            ) : null}
          </div>
          {run.isFinal ? null : (
            <p className="text-sm text-slate-600">
              {STATEMENT_DOCUMENT_MESSAGES.onlyFinalCanBeSent} Die PDFs eines Entwurfs tragen den
              Vermerk ENTWURF.
            </p>
          )}
          {sendAllResult ? (
            <SendAllResult result={sendAllResult} statements={run.statements} />
          ) : null}
          {pdf.error ? (
            <DocumentError title={STATEMENT_DOCUMENT_MESSAGES.downloadFailed} error={pdf.error} />
          ) : null}
          {actionError ? (
            <DocumentError title="Versand fehlgeschlagen" error={actionError} />
          ) : null}
          {hasWaiting && !isPolling ? (
            <Alert variant="info">
              Der E-Mail-Versand dauert länger als erwartet. Der Status erscheint, sobald der
              Mailserver die Nachricht angenommen hat; laden Sie die Seite später neu.
            </Alert>
          ) : null}
          {tenants.isError ? (
            <Alert variant="warning">
              Die E-Mail-Adressen der Mieter konnten nicht geladen werden.
            </Alert>
          ) : null}
          <ul className="divide-y divide-slate-100" aria-label="Briefe je Mietverhältnis">
            {run.statements.map((statement) => (
              <LetterRow
                key={statement.id}
                statement={statement}
                email={emailOf(statement)}
                canSend={run.isFinal}
                isWaitingForMail={waiting.includes(statement.id)}
                busy={
                  pdf.busyKey === statement.id
                    ? "pdf"
                    : send.isPending && send.variables === statement.id
                      ? "send"
                      : markPosted.isPending && markPosted.variables?.statementId === statement.id
                        ? "post"
                        : null
                }
                isDisabled={isBusy}
                onPdf={() =>
                  void pdf.download(
                    statement.id,
                    `/api/tenant-statements/${statement.id}/pdf`,
                    "Nebenkostenabrechnung.pdf",
                  )
                }
                onSend={() => void sendOne(statement)}
                onMarkPosted={() => {
                  pdf.dismissToast();
                  setPostingId(statement.id);
                }}
                dispatch={dispatch.data?.letters.find(
                  (letter) => letter.statementId === statement.id,
                )}
              />
            ))}
          </ul>
          <MarkPostedDialog
            letter={postingLetter}
            onOpenChange={(isOpen) => (isOpen ? undefined : setPostingId(null))}
            onConfirm={(letter, body) => post(letter.statementId, body)}
            isBusy={markPosted.isPending}
          />
          <ConfirmDialog
            isOpen={isConfirmOpen}
            onOpenChange={setConfirmOpen}
            title="Alle per E-Mail senden"
            description={
              <>
                {withEmail.length === 1
                  ? "1 Abrechnung wird"
                  : `${withEmail.length} Abrechnungen werden`}{" "}
                per E-Mail mit dem PDF im Anhang versendet.
                {withoutEmail.length > 0
                  ? ` Ohne E-Mail-Adresse (bitte per Post): ${withoutEmail.map((s) => s.tenantName).join(", ")}.`
                  : ""}
              </>
            }
            confirmLabel="Senden"
            busyLabel="Sende..."
            isBusy={sendAll.isPending}
            onConfirm={confirmSendAll}
          />
        </CardContent>
      </Card>
    </>
  );
}
