import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandLogo } from "../../../components/brand-logo";

/** The centred card of the sign-in pages. */
export function AuthLayout({
  title,
  description,
  documentTitle,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  /** The browser tab title. */
  documentTitle: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <title>{`${documentTitle} – Nebenkosten`}</title>
      <header className="px-4 py-5 sm:px-8">
        <BrandLogo />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 sm:items-center">
        <div className="w-full max-w-md">
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <div className="mb-6 space-y-1">
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
              {description ? <p className="text-sm text-slate-600">{description}</p> : null}
            </div>
            {children}
          </div>
          {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
        </div>
      </main>
      <nav
        aria-label="Rechtliches"
        className="flex flex-wrap justify-center gap-x-5 gap-y-1 px-4 pb-6 text-xs text-slate-500"
      >
        <Link to="/impressum" className="hover:text-slate-800">
          Impressum
        </Link>
        <Link to="/datenschutz" className="hover:text-slate-800">
          Datenschutz
        </Link>
        <Link to="/agb" className="hover:text-slate-800">
          AGB
        </Link>
      </nav>
    </div>
  );
}

/** The red box of login and registration errors. */
export function FormErrorBox({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      data-testid="form-error"
      className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      {message}
    </div>
  );
}
