import type { RunSendResponse, TenantStatement } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";

/**
 * What 'Alle per E-Mail senden' did: how many mails are queued and who still needs a letter by
 * post (a tenant drops off the list once marked 'per Post versendet').
 */
export function SendAllResult({ result, statements }: { result: RunSendResponse; statements: TenantStatement[] }) {
  const withoutEmail = result.withoutEmail.filter((entry) => statements.find((s) => s.id === entry.statementId)?.sentAt === null);
  return (
    <Alert variant={withoutEmail.length > 0 ? "warning" : "success"} title={result.message}>
      {withoutEmail.length > 0 ? (
        <>
          <p>Ohne E-Mail-Adresse – bitte ausdrucken, per Post versenden und als „per Post versendet“ markieren:</p>
          <ul className="mt-1 list-disc pl-5">
            {withoutEmail.map((entry) => (
              <li key={entry.statementId}>
                {entry.tenantName} ({entry.unitName})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {result.alreadySent.length > 0 ? <p className="mt-2">Bereits versendet und nicht erneut gesendet: {result.alreadySent.map((entry) => entry.tenantName).join(", ")}.</p> : null}
    </Alert>
  );
}
