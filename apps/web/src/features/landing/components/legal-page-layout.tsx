import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { OperatorInfo } from "@nk/contract";
import { BrandLogo } from "../../../components/brand-logo";
import { Alert } from "../../../components/ui/alert";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { useOperatorInfo } from "../api";
import { LandingFooter } from "./landing-footer";

/** Frame of /impressum and /datenschutz (noindex, nofollow) with the operator's details loaded. */
export function LegalPageLayout({
  title,
  children,
}: {
  title: string;
  children: (operator: OperatorInfo) => ReactNode;
}) {
  const query = useOperatorInfo();
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <title>{`${title} – Nebenkosten`}</title>
      <meta name="robots" content="noindex,nofollow" />
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-4 sm:px-6">
          <BrandLogo to="/" />
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Zur Startseite
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h1>
        <div className="mt-8 space-y-8 text-sm leading-relaxed text-slate-700">
          {query.isPending ? (
            <LoadingState />
          ) : query.isError ? (
            <Alert variant="error">{getErrorMessage(query.error)}</Alert>
          ) : (
            children(query.data)
          )}
        </div>
      </main>
      <LandingFooter />
    </div>
  );
}

/** Said plainly when no OPERATOR_* setting is configured; nothing is invented. */
export function OperatorMissingNotice() {
  return (
    <Alert variant="warning" title="Betreiberangaben fehlen">
      Der Betreiber dieser Installation hat seine Angaben (Name, Anschrift, Kontakt) noch nicht
      hinterlegt. Sie werden in den Einstellungen des Servers festgelegt (OPERATOR_* in der
      Konfiguration).
    </Alert>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** Name and postal address, line by line. */
export function OperatorAddress({ operator }: { operator: OperatorInfo }) {
  return (
    <address className="not-italic">
      {operator.name}
      <br />
      {operator.street}
      <br />
      {operator.postalCode} {operator.city}
    </address>
  );
}
