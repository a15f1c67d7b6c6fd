import { Link } from "react-router";
import { FilePlus2, FileText } from "lucide-react";
import {
  STATEMENT_HISTORY_MESSAGES as H,
  STATEMENT_LIST_SORT_LABELS,
  STATEMENT_LIST_SORTS,
  STATEMENT_LIST_STATUS_FILTER_LABELS,
  STATEMENT_LIST_STATUS_FILTERS,
} from "@nk/contract";
import { PropertyFilter } from "../../../components/property-filter";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { SearchField } from "../../../components/search-field";
import { SelectField } from "../../../components/ui/field";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { useProperties } from "../../../lib/use-properties";
import { BatchBar } from "../components/batch-bar";
import { StatementHistoryList } from "../components/statement-history-list";
import { StatementViewDialog } from "../components/statement-view-dialog";
import { useStatementHistory } from "../lib/use-statement-history";

/** /dashboard/statements (docs/rules/statements.md#history): the saved statements; optional ?property={id}. State in useStatementHistory. */
export function StatementHistoryPage() {
  const properties = useProperties();
  const history = useStatementHistory();
  const { filters, list, items, paging, selection, deletion, newLink, canCreateStatements } =
    history;
  const { propertyId, q, status, sort } = filters;
  const { page, pageCount } = paging;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <title>Abrechnungen – Nebenkosten</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Abrechnungen</h1>
          <p className="mt-1 text-sm text-slate-600">
            Gespeicherte Nebenkostenabrechnungen: prüfen, finalisieren, versenden und archivieren.
          </p>
        </div>
        {canCreateStatements ? (
          <Link to={newLink} className={buttonStyles()}>
            <FilePlus2 className="size-4" aria-hidden="true" />
            Neue Abrechnung
          </Link>
        ) : null}
      </div>

      {properties.data && properties.data.length > 0 ? (
        <PropertyFilter
          properties={properties.data}
          propertyId={propertyId}
          onChange={filters.setProperty}
          clearLabel="Alle Abrechnungen"
        />
      ) : null}

      <form
        role="search"
        className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]"
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <SearchField
          initialValue={q}
          placeholder="Name, Zeitraum, Mieter..."
          onSearch={filters.setSearch}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => filters.setStatus(event.target.value)}
          options={STATEMENT_LIST_STATUS_FILTERS.map((value) => ({
            value,
            label: STATEMENT_LIST_STATUS_FILTER_LABELS[value],
          }))}
        />
        <SelectField
          label="Sortierung"
          value={sort}
          onChange={(event) => filters.setSort(event.target.value)}
          options={STATEMENT_LIST_SORTS.map((value) => ({
            value,
            label: STATEMENT_LIST_SORT_LABELS[value],
          }))}
        />
      </form>

      <BatchBar selected={selection.items} onDone={selection.clear} />

      {list.isPending ? (
        <LoadingState text="Lade Abrechnungen..." />
      ) : list.isError ? (
        <Alert
          variant="error"
          title="Fehler beim Laden"
          action={
            <Button
              size="sm"
              variant="outline"
              onClick={() => void list.refetch()}
              isBusy={list.isFetching}
            >
              Erneut versuchen
            </Button>
          }
        >
          {getErrorMessage(list.error)}
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState
          icon={FileText}
          title={H.empty}
          description={
            filters.isFiltered
              ? "Ändern Sie die Suche oder den Statusfilter."
              : "Erstellen Sie Ihre erste Nebenkostenabrechnung."
          }
          action={
            canCreateStatements ? (
              <Link to={newLink} className={buttonStyles()}>
                <FilePlus2 className="size-4" aria-hidden="true" />
                Neue Abrechnung
              </Link>
            ) : null
          }
        />
      ) : (
        <>
          <p className="text-sm text-slate-500" aria-live="polite">
            {list.data.total === 1 ? "1 Abrechnung" : `${list.data.total} Abrechnungen`}
          </p>
          <StatementHistoryList
            items={items}
            selected={selection.selected}
            onToggle={selection.toggle}
            onToggleAll={selection.toggleAll}
            actions={{ onView: history.view, onDelete: deletion.ask }}
          />
          {pageCount > 1 ? (
            <nav
              aria-label="Seiten"
              className="flex items-center justify-center gap-3 text-sm text-slate-600"
            >
              <Button variant="outline" size="sm" onClick={paging.previous} disabled={page === 0}>
                Zurück
              </Button>
              <span>{`Seite ${page + 1} von ${pageCount}`}</span>
              <Button
                variant="outline"
                size="sm"
                onClick={paging.next}
                disabled={page + 1 >= pageCount}
                isBusy={list.isFetching}
              >
                Weiter
              </Button>
            </nav>
          ) : null}
        </>
      )}

      <StatementViewDialog item={history.viewing} onClose={history.closeView} />
      <ConfirmDialog
        isOpen={deletion.item !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : deletion.cancel())}
        title={deletion.item ? `${deletion.item.name} löschen?` : "Abrechnung löschen?"}
        description={H.deleteConfirm}
        confirmLabel="Löschen"
        busyLabel="Lösche..."
        isDestructive
        isBusy={deletion.isBusy}
        onConfirm={deletion.confirm}
      />
    </div>
  );
}
