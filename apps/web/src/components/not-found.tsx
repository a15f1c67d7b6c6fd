import { Link } from "react-router";
import { ArrowLeft, SearchX } from "lucide-react";
import { Button, buttonStyles } from "./ui/button";

/** 'Seite nicht gefunden' with a way back; inside the dashboard it links to the overview. */
export function NotFound({
  homeTo = "/",
  homeLabel = "Zur Startseite",
}: {
  homeTo?: string;
  homeLabel?: string;
}) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <meta name="robots" content="noindex,nofollow" />
      <div className="mb-4 flex size-14 items-center justify-center rounded-full bg-slate-100">
        <SearchX className="size-7 text-slate-500" aria-hidden="true" />
      </div>
      <p className="text-sm font-semibold text-brand-700">Fehler 404</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">Seite nicht gefunden</h1>
      <p className="mt-2 max-w-md text-slate-600">
        Die aufgerufene Seite existiert nicht oder wurde verschoben. Prüfen Sie die Adresse oder
        kehren Sie zurück.
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Link to={homeTo} className={buttonStyles()}>
          {homeLabel}
        </Link>
        <Button variant="outline" onClick={() => window.history.back()}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Zurück
        </Button>
      </div>
    </div>
  );
}

/** The public 404 page (full viewport). */
export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col bg-slate-50">
      <title>Seite nicht gefunden – Nebenkosten</title>
      <NotFound />
    </main>
  );
}
