import {
  buildConfirmedDecreaseNote,
  buildReadingDecreaseMessage,
  compareDecimalText,
  type NeighbourReading,
} from "@nk/contract";
import type { Db } from "../../../db/database.ts";
import { findNeighbourReadings } from "./reading-queries.ts";

export interface ReadingDecrease {
  message: string;
  /** Stored with the reading once the user confirmed it. */
  note: string;
  neighbour: NeighbourReading;
}

/**
 * A meter counts up. A new value below the reading before it (or above the reading after it,
 * which then would show the drop) means the meter was replaced or rolled over, or a typing
 * error: never stored silently, the user must confirm it.
 */
export async function findReadingDecrease(
  db: Db,
  meterId: string,
  readingValue: string,
  readingDate: string,
  excludeReadingId: string | null = null,
): Promise<ReadingDecrease | null> {
  return judgeReadingDecrease(
    readingValue,
    await findNeighbourReadings(db, meterId, readingDate, excludeReadingId),
  );
}

/** The same judgement on neighbours already looked up. */
export function judgeReadingDecrease(
  readingValue: string,
  { previous, next }: { previous?: NeighbourReading; next?: NeighbourReading },
): ReadingDecrease | null {
  if (previous && compareDecimalText(readingValue, previous.readingValue) < 0) {
    return {
      message: buildReadingDecreaseMessage(readingValue, previous, false),
      note: buildConfirmedDecreaseNote(previous, false),
      neighbour: previous,
    };
  }
  if (next && compareDecimalText(readingValue, next.readingValue) > 0) {
    return {
      message: buildReadingDecreaseMessage(readingValue, next, true),
      note: buildConfirmedDecreaseNote(next, true),
      neighbour: next,
    };
  }
  return null;
}

/** The user's note, and the confirmation note after it. */
export function joinNotes(userNote: string | null, confirmationNote: string | null): string | null {
  const parts = [userNote, confirmationNote].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(" – ") : null;
}
