import { Trash2 } from "lucide-react";
import { compareDecimalText, subtractDecimalText, type Reading } from "@nk/contract";
import { Button } from "../../../components/ui/button";
import { formatDate } from "../../../lib/format";
import { formatReadingValue } from "../lib/format-reading";
import { ScrollRegion } from "../../../components/ui/scroll-region";

/** Consumption since the reading before (older); none for the first or after a drop. */
function getConsumption(readings: Reading[], index: number): string | null {
  const older = readings[index + 1];
  const current = readings[index]!;
  if (!older || compareDecimalText(current.readingValue, older.readingValue) < 0) return null;
  return subtractDecimalText(current.readingValue, older.readingValue);
}

/** The history, newest date first, as a table that scrolls sideways on phones. */
export function ReadingsTable({
  readings,
  unit,
  onDelete,
}: {
  readings: Reading[];
  unit: string;
  onDelete: (reading: Reading) => void;
}) {
  return (
    <ScrollRegion
      label="Zählerstände"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full min-w-[36rem] text-sm" aria-label="Zählerstände">
        <thead className="bg-slate-50">
          <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="px-4 py-3 font-medium">
              Ablesedatum
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Zählerstand
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Verbrauch
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Abrechnungsperiode / Notiz
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Aktionen
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {readings.map((reading, index) => {
            const consumption = getConsumption(readings, index);
            return (
              <tr key={reading.id} data-testid="reading-row" className="align-top">
                <td className="whitespace-nowrap px-4 py-3">{formatDate(reading.readingDate)}</td>
                <td className="whitespace-nowrap px-4 py-3 text-right font-medium tabular-nums text-slate-900">
                  {formatReadingValue(reading.readingValue)}{" "}
                  <span className="text-xs font-normal text-slate-500">{unit}</span>
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums text-slate-600">
                  {consumption ? `+${formatReadingValue(consumption)}` : "–"}
                </td>
                <td className="px-4 py-3 text-slate-600">
                  {reading.billingPeriodName ? <p>{reading.billingPeriodName}</p> : null}
                  {reading.note ? <p className="text-xs text-amber-800">{reading.note}</p> : null}
                  {!reading.billingPeriodName && !reading.note ? "–" : null}
                </td>
                <td className="px-4 py-2 text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => onDelete(reading)}
                    aria-label={`Zählerstand vom ${formatDate(reading.readingDate)} löschen`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    <span>Löschen</span>
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
