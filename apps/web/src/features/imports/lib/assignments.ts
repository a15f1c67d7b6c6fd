import {
  sumBookingParts,
  type BankBookingRow,
  type BankImportCommitBody,
  type BookingPart,
} from "@nk/contract";

// What the user decided per booking of the preview: nothing (not imported), one cost type for
// the whole amount, or a split. Kept by row number.

export type Assignments = Record<number, BookingPart[]>;

/** The suggestions of the remembered rules, as the starting point. */
export function getInitialAssignments(rows: readonly BankBookingRow[]): Assignments {
  const assignments: Assignments = {};
  for (const row of rows) {
    if (row.status === "new" && row.suggestedCostType && row.amount)
      assignments[row.row] = [{ costType: row.suggestedCostType, amount: row.amount }];
  }
  return assignments;
}

export function toAssignmentList(assignments: Assignments): BankImportCommitBody["assignments"] {
  return Object.entries(assignments)
    .filter(([, parts]) => parts.length > 0)
    .map(([row, parts]) => ({ row: Number(row), parts }));
}

/** Sum of all assigned amounts, canonical. */
export function sumAssigned(assignments: Assignments): string {
  return sumBookingParts(Object.values(assignments).flat());
}
