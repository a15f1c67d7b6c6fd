import type { RunSendResponse, TenantStatement } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";

/**
 * What 'Alle per E-Mail senden' did: how many mails are queued and who still needs a letter by
 * post (a tenant drops off the list once marked 'per Post versendet').
 */
export function SendAllResult({
  result,
  statements,
}: {
  result: RunSendResponse;
  statements: TenantStatement[];
}) {
  const isOpen = (statementId: string) =>
    statements.find((s) => s.id === statementId)?.sentAt === null;
  const withoutEmail = result.withoutEmail.filter((entry) => isOpen(entry.statementId));
  const isDelivered =
    result.queued.length > 0 && !result.queued.some((entry) => isOpen(entry.statementId));
  const count = result.queued.length;
  const title = isDelivered
    ? `${count === 1 ? "1 Abrechnung" : `${count} Abrechnungen`} per E-Mail versendet.`
    : result.message;
  return (
    <Alert variant={withoutEmail.length > 0 ? "warning" : "success"} title={title}>
      {withoutEmail.length > 0 ? (
        <>
          <p>
            Ohne E-Mail-Adresse – bitte ausdrucken, per Post versenden und als „per Post versendet“
            markieren:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {withoutEmail.map((entry) => (
              <li key={entry.statementId}>
                {entry.tenantName} ({entry.unitName})
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {result.alreadySent.length > 0 ? (
        <p className="mt-2">
          Bereits versendet und nicht erneut gesendet:{" "}
          {result.alreadySent.map((entry) => entry.tenantName).join(", ")}.
        </p>
      ) : null}
    </Alert>
  );
}
