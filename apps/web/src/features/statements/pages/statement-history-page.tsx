import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { FilePlus2, FileText } from "lucide-react";
import {
  STATEMENT_HISTORY_MESSAGES as H,
  STATEMENT_LIST_SORT_LABELS,
  STATEMENT_LIST_SORTS,
  STATEMENT_LIST_STATUS_FILTER_LABELS,
  STATEMENT_LIST_STATUS_FILTERS,
  STATEMENT_PAGE_SIZE,
  type StatementListItem,
  type StatementListSort,
  type StatementListStatusFilter,
} from "@nk/contract";
import { PropertyFilter } from "../../../components/property-filter";
import { Alert } from "../../../components/ui/alert";
import { useMe } from "../../../lib/use-me";
import { Button, buttonStyles } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { SearchField } from "../../../components/search-field";
import { SelectField } from "../../../components/ui/field";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { useProperties } from "../../../lib/use-properties";
import { deleteStatementRun, useInvalidateStatements } from "../api";
import { useStatementList } from "../../../lib/queries/statement-queries";
import { BatchBar } from "../components/batch-bar";
import { StatementHistoryList } from "../components/statement-history-list";
import { StatementViewDialog } from "../components/statement-view-dialog";

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** /dashboard/statements (docs/rules/statements.md#history): the saved statements; optional ?property={id}. */
export function StatementHistoryPage() {
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const propertyId = searchParams.get("property") ?? undefined;
  const status = pick<StatementListStatusFilter>(
    searchParams.get("status"),
    STATEMENT_LIST_STATUS_FILTERS,
    "all",
  );
  const sort = pick<StatementListSort>(searchParams.get("sort"), STATEMENT_LIST_SORTS, "newest");
  const q = searchParams.get("q") ?? "";
  const [page, setPage] = useState(0);
  const properties = useProperties();
  const list = useStatementList({
    propertyId,
    status,
    sort,
    q: q || undefined,
    offset: String(page * STATEMENT_PAGE_SIZE),
    limit: String(STATEMENT_PAGE_SIZE),
  });
  const invalidate = useInvalidateStatements();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [viewed, setViewed] = useState<StatementListItem | null>(null);
  const [deleting, setDeleting] = useState<StatementListItem | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  function setParam(name: string, value: string | undefined): void {
    const params = new URLSearchParams(searchParams);
    if (value) params.set(name, value);
    else params.delete(name);
    setSearchParams(params);
    setSelected(new Set());
    setPage(0);
  }

  function changePage(next: number): void {
    setPage(next);
    setSelected(new Set());
  }

  async function confirmDelete(): Promise<void> {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await deleteStatementRun(deleting.id);
      toast.success(H.deleted);
      await invalidate();
    } catch (error) {
      toast.error(H.deleteFailed(getErrorMessage(error)));
    } finally {
      setIsDeleting(false);
      setDeleting(null);
    }
  }

  const items = list.data?.items ?? [];
  const pageCount = Math.max(1, Math.ceil((list.data?.total ?? 0) / STATEMENT_PAGE_SIZE));
  // The fresh row after a status change; the one opened when the filter no longer lists it.
  const viewing = viewed ? (items.find((item) => item.id === viewed.id) ?? viewed) : null;
  const selectedItems = items.filter((item) => selected.has(item.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((current) =>
      items.every((item) => current.has(item.id))
        ? new Set()
        : new Set(items.map((item) => item.id)),
    );
  const newLink = propertyId
    ? `/dashboard/statements/new?property=${propertyId}`
    : "/dashboard/statements/new";
  // Issue 29: the wizard is offered to roles that may create statements.
  const canCreateStatements = useMe().can("create_billing_statement");

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
          onChange={(id) => setParam("property", id)}
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
          onSearch={(text) => (text !== q ? setParam("q", text || undefined) : undefined)}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(event) =>
            setParam("status", event.target.value === "all" ? undefined : event.target.value)
          }
          options={STATEMENT_LIST_STATUS_FILTERS.map((value) => ({
            value,
            label: STATEMENT_LIST_STATUS_FILTER_LABELS[value],
          }))}
        />
        <SelectField
          label="Sortierung"
          value={sort}
          onChange={(event) =>
            setParam("sort", event.target.value === "newest" ? undefined : event.target.value)
          }
          options={STATEMENT_LIST_SORTS.map((value) => ({
            value,
            label: STATEMENT_LIST_SORT_LABELS[value],
          }))}
        />
      </form>

      <BatchBar selected={selectedItems} onDone={() => setSelected(new Set())} />

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
            q || status !== "all"
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
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            actions={{ onView: setViewed, onDelete: setDeleting }}
          />
          {pageCount > 1 ? (
            <nav
              aria-label="Seiten"
              className="flex items-center justify-center gap-3 text-sm text-slate-600"
            >
              <Button
                variant="outline"
                size="sm"
                onClick={() => changePage(page - 1)}
                disabled={page === 0}
              >
                Zurück
              </Button>
              <span>{`Seite ${page + 1} von ${pageCount}`}</span>
              <Button
                variant="outline"
                size="sm"
                onClick={() => changePage(page + 1)}
                disabled={page + 1 >= pageCount}
                isBusy={list.isFetching}
              >
                Weiter
              </Button>
            </nav>
          ) : null}
        </>
      )}

      <StatementViewDialog item={viewing} onClose={() => setViewed(null)} />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setDeleting(null))}
        title={deleting ? `${deleting.name} löschen?` : "Abrechnung löschen?"}
        description={H.deleteConfirm}
        confirmLabel="Löschen"
        busyLabel="Lösche..."
        isDestructive
        isBusy={isDeleting}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
