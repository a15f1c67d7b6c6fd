import { Link } from "react-router";
import { Clock, MapPin } from "lucide-react";
import { buttonStyles } from "../../../components/ui/button";
import { ContactForm } from "./contact-form";

export function ContactSection() {
  return (
    <section id="contact" className="scroll-mt-20 bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="grid gap-8 rounded-2xl bg-brand-900 p-8 text-white sm:p-12 lg:grid-cols-2">
          <div>
            <h2 className="text-3xl font-bold tracking-tight">
              Bereit für die nächste Abrechnung?
            </h2>
            <p className="mt-3 text-brand-100">
              Testen Sie Nebenkosten 14 Tage kostenlos mit vollem Funktionsumfang. Die Testphase
              endet automatisch.
            </p>
            <Link
              to="/register"
              className={buttonStyles({
                size: "lg",
                variant: "secondary",
                className: "mt-6 bg-white text-brand-900 hover:bg-brand-50",
              })}
            >
              Jetzt kostenlos starten
            </Link>
          </div>
          <div className="space-y-4 text-brand-100">
            <h3 className="text-lg font-semibold text-white">Kontakt</h3>
            <p className="flex items-start gap-3">
              <Clock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              Unser Support ist Montag bis Freitag von 9 bis 18 Uhr für Sie da.
            </p>
            <p className="flex items-start gap-3">
              <MapPin className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              Bundesweit für Vermieter, Hausverwaltungen und Eigentümergemeinschaften.
            </p>
            <p className="text-sm">
              Für Enterprise+ mit individuellen Anpassungen, White Label oder On-Premise-Betrieb
              erstellen wir Ihnen ein individuelles Angebot. Schreiben Sie uns:
            </p>
          </div>
          <div className="lg:col-span-2">
            <ContactForm />
          </div>
        </div>
      </div>
    </section>
  );
}
