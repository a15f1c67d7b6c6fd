import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import {
  buildHouseSetupBodySchema,
  getTodayInGermany,
  HOUSE_SETUP_MESSAGES,
  type HouseSetupResponse,
  type HouseSetupValues,
  type PropertyWithUnits,
} from "@nk/contract";
import { LimitReachedBanner } from "../../../../components/limit-reached";
import { Alert } from "../../../../components/ui/alert";
import { Button } from "../../../../components/ui/button";
import { TextField } from "../../../../components/ui/field";
import { ScrollRegion } from "../../../../components/ui/scroll-region";
import { getErrorMessage, isApiError } from "../../../../lib/api-error";
import { applyServerFieldErrors } from "../../../../lib/form-errors";
import { mappedZodResolver } from "../../../../lib/form-resolver";
import { getResourceLimit, getResourceUsage } from "../../../../lib/plan-access";
import { useMe } from "../../../../lib/use-me";
import { useSaveHouseSetup } from "../../api";
import {
  appendFileTable,
  describePasteNotice,
  EMPTY_HOUSE_GRID_ROW,
  HOUSE_GRID_COLUMNS,
  isBlankRow,
  placePastedTable,
  splitPastedTable,
  toGridField,
  toHouseSetupBody,
  type HouseGridRow,
  type HouseGridValues,
} from "../../lib/house-grid";
import { HouseFileButton } from "./house-file-button";
import { HouseGridCell } from "./house-grid-cell";

const EXTRA_EMPTY_ROWS = 3;
const schema = buildHouseSetupBodySchema(getTodayInGermany);

/** The previous calendar year: the period most houses are settled for (decision 1100's default). */
function getPreviousYear(): { start: string; end: string } {
  const year = Number(getTodayInGermany().slice(0, 4)) - 1;
  return { start: `${year}-01-01`, end: `${year}-12-31` };
}

/** The property's units as the first rows (to add tenants and meters to them), then empty rows. */
function buildInitialValues(property: PropertyWithUnits): HouseGridValues {
  const period = getPreviousYear();
  const units: HouseGridRow[] = property.units.map((unit) => ({
    ...EMPTY_HOUSE_GRID_ROW,
    unitName: unit.name,
    area: unit.area,
    persons: String(unit.persons),
  }));
  const empty = Array.from({ length: EXTRA_EMPTY_ROWS }, () => ({ ...EMPTY_HOUSE_GRID_ROW }));
  return {
    billingPeriodStart: period.start,
    billingPeriodEnd: period.end,
    rows: [...units, ...empty],
  };
}

function focusCell(row: number, column: number): void {
  document
    .querySelector<HTMLElement>(
      `[data-cell-row="${row}"][data-cell-column="${column}"] :is(input, select)`,
    )
    ?.focus();
}

/** The cell (row, column) an event happened in, from the data attributes of its table cell. */
function findCell(target: EventTarget): { row: number; column: number } | null {
  const cell = (target as HTMLElement).closest<HTMLElement>("[data-cell-row]");
  return cell
    ? { row: Number(cell.dataset.cellRow), column: Number(cell.dataset.cellColumn) }
    : null;
}

/** How many units the grid adds that the property does not have yet. */
function countNewUnits(rows: HouseGridRow[], property: PropertyWithUnits): number {
  const stored = new Set(property.units.map((unit) => unit.name.toLocaleLowerCase("de-DE")));
  const names = new Set(
    rows
      .filter((row) => !isBlankRow(row))
      .map((row) => row.unitName.trim().toLocaleLowerCase("de-DE")),
  );
  return [...names].filter((name) => name !== "" && !stored.has(name)).length;
}

/**
 * The house in one table (issue 27): a row per tenancy or unit, Tab to the next cell, Enter to
 * the cell below (a new row at the end), a spreadsheet's rows pasted into any cell. The contract's
 * schema marks wrong cells in place; nothing is saved until every row is valid, then the server
 * saves all rows in one transaction.
 */
