import { AREA_LABELS, COMMON_ACTIONS, ENTITY_TYPES } from "@nk/contract";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { useTeam } from "../../../lib/queries/team-queries";
import { cn } from "../../../lib/cn";
import { SearchField } from "../../../components/search-field";
import { toggleValue, type ActivityFilters } from "../lib/activity-filters";
import { getActionLabel } from "../lib/activity-labels";

function Chip({
  isSelected,
  onClick,
  children,
}: {
  isSelected: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      onClick={onClick}
      className={cn(
        "rounded-full border px-3 py-1 text-xs font-medium transition-colors",
        isSelected
          ? "border-brand-700 bg-brand-700 text-white"
          : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
      )}
    >
      {children}
    </button>
  );
}

const AREAS = ENTITY_TYPES.filter((type) => type in AREA_LABELS);

/** Date from/to, areas, common actions, free text; 'Zurücksetzen' clears them. */
export function ActivityFilterBar({
  filters,
  onChange,
  onReset,
}: {
  filters: ActivityFilters;
  onChange: (next: ActivityFilters) => void;
  onReset: () => void;
}) {
  const team = useTeam();
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Von"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => onChange({ ...filters, from: e.target.value })}
        />
        <TextField
          label="Bis"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => onChange({ ...filters, to: e.target.value })}
        />
        <SearchField
          initialValue={filters.q}
          placeholder="Beschreibung oder Name"
          onSearch={(text) => onChange({ ...filters, q: text })}
        />
        <SelectField
          label="Mitglied"
          value={filters.memberId}
          onChange={(e) => onChange({ ...filters, memberId: e.target.value })}
        >
          <option value="">Alle Mitglieder</option>
          {(team.data?.members ?? []).map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.name}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Bereiche</legend>
        <div className="flex flex-wrap gap-2">
          {AREAS.map((area) => (
            <Chip
              key={area}
              isSelected={filters.areas.includes(area)}
              onClick={() => onChange({ ...filters, areas: toggleValue(filters.areas, area) })}
            >
              {AREA_LABELS[area]!}
            </Chip>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Aktionen</legend>
        <div className="flex flex-wrap gap-2">
          {COMMON_ACTIONS.map((action) => (
            <Chip
              key={action}
              isSelected={filters.actions.includes(action)}
              onClick={() =>
                onChange({ ...filters, actions: toggleValue(filters.actions, action) })
              }
            >
              {getActionLabel(action)}
            </Chip>
          ))}
        </div>
      </fieldset>
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            onReset();
          }}
        >
          Zurücksetzen
        </Button>
      </div>
    </div>
  );
}
