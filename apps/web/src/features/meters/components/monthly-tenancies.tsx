import type { MonthlyFigureView, MonthlyInformationLetters, MonthlyTenancy } from "@nk/contract";
import { formatMonthDe } from "@nk/contract";
import { Badge } from "../../../components/ui/badge";
import { buttonStyles } from "../../../components/ui/button";
import { getMonthlyLetterUrl } from "../api";
import { describeLetter, formatFigure } from "../lib/monthly-information";

function FigureLine({ figure }: { figure: MonthlyFigureView }) {
  return (
    <p className="text-sm text-slate-700">
      <span className="font-medium text-slate-900">{figure.meterType}:</span>{" "}
      {formatFigure(figure.consumption, figure.unitLabel)} · Vormonat{" "}
      {formatFigure(figure.previousMonth, figure.unitLabel)} · Vorjahresmonat{" "}
      {formatFigure(figure.sameMonthLastYear, figure.unitLabel)} · Durchschnitt{" "}
      {formatFigure(figure.averageUser, figure.unitLabel)}
    </p>
  );
}

/** Each tenancy of the month: its figures, how it was informed, its letter as PDF. */
export function MonthlyTenancies({
  propertyId,
  month,
  tenancies,
}: {
  propertyId: string;
  month: string;
  tenancies: MonthlyTenancy[];
}) {
  return (
    <ul className="divide-y divide-slate-100">
      {tenancies.map((tenancy) => (
        <li key={tenancy.tenantId} className="space-y-1 py-3" data-testid="monthly-tenancy">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="font-medium text-slate-900">
              {tenancy.tenantName}{" "}
              <span className="font-normal text-slate-500">· {tenancy.unitName}</span>
            </p>
            <div className="flex flex-wrap items-center gap-2">
              {tenancy.isRemoteReadable ? null : (
                <Badge variant="warning">nicht alle Zähler fernablesbar</Badge>
              )}
              {tenancy.letter ? (
                <Badge variant="success">{describeLetter(tenancy.letter)}</Badge>
              ) : tenancy.email ? null : (
                <Badge variant="neutral">keine E-Mail-Adresse</Badge>
              )}
              <a
                href={getMonthlyLetterUrl(propertyId, tenancy.tenantId, month)}
                download
                className={buttonStyles({ size: "sm", variant: "outline" })}
              >
                Brief (PDF)
              </a>
            </div>
          </div>
          {tenancy.figures.map((figure) => (
            <FigureLine key={figure.meterType} figure={figure} />
          ))}
        </li>
      ))}
    </ul>
  );
}

/** The consumption information sent so far, in the order the server lists it. */
export function MonthlySentLetters({ letters }: { letters: MonthlyInformationLetters["letters"] }) {
  if (letters.length === 0) return null;
  return (
    <section aria-labelledby="versendet" className="space-y-2">
      <h2 id="versendet" className="text-lg font-semibold text-slate-900">
        Versendete Verbrauchsinformationen
      </h2>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {letters.map((letter) => (
          <li
            key={`${letter.month}-${letter.tenantId}`}
            className="flex flex-col gap-1 px-4 py-2 text-sm sm:flex-row sm:justify-between"
          >
            <span>
              {formatMonthDe(letter.month)}: {letter.tenantName}{" "}
              <span className="text-slate-500">({letter.recipient ?? "Brief per Post"})</span>
            </span>
            <span className="text-slate-600">{describeLetter(letter)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
