import { useState } from "react";
import {
  ArrowLeft,
  Calculator,
  CircleAlert,
  Database,
  FileWarning,
  Gauge,
  KeyRound,
  RefreshCw,
  RotateCcw,
  ShieldAlert,
  TriangleAlert,
  WifiOff,
  Zap,
  type LucideIcon,
} from "lucide-react";
import {
  ERROR_ACTION_TEXTS,
  buildEnhancedError,
  isRetryAllowed,
  type ErrorAction,
  type ErrorCategory,
  type ErrorContext,
} from "../../lib/error-catalogue";
import { Alert, type AlertVariant } from "../ui/alert";
import { Button } from "../ui/button";
import { cn } from "../../lib/cn";

const CATEGORY_ICONS: Record<ErrorCategory, LucideIcon> = {
  validation: TriangleAlert,
  database: Database,
  network: WifiOff,
  authentication: KeyRound,
  permission: ShieldAlert,
  calculation: Calculator,
  pdf: FileWarning,
  meterReading: Gauge,
  rate: Zap,
  generic: CircleAlert,
};

const INVALID_FIELD_SELECTOR = '[aria-invalid="true"], .error, .invalid';

export interface FullPageErrorProps {
  error: unknown;
  errorId: string;
  retryCount: number;
  /** Resets the failed view; the button shows only while retryCount < 3. */
  onRetry?: () => void;
  context?: ErrorContext;
}

function getStack(error: unknown): string | undefined {
  return error instanceof Error ? error.stack : undefined;
}

function getMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/**
 * The full-page error screen (docs/rules/master-data.md#screens, docs/rules/master-data.md#messages): icon, title, message,
 * error id (production only), 'Erneut versuchen' / 'Seite neu laden' / 'Zurück', the
 * category's actions, 'Lösungsschritte', 'Zur Vermeidung', and developer details in development.
 * It does not depend on the router, so it also works when routing itself failed.
 */
export function FullPageError({
  error,
  errorId,
  retryCount,
  onRetry,
  context,
}: FullPageErrorProps) {
  const enhanced = buildEnhancedError(error, context);
  const Icon = CATEGORY_ICONS[enhanced.category];
  const [notice, setNotice] = useState<{ variant: AlertVariant; text: string } | null>(null);

  function runAction(action: ErrorAction): void {
    try {
      if (action.requiresConfirmation) {
        const question =
          action.confirmationMessage ?? "Sind Sie sicher, dass Sie fortfahren möchten?";
        if (!window.confirm(question)) return;
      }
      switch (action.kind) {
        case "navigate":
          if (!action.to) throw new Error("Kein Ziel angegeben");
          if (action.isNewTab) window.open(action.to, "_blank", "noopener,noreferrer");
          else window.location.assign(action.to);
          return;
        case "reload":
          window.location.reload();
          return;
        case "checkConnection":
          setNotice(
            navigator.onLine
              ? { variant: "success", text: ERROR_ACTION_TEXTS.online }
              : { variant: "warning", text: ERROR_ACTION_TEXTS.offline },
          );
          return;
        case "offlineNotice":
          setNotice({ variant: "info", text: ERROR_ACTION_TEXTS.offlineMode });
          return;
        case "focusInvalid": {
          const field = document.querySelector<HTMLElement>(INVALID_FIELD_SELECTOR);
          if (!field) throw new Error("Kein fehlerhaftes Eingabefeld gefunden");
          field.focus();
          return;
        }
        case "logDetails":
          console.error("[Fehlerdetails]", {
            errorId,
            category: enhanced.category,
            message: getMessage(error),
            stack: getStack(error),
            context,
          });
          setNotice({ variant: "info", text: ERROR_ACTION_TEXTS.detailsLogged });
          return;
        case "alternativeExport":
          setNotice({ variant: "info", text: ERROR_ACTION_TEXTS.alternativeExport });
          return;
      }
    } catch (actionError) {
      setNotice({
        variant: "error",
        text: ERROR_ACTION_TEXTS.actionFailed(getMessage(actionError)),
      });
    }
  }

  const isRetryShown = Boolean(onRetry) && isRetryAllowed(retryCount);

  return (
    <main className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-10 sm:items-center">
      <div className="w-full max-w-2xl space-y-6" data-error-category={enhanced.category}>
        <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <div className="flex flex-col items-center text-center">
            <div
              className={cn(
                "mb-4 flex size-14 items-center justify-center rounded-full",
                enhanced.severity === "low"
                  ? "bg-amber-100 text-amber-700"
                  : "bg-red-100 text-red-600",
              )}
            >
              <Icon className="size-7" aria-hidden="true" />
            </div>
            <h1 className="text-2xl font-bold text-slate-900">{enhanced.title}</h1>
            <p className="mt-2 text-slate-600">{enhanced.message}</p>
            {import.meta.env.PROD ? (
              <p className="mt-3 text-xs text-slate-500">
                Fehler-ID:{" "}
                <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-700">
                  {errorId}
                </code>
              </p>
            ) : null}
          </div>

          <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
            {isRetryShown ? (
              <Button onClick={onRetry}>
                <RotateCcw className="size-4" aria-hidden="true" />
                Erneut versuchen
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RefreshCw className="size-4" aria-hidden="true" />
              Seite neu laden
            </Button>
            <Button variant="ghost" onClick={() => window.history.back()}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              Zurück
            </Button>
          </div>

          {notice ? (
            <Alert variant={notice.variant} className="mt-6">
              {notice.text}
            </Alert>
          ) : null}
        </section>

        {enhanced.actions.length > 0 ? (
          <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
              Mögliche Aktionen
            </h2>
            <ul className="mt-3 divide-y divide-slate-100">
              {enhanced.actions.map((action) => (
                <li
                  key={action.id}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div>
                    <p className="font-medium text-slate-900">{action.label}</p>
                    <p className="text-sm text-slate-500">{action.description}</p>
                  </div>
                  <Button
                    size="sm"
                    variant={action.type === "primary" ? "primary" : "outline"}
                    onClick={() => runAction(action)}
                  >
                    {action.label}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div className="grid gap-6 sm:grid-cols-2">
          <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="font-semibold text-slate-900">Lösungsschritte</h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-600">
              {enhanced.troubleshootingSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
          <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="font-semibold text-slate-900">Zur Vermeidung</h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-600">
              {enhanced.preventionTips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </section>
        </div>

        {import.meta.env.DEV ? (
          <details
            className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm"
            open
          >
            <summary className="cursor-pointer font-semibold text-slate-700">
              Entwickler-Details
            </summary>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-600">
              <dt className="font-medium">Meldung</dt>
              <dd className="break-words">{getMessage(error)}</dd>
              <dt className="font-medium">Fehler-ID</dt>
              <dd className="font-mono">{errorId}</dd>
              <dt className="font-medium">Wiederholungen</dt>
              <dd>{retryCount}</dd>
              <dt className="font-medium">Kategorie</dt>
              <dd>{enhanced.category}</dd>
            </dl>
            {getStack(error) ? (
              <pre className="mt-3 max-h-64 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
                {getStack(error)}
              </pre>
            ) : null}
          </details>
        ) : null}
      </div>
    </main>
  );
}
