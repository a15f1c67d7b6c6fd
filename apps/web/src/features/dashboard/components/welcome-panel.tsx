import { Link } from "react-router";
import { Building2, WandSparkles } from "lucide-react";
import { buttonStyles } from "../../../components/ui/button";

/** With zero properties: a welcome and two ways to start. */
export function WelcomePanel({ firstName }: { firstName: string | null }) {
  return (
    <section className="rounded-xl border border-brand-100 bg-gradient-to-br from-brand-50 to-white p-6 shadow-sm sm:p-8">
      <h2 className="text-xl font-bold text-slate-900">
        {firstName ? `Willkommen, ${firstName}!` : "Willkommen bei Nebenkosten!"}
      </h2>
      <p className="mt-2 max-w-2xl text-slate-600">
        Legen Sie Ihre erste Immobilie an. Der Einrichtungsassistent führt Sie in drei Schritten
        durch Immobilie und Wohneinheiten; alternativ erfassen Sie die Immobilie manuell.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to="/dashboard/onboarding" className={buttonStyles({ size: "lg" })}>
          <WandSparkles className="size-5" aria-hidden="true" />
          Einrichtungsassistent starten
        </Link>
        <Link
          to="/dashboard/properties/new"
          className={buttonStyles({ size: "lg", variant: "outline" })}
        >
          <Building2 className="size-5" aria-hidden="true" />
          Immobilie manuell anlegen
        </Link>
      </div>
    </section>
  );
}