export function HouseGridForm({
  property,
  onSaved,
}: {
  property: PropertyWithUnits;
  onSaved: (result: HouseSetupResponse) => void;
}) {
  const { me } = useMe();
  const save = useSaveHouseSetup(property.id);
  const [failure, setFailure] = useState<{ message: string; isLimit: boolean } | null>(null);
  // What the last paste left out (a heading row, cells without a column): said, never dropped silently.
  const [pasteNotice, setPasteNotice] = useState<{ message: string; hasLeftOut: boolean } | null>(
    null,
  );
  // The cell to focus once rows added by Enter or a paste are on the page.
  const pendingFocus = useRef<{ row: number; column: number } | null>(null);
  const form = useForm<HouseGridValues, unknown, HouseSetupValues>({
    resolver: mappedZodResolver(
      schema,
      (values) => toHouseSetupBody(values).body,
      (bodyField, values) => toGridField(bodyField, toHouseSetupBody(values).gridIndexes),
    ),
    defaultValues: buildInitialValues(property),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { fields, append, remove, replace } = useFieldArray({
    control: form.control,
    name: "rows",
  });
  const rows = useWatch({ control: form.control, name: "rows" }) ?? [];

  useEffect(() => {
    if (!pendingFocus.current) return;
    focusCell(pendingFocus.current.row, pendingFocus.current.column);
    pendingFocus.current = null;
  }, [fields]);

  const unitLimit = me ? getResourceLimit(me, "units") : Infinity;
  const remainingUnits = me ? Math.max(0, unitLimit - getResourceUsage(me, "units")) : Infinity;
  const newUnits = countNewUnits(rows, property);
  const isOverLimit = Number.isFinite(remainingUnits) && newUnits > remainingUnits;

  function handleKeyDown(event: KeyboardEvent<HTMLTableElement>): void {
    if (event.key !== "Enter" || event.altKey || event.ctrlKey || event.metaKey) return;
    const cell = findCell(event.target);
    if (!cell) return;
    event.preventDefault();
    const next = cell.row + (event.shiftKey ? -1 : 1);
    if (next < 0) return;
    if (next < fields.length) {
      focusCell(next, cell.column);
      return;
    }
    pendingFocus.current = { row: next, column: cell.column };
    append({ ...EMPTY_HOUSE_GRID_ROW }, { shouldFocus: false });
  }

  function handlePaste(event: ClipboardEvent<HTMLTableElement>): void {
    const text = event.clipboardData.getData("text/plain");
    // One value without tab or line break is pasted into the cell as usual.
    if (!/[\t\n]/.test(text.replace(/\r?\n$/, ""))) return;
    const cell = findCell(event.target);
    if (!cell) return;
    event.preventDefault();
    const placed = placePastedTable(
      splitPastedTable(text),
      cell.row,
      cell.column,
      Number(getTodayInGermany().slice(0, 4)),
    );
    const notice = describePasteNotice(placed);
    setPasteNotice(notice ? { message: notice, hasLeftOut: placed.overflowCount > 0 } : null);
    const next = form.getValues("rows").map((row) => ({ ...row }));
    for (const { row, key, value } of placed.cells) {
      while (next.length <= row) next.push({ ...EMPTY_HOUSE_GRID_ROW });
      next[row]![key] = value;
    }
    pendingFocus.current = cell;
    replace(next);
    if (form.formState.isSubmitted) void form.trigger();
  }

  /** A file's rows below the filled ones: the dry run is the grid itself, checked as typed rows are. */
  function handleFileTable(table: string[][], fileName: string): void {
    const { rows: next, placed } = appendFileTable(
      form.getValues("rows"),
      table,
      Number(getTodayInGermany().slice(0, 4)),
    );
    const notice = describePasteNotice(placed);
    const count = placed.hasHeadingRow ? table.length - 1 : table.length;
    const read = `${count === 1 ? "1 Zeile" : `${count} Zeilen`} aus „${fileName}“ übernommen; gespeichert wird erst mit „Alles speichern“.`;
    setPasteNotice({
      message: notice ? `${read} ${notice}` : read,
      hasLeftOut: placed.overflowCount > 0,
    });
    replace(next.length > 0 ? next : [{ ...EMPTY_HOUSE_GRID_ROW }]);
    void form.trigger();
  }

  async function submit(): Promise<void> {
    setFailure(null);
    const { body, gridIndexes } = toHouseSetupBody(form.getValues());
    try {
      onSaved(await save.mutateAsync(body));
    } catch (error) {
      applyServerFieldErrors(form.setError, error, (field) => toGridField(field, gridIndexes));
      setFailure({
        message: getErrorMessage(error, HOUSE_SETUP_MESSAGES.invalid),
        isLimit: isApiError(error) && error.isLimitReached,
      });
    }
  }

  const rowErrorCount = Object.keys(form.formState.errors.rows ?? {}).filter((key) =>
    /^\d+$/.test(key),
  ).length;

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4">
      <fieldset className="grid gap-3 sm:grid-cols-2 lg:max-w-xl">
        <legend className="mb-1 text-sm font-semibold text-slate-900">
          Abrechnungszeitraum der Zählerstände
        </legend>
        <TextField
          type="date"
          label="Von"
          {...form.register("billingPeriodStart")}
          error={form.formState.errors.billingPeriodStart?.message}
        />
        <TextField
          type="date"
          label="Bis"
          {...form.register("billingPeriodEnd")}
          error={form.formState.errors.billingPeriodEnd?.message}
        />
      </fieldset>

      {Number.isFinite(remainingUnits) && !isOverLimit ? (
        <p className="text-sm text-slate-600">
          Ihr Plan erlaubt noch{" "}
          {remainingUnits === 1 ? "1 Wohneinheit" : `${remainingUnits} Wohneinheiten`}.
        </p>
      ) : null}
      {isOverLimit ? (
        <LimitReachedBanner
          resource="units"
          message={`Die Tabelle enthält ${newUnits} neue Wohneinheiten, Ihr Plan erlaubt noch ${remainingUnits}. Nach dem Upgrade speichern Sie alles, was Sie eingetragen haben.`}
        />
      ) : null}
      {failure && !isOverLimit ? (
        failure.isLimit ? (
          <LimitReachedBanner resource="units" message={failure.message} />
        ) : (
          <Alert variant="error">{failure.message}</Alert>
        )
      ) : null}
      <HouseFileButton onTable={handleFileTable} />
      {pasteNotice ? (
        <Alert variant={pasteNotice.hasLeftOut ? "warning" : "info"}>{pasteNotice.message}</Alert>
      ) : null}
      {rowErrorCount > 0 && !failure ? (
        <Alert variant="error">{HOUSE_SETUP_MESSAGES.invalid}</Alert>
      ) : null}

      <ScrollRegion label="Haus-Tabelle" className="relative">
        <table
          className="w-full border-separate border-spacing-0 text-sm max-lg:block"
          onKeyDown={handleKeyDown}
          onPaste={handlePaste}
        >
          <caption className="sr-only">
            Wohneinheiten, Mieter, Vorauszahlungen, Zähler und Zählerstände, eine Zeile je
            Mietverhältnis
          </caption>
          <thead className="max-lg:hidden">
            <tr>
              <th scope="col" className="px-1 pb-2 text-left font-medium text-slate-600">
                Zeile
              </th>
              {HOUSE_GRID_COLUMNS.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={`px-1 pb-2 text-left font-medium text-slate-600 ${column.width}`}
                >
                  {column.label}
                </th>
              ))}
              <th scope="col" className="px-1 pb-2">
                <span className="sr-only">Zeile entfernen</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-lg:block max-lg:space-y-3">
            {fields.map((field, rowIndex) => (
              <tr
                key={field.id}
                className="max-lg:grid max-lg:grid-cols-1 max-lg:gap-2 max-lg:rounded-lg max-lg:border max-lg:border-slate-200 max-lg:bg-slate-50/50 max-lg:p-3 sm:max-lg:grid-cols-2"
              >
                <th
                  scope="row"
                  className="px-1 py-1 text-left align-top font-medium text-slate-700 max-lg:col-span-full lg:pt-3"
                >
                  Zeile {rowIndex + 1}
                </th>
                {HOUSE_GRID_COLUMNS.map((column, columnIndex) => (
                  <td
                    key={column.key}
                    data-cell-row={rowIndex}
                    data-cell-column={columnIndex}
                    className="px-1 py-1 align-top max-lg:block"
                  >
                    <HouseGridCell form={form} column={column} rowIndex={rowIndex} />
                  </td>
                ))}
                <td className="px-1 py-1 align-top max-lg:block">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-red-700 hover:bg-red-50"
                    aria-label={`Zeile ${rowIndex + 1} entfernen`}
                    disabled={fields.length === 1}
                    onClick={() => remove(rowIndex)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={() => append({ ...EMPTY_HOUSE_GRID_ROW })}>
          <Plus className="size-4" aria-hidden="true" />
          Zeile hinzufügen
        </Button>
        <Button
          type="submit"
          isBusy={save.isPending}
          busyText="Speichere..."
          disabled={isOverLimit}
        >
          Alles speichern
        </Button>
      </div>
    </form>
  );
}
