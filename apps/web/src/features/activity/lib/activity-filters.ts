export interface ActivityFilters {
  from: string;
  to: string;
  areas: string[];
  actions: string[];
  q: string;
}

export const EMPTY_FILTERS: ActivityFilters = { from: "", to: "", areas: [], actions: [], q: "" };

export function hasActiveFilters(filters: ActivityFilters): boolean {
  return Boolean(filters.from || filters.to || filters.areas.length || filters.actions.length || filters.q.trim());
}

export function toggleValue(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
