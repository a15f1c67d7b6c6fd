import { FileDown, Mail, Send } from "lucide-react";
import {
  DISPATCH_MESSAGES,
  formatCalendarDateDe,
  formatEuroDe,
  STATEMENT_STATUS_LABELS,
  type RunDispatch,
  type TenantStatement,
} from "@nk/contract";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";

export interface LetterRowProps {
  statement: TenantStatement;
  /** The tenant's e-mail address; null without one, undefined while the tenants load. */
  email: string | null | undefined;
  canSend: boolean;
  isWaitingForMail: boolean;
  busy: "pdf" | "send" | "post" | null;
  isDisabled: boolean;
  onPdf: () => void;
  onSend: () => void;
  onMarkPosted: () => void;
  /** Issue 24: where the letter goes and what it asks for (undefined while loading). */
  dispatch?: RunDispatch["letters"][number];
}

/** What the letter asks for or pays out, as dated today or as it went out (issue 24). */
function settlementText(dispatch: RunDispatch["letters"][number]): string {
  const { kind, amount } = dispatch.settlement;
  const what =
    kind === "demand"
      ? `Brief fordert ${formatEuroDe(amount)}`
      : kind === "payout"
        ? `Brief zahlt ${formatEuroDe(amount)} aus`
        : "Brief ohne Zahlung";
  return `${dispatch.isCorrection ? "Korrektur: " : ""}${what}`;
}

/** One tenancy's letter: download it, send it by e-mail or mark it 'per Post versendet', and when it went out. */
export function LetterRow({
  statement,
  email,
  canSend,
  isWaitingForMail,
  busy,
  isDisabled,
  onPdf,
  onSend,
  onMarkPosted,
  dispatch,
}: LetterRowProps) {
  const isSent = statement.sentAt !== null;
  return (
    <li
      className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
      aria-label={`Brief an ${statement.tenantName}`}
    >
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-medium text-slate-900">
          {statement.tenantName}{" "}
          <span className="font-normal text-slate-500">· {statement.unitName}</span>
        </p>
        <p className="flex flex-wrap items-center gap-2 text-slate-600">
          <Badge variant={isSent ? "success" : "neutral"}>
            {STATEMENT_STATUS_LABELS[statement.status]}
          </Badge>
          {isSent ? <span>Versendet am {formatDateTime(statement.sentAt)}</span> : null}
          {!isSent && isWaitingForMail ? (
            <span role="status">Wird per E-Mail versendet...</span>
          ) : null}
          {!isSent && !isWaitingForMail && canSend && email ? (
            <span className="break-all">E-Mail an {email}</span>
          ) : null}
          {!isSent && canSend && email === null ? (
            <span>Keine E-Mail-Adresse hinterlegt: bitte ausdrucken und per Post versenden.</span>
          ) : null}
        </p>
        {dispatch ? (
          <div className="space-y-1 text-slate-600">
            <p className="break-words">
              An {dispatch.recipient.street}, {dispatch.recipient.postalCode}{" "}
              {dispatch.recipient.city}
              {dispatch.dispatchedOn
                ? ` · Brief vom ${formatCalendarDateDe(dispatch.dispatchedOn)}${dispatch.dispatchChannel === "post" ? " (Post)" : dispatch.dispatchChannel === "email" ? " (E-Mail)" : ""}`
                : ""}
            </p>
            <p>{settlementText(dispatch)}</p>
            {dispatch.settlement.barred !== "0.00" ? (
              <p className="text-amber-800">
                {DISPATCH_MESSAGES.barred(dispatch.settlement.barred)}
              </p>
            ) : null}
            {dispatch.isOldFlat && !isSent ? (
              <p>
                <Badge variant="warning">{DISPATCH_MESSAGES.oldFlatShort}</Badge>
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          isBusy={busy === "pdf"}
          busyText="Erstelle PDF..."
          disabled={isDisabled}
          onClick={onPdf}
          aria-label={`PDF für ${statement.tenantName}`}
        >
          <FileDown className="size-4" aria-hidden="true" />
          PDF
        </Button>
        {canSend && !isSent && email ? (
          <Button
            variant="outline"
            size="sm"
            isBusy={busy === "send"}
            busyText="Sende..."
            disabled={isDisabled || isWaitingForMail}
            onClick={onSend}
            aria-label={`Per E-Mail senden an ${statement.tenantName}`}
          >
            <Send className="size-4" aria-hidden="true" />
            Per E-Mail senden
          </Button>
        ) : null}
        {canSend && !isSent && email === null ? (
          <Button
            variant="outline"
            size="sm"
            isBusy={busy === "post"}
            busyText="Speichere..."
            disabled={isDisabled}
            onClick={onMarkPosted}
            aria-label={`${statement.tenantName}: per Post versendet`}
          >
            <Mail className="size-4" aria-hidden="true" />
            per Post versendet
          </Button>
        ) : null}
      </div>
    </li>
  );
}
