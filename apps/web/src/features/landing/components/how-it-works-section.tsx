const STEPS = [
  {
    title: "Immobilie anlegen",
    text: "Der Einrichtungsassistent erfasst Immobilie und Wohneinheiten mit Fläche und Personenzahl in drei Schritten.",
  },
  {
    title: "Mieter, Zähler und Kosten erfassen",
    text: "Mieter mit Vorauszahlungen, Zählerstände in der Sammelerfassung und die Kosten des Abrechnungsjahres mit passendem Verteilerschlüssel.",
  },
  {
    title: "Abrechnung prüfen und versenden",
    text: "Vorschau je Wohneinheit prüfen, finalisieren und als PDF herunterladen oder direkt per E-Mail an die Mieter senden.",
  },
] as const;

export function HowItWorksSection() {
  return (
    <section id="how-it-works" className="scroll-mt-20 bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            So funktioniert's
          </p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
            In drei Schritten zur fertigen Abrechnung
          </h2>
          <p className="mt-3 text-slate-600">
            Die Einrichtung erledigen Sie einmal. Danach dauert jede Jahresabrechnung nur noch
            wenige Minuten.
          </p>
        </div>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li
              key={step.title}
              className="relative rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span
                className="flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">
                <span className="sr-only">Schritt {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
