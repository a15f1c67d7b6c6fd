export interface ActivityFilters {
  from: string;
  to: string;
  areas: string[];
  actions: string[];
  q: string;
  /** A member's user id (issue 29), or "" for everyone. */
  memberId: string;
}

export const EMPTY_FILTERS: ActivityFilters = {
  from: "",
  to: "",
  areas: [],
  actions: [],
  q: "",
  memberId: "",
};

export function toggleValue(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
