import { useState } from "react";
import { useSearchParams } from "react-router";
import {
  STATEMENT_HISTORY_MESSAGES as H,
  STATEMENT_LIST_SORTS,
  STATEMENT_LIST_STATUS_FILTERS,
  STATEMENT_PAGE_SIZE,
  type StatementListItem,
  type StatementListSort,
  type StatementListStatusFilter,
} from "@nk/contract";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { useStatementList } from "../../../lib/queries/statement-queries";
import { useMe } from "../../../lib/use-me";
import { deleteStatementRun, useInvalidateStatements } from "../api";

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/**
 * The state of /dashboard/statements (docs/rules/statements.md#history): the filters kept in the
 * address (?property, ?status, ?sort, ?q), the page, the selection for the batch actions (cleared
 * by every change of filter or page), the run opened and the deletion with its German messages.
 * pages/statement-history-page.tsx only renders what this returns.
 */
export function useStatementHistory() {
  const toast = useToast();
  const { can } = useMe();
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

  return {
    filters: {
      propertyId,
      status,
      sort,
      q,
      /** The empty list says "change the search" rather than "create the first one". */
      isFiltered: Boolean(q) || status !== "all",
      setProperty: (id: string | undefined) => setParam("property", id),
      setSearch: (text: string) => (text !== q ? setParam("q", text || undefined) : undefined),
      setStatus: (value: string) => setParam("status", value === "all" ? undefined : value),
      setSort: (value: string) => setParam("sort", value === "newest" ? undefined : value),
    },
    list,
    items,
    paging: {
      page,
      pageCount: Math.max(1, Math.ceil((list.data?.total ?? 0) / STATEMENT_PAGE_SIZE)),
      previous: () => changePage(page - 1),
      next: () => changePage(page + 1),
    },
    selection: {
      selected,
      items: items.filter((item) => selected.has(item.id)),
      toggle,
      toggleAll,
      clear: () => setSelected(new Set()),
    },
    // The fresh row after a status change; the one opened when the filter no longer lists it.
    viewing: viewed ? (items.find((item) => item.id === viewed.id) ?? viewed) : null,
    view: setViewed,
    closeView: () => setViewed(null),
    deletion: {
      item: deleting,
      ask: setDeleting,
      cancel: () => setDeleting(null),
      isBusy: isDeleting,
      confirm: confirmDelete,
    },
    newLink: propertyId
      ? `/dashboard/statements/new?property=${propertyId}`
      : "/dashboard/statements/new",
    // Issue 29: the wizard is offered to roles that may create statements.
    canCreateStatements: can("create_billing_statement"),
  };
}
