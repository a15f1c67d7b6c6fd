import { formatEuroDe } from "@nk/contract";
import { cn } from "../../../lib/cn";
import { absoluteMoney, getBalanceKind } from "../lib/preview-figures";

const LABELS = { backPayment: "Nachzahlung", credit: "Guthaben", even: "Ausgeglichen" } as const;

/** Balance: positive = Nachzahlung (red), negative = Guthaben (green) (docs/rules/prepayments.md#prepayment-rules). */
export function BalanceAmount({ balance, className }: { balance: string; className?: string }) {
  const kind = getBalanceKind(balance);
  return (
    <span
      className={cn(
        "font-semibold tabular-nums",
        kind === "backPayment" && "text-red-700",
        kind === "credit" && "text-emerald-700",
        className,
      )}
    >
      {LABELS[kind]}: {formatEuroDe(absoluteMoney(balance))}
    </span>
  );
}
