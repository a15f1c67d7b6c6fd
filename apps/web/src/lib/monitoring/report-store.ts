// The browser keeps its last reports in localStorage (docs/rules/master-data.md#monitoring: errors the last 50, metrics the last 100), each marked once it was sent.

interface StoredReport<T> {
  report: T;
  isSent: boolean;
}

export interface ReportStore<T> {
  add(report: T): void;
  readAll(): StoredReport<T>[];
  readUnsent(max: number): T[];
  markSent(reports: T[]): void;
}

/** The part of `Storage` the store uses (localStorage in the browser, a map in tests). */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

export function createReportStore<T>(
  storage: KeyValueStorage | null,
  key: string,
  capacity: number,
): ReportStore<T> {
  // When localStorage cannot be used (private mode, full), reports live in memory for this page.
  let fallback: StoredReport<T>[] = [];
  let isStorageBroken = !storage;

  function read(): StoredReport<T>[] {
    if (!storage || isStorageBroken) return fallback;
    try {
      const parsed = JSON.parse(storage.getItem(key) ?? "[]") as unknown;
      return Array.isArray(parsed) ? (parsed as StoredReport<T>[]) : [];
    } catch {
      return fallback;
    }
  }

  function write(entries: StoredReport<T>[]): void {
    fallback = entries;
    if (!storage || isStorageBroken) return;
    try {
      storage.setItem(key, JSON.stringify(entries));
    } catch (error) {
      isStorageBroken = true;
      // Specification: a failure to store locally only logs a warning.
      console.warn("Monitoring: lokale Speicherung fehlgeschlagen", error);
    }
  }

  return {
    add(report) {
      write([...read(), { report, isSent: false }].slice(-capacity));
    },
    readAll: read,
    readUnsent(max) {
      return read()
        .filter((entry) => !entry.isSent)
        .slice(0, max)
        .map((entry) => entry.report);
    },
    markSent(reports) {
      const sent = new Set(reports.map((r) => JSON.stringify(r)));
      write(
        read().map((entry) =>
          sent.has(JSON.stringify(entry.report)) ? { ...entry, isSent: true } : entry,
        ),
      );
    },
  };
}
