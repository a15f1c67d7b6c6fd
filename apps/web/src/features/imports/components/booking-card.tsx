import {
  formatCalendarDateDe,
  formatEuroDe,
  type BankBookingRow,
  type BookingPart,
} from "@nk/contract";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/field";

// One booking of the preview: what the bank says, what the import will do with it, and (for a
// new outgoing payment) the cost type the user gives it, or its split.

const STATUS_BADGES: Record<BankBookingRow["status"], { label: string; variant: BadgeVariant }> = {
  new: { label: "Neu", variant: "brand" },
  duplicate: { label: "Bereits importiert", variant: "neutral" },
  ignored: { label: "Keine Kosten", variant: "neutral" },
  error: { label: "Fehler", variant: "danger" },
};

const NOT_IMPORTED = "";
const SPLIT = "__split";

export function BookingCard({
  row,
  parts,
  costTypeOptions,
  error,
  onAssign,
  onSplit,
}: {
  row: BankBookingRow;
  parts: BookingPart[];
  costTypeOptions: { value: string; label: string }[];
  error: string | undefined;
  onAssign: (parts: BookingPart[]) => void;
  onSplit: () => void;
}) {
  const badge = STATUS_BADGES[row.status];
  const isSplit = parts.length > 1;
  const amountText = row.amount
    ? `${row.direction === "debit" ? "−" : ""}${formatEuroDe(row.amount)}`
    : "–";
  const selectId = `booking-${row.row}-cost-type`;
  return (
    <li
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-testid={`booking-${row.row}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="break-words font-medium text-slate-900">
            {row.counterpartyName ?? "Ohne Namen"}
          </p>
          <p className="text-sm text-slate-600">
            {row.bookingDate ? formatCalendarDateDe(row.bookingDate) : "ohne Datum"} · Zeile{" "}
            {row.row}
            {row.counterpartyIban ? (
              <span className="break-all"> · {row.counterpartyIban}</span>
            ) : null}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span
            className={
              row.direction === "debit"
                ? "font-semibold tabular-nums text-slate-900"
                : "font-semibold tabular-nums text-emerald-700"
            }
          >
            {amountText}
          </span>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </div>
      </div>
      {row.purpose ? (
        <p className="mt-2 break-words text-sm text-slate-700">{row.purpose}</p>
      ) : null}
      {row.message ? (
        <p
          className={
            row.status === "error" ? "mt-2 text-sm text-red-700" : "mt-2 text-sm text-slate-600"
          }
        >
          {row.message}
        </p>
      ) : null}
      {row.warnings.map((warning) => (
        <p key={warning} className="mt-2 text-sm text-amber-800">
          {warning}
        </p>
      ))}
      {row.status === "new" ? (
        <div className="mt-3 grid gap-2 sm:grid-cols-[minmax(0,20rem)_max-content] sm:items-end">
          <SelectField
            id={selectId}
            label="Kostenart"
            value={isSplit ? SPLIT : (parts[0]?.costType ?? NOT_IMPORTED)}
            error={error}
            onChange={(event) => {
              const value = event.target.value;
              if (value === SPLIT) onSplit();
              else
                onAssign(value === NOT_IMPORTED ? [] : [{ costType: value, amount: row.amount! }]);
            }}
          >
            <option value={NOT_IMPORTED}>Nicht importieren</option>
            {isSplit ? (
              <option value={SPLIT}>Aufgeteilt ({parts.length} Kostenarten)</option>
            ) : null}
            {costTypeOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <Button variant="outline" onClick={onSplit} className={error ? "sm:mb-6" : undefined}>
            Aufteilen
          </Button>
          {!isSplit &&
          row.suggestedCostType !== null &&
          parts[0]?.costType === row.suggestedCostType ? (
            <p className="text-sm text-slate-600 sm:col-span-2">
              Vorgeschlagen nach Ihrer früheren Zuordnung dieses Empfängers.
            </p>
          ) : null}
          {isSplit ? (
            <ul className="text-sm text-slate-700 sm:col-span-2">
              {parts.map((part) => (
                <li key={part.costType}>
                  {part.costType}: {formatEuroDe(part.amount)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
