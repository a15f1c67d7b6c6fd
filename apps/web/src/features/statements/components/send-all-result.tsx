import type { RunSendResponse } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";

/** What 'Alle per E-Mail senden' did: how many mails are queued, who needs a letter by post. */
export function SendAllResult({ result }: { result: RunSendResponse }) {
  return (
    <Alert variant={result.withoutEmail.length > 0 ? "warning" : "success"} title={result.message}>
      {result.withoutEmail.length > 0 ? (
        <>
          <p>Ohne E-Mail-Adresse – bitte ausdrucken, per Post versenden und als „per Post versendet“ markieren:</p>
          <ul className="mt-1 list-disc pl-5">
            {result.withoutEmail.map((entry) => (
              <li key={entry.statementId}>
                {entry.tenantName} ({entry.unitName})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {result.alreadySent.length > 0 ? <p>Bereits versendet und nicht erneut gesendet: {result.alreadySent.map((entry) => entry.tenantName).join(", ")}.</p> : null}
    </Alert>
  );
}
