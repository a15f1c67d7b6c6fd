import { Link } from "react-router";
import { BrandLogo } from "../../../components/brand-logo";

const CURRENT_YEAR = new Date().getFullYear();

export function LandingFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="space-y-2">
          <BrandLogo to="/" />
          <p className="text-sm text-slate-500">
            Nebenkosten- und Heizkostenabrechnung für Vermieter. Nur für Unternehmer (B2B).
          </p>
        </div>
        <nav
          aria-label="Rechtliches"
          className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-600"
        >
          <Link to="/impressum" className="hover:text-slate-900">
            Impressum
          </Link>
          <Link to="/datenschutz" className="hover:text-slate-900">
            Datenschutz
          </Link>
          <Link to="/agb" className="hover:text-slate-900">
            AGB
          </Link>
          <span className="text-slate-500">© {CURRENT_YEAR} Nebenkosten</span>
        </nav>
      </div>
    </footer>
  );
}
