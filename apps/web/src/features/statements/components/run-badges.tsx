import { statementRunBadges, type StatementListItem } from "@nk/contract";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";

const VARIANTS: Record<string, BadgeVariant> = {
  Entwurf: "neutral",
  Finalisiert: "success",
  Korrektur: "info",
  ersetzt: "warning",
};

/** 'Entwurf' / 'Finalisiert', plus 'Korrektur' and 'ersetzt' for versions (docs/rules/statements.md#saved-runs). */
export function RunBadges({
  item,
}: {
  item: Pick<StatementListItem, "isFinal" | "version" | "isReplaced">;
}) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {statementRunBadges(item).map((label) => (
        <Badge key={label} variant={VARIANTS[label] ?? "neutral"}>
          {label}
        </Badge>
      ))}
    </span>
  );
}
