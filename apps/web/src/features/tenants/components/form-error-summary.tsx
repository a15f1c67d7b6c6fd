import { TENANT_MESSAGES } from "@nk/contract";

/** The summary box of the tenant form: 'Bitte korrigieren Sie folgende Fehler:' and every message. */
export function FormErrorSummary({
  messages,
  title = TENANT_MESSAGES.summaryTitle,
}: {
  messages: string[];
  title?: string;
}) {
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
      data-testid="form-error-summary"
    >
      <p className="font-semibold">{title}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
