import { useState } from "react";
import { Link } from "react-router";
import { Menu, X } from "lucide-react";
import { BrandLogo } from "../../../components/brand-logo";
import { buttonStyles } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";

const SECTION_LINKS = [
  { label: "Funktionen", href: "#features" },
  { label: "So funktioniert's", href: "#how-it-works" },
  { label: "CO₂-Aufteilung", href: "#demo" },
  { label: "Preise", href: "#pricing" },
  { label: "FAQ", href: "#faq" },
  { label: "Kontakt", href: "#contact" },
] as const;

/** The top bar: section links (smooth scrolling), Anmelden, Kostenlos testen, mobile toggle. */
export function LandingNav() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const closeMenu = () => setIsMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <nav
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
        aria-label="Hauptnavigation"
      >
        <BrandLogo to="/" />
        <ul className="hidden items-center gap-6 text-sm font-medium text-slate-600 lg:flex">
          {SECTION_LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href} className="hover:text-slate-900">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 lg:flex">
          <Link to="/login" className={buttonStyles({ variant: "ghost" })}>
            Anmelden
          </Link>
          <Link to="/register" className={buttonStyles()}>
            Kostenlos testen
          </Link>
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          onClick={() => setIsMenuOpen((isOpen) => !isOpen)}
          aria-expanded={isMenuOpen}
          aria-controls="landing-mobile-menu"
          aria-label={isMenuOpen ? "Menü schließen" : "Menü öffnen"}
        >
          {isMenuOpen ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
        </button>
      </nav>
      <div
        id="landing-mobile-menu"
        className={cn(
          "border-t border-slate-200 bg-white lg:hidden",
          isMenuOpen ? "block" : "hidden",
        )}
      >
        <ul className="space-y-1 px-4 py-3">
          {SECTION_LINKS.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                onClick={closeMenu}
                className="block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-50"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-2 border-t border-slate-100 px-4 py-4">
          <Link
            to="/login"
            onClick={closeMenu}
            className={buttonStyles({ variant: "outline", className: "w-full" })}
          >
            Anmelden
          </Link>
          <Link
            to="/register"
            onClick={closeMenu}
            className={buttonStyles({ className: "w-full" })}
          >
            Kostenlos testen
          </Link>
        </div>
      </div>
    </header>
  );
}
