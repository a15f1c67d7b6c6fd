// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { ReadingImportPreview, ReadingImportRow } from "@nk/contract";
import { ReadingImportPage } from "../../src/features/imports/pages/reading-import-page";
import { getReadingCommitState } from "../../src/features/imports/lib/use-reading-import";
import { installFakeApi, type FakeApi } from "../support/fake-api";
import { buildMe } from "../support/fixtures";
import { renderWithApp } from "../support/render";

// The reading import (decision 1401) composed of useReadingImport: the plan feature, the dry run
// with its rows, the confirmation a lower reading needs, the body sent and the result.

const FILE_TEXT = "Zählernummer;Ablesedatum;Zählerstand\nW-1;31.12.2025;1.234,5\n";

function row(overrides: Partial<ReadingImportRow>): ReadingImportRow {
  return {
    row: 2,
    meterNumber: "W-1",
    meterId: "m1",
    meterLabel: "EG links · Kaltwasser",
    readingDate: "2025-12-31",
    readingValue: "1234.5",
    status: "new",
    message: null,
    ...overrides,
  };
}

const PREVIEW: ReadingImportPreview = {
  encoding: "utf-8",
  rows: [
    row({ row: 2 }),
    row({
      row: 3,
      meterNumber: "W-2",
      readingValue: "10",
      status: "decrease",
      message: "Niedriger als die Ablesung vom 30.06.2025 (12).",
    }),
  ],
  counts: { new: 1, duplicate: 0, decrease: 1, error: 0 },
};

describe("the reading import page", () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
    api
      .on("GET /api/me", { body: buildMe("enterprise") })
      .on("POST /api/imports/readings/preview", { body: PREVIEW })
      .on("POST /api/imports/readings", {
        body: { imported: 2, skippedDuplicates: 0, message: "2 Zählerstände gespeichert." },
      });
  });

  it("asks to confirm the lower reading before the import and sends that confirmation", async () => {
    const { user } = renderWithApp(<ReadingImportPage />);
    await user.upload(
      await screen.findByLabelText("Datei"),
      new File([FILE_TEXT], "stände.csv", { type: "text/csv" }),
    );
    await screen.findByText(/stände\.csv · 1 KB/);
    await user.click(screen.getByRole("button", { name: "Datei prüfen" }));

    expect(
      await screen.findByText("1 neu · 1 niedriger als zuvor · 0 bereits erfasst · 0 fehlerhaft"),
    ).toBeTruthy();
    expect(screen.getByTestId("reading-2").textContent).toContain("1.234,5 am 31.12.2025");
    const decrease = screen.getByText("Niedriger als die Ablesung vom 30.06.2025 (12).");
    expect(decrease.className).toContain("text-amber-800");
    expect(screen.getByText("2 Zählerstände werden gespeichert.")).toBeTruthy();
    const confirm = screen.getByRole("button", { name: "Import bestätigen" });
    expect(confirm.hasAttribute("disabled")).toBe(true);

    await user.click(
      screen.getByLabelText(
        "Die markierte niedrigere Ablesung stimmt (Zählertausch oder Überlauf).",
      ),
    );
    await user.click(confirm);
    expect(await screen.findByText("2 Zählerstände gespeichert.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Zu den Zählern" }).getAttribute("href")).toBe(
      "/dashboard/meters",
    );
    expect(api.bodiesOf("POST /api/imports/readings")).toEqual([
      {
        file: { fileName: "stände.csv", contentBase64: expect.any(String) },
        confirmDecreases: true,
      },
    ]);

    await user.click(screen.getByRole("button", { name: "Weitere Datei importieren" }));
    expect(await screen.findByText("Keine Datei ausgewählt")).toBeTruthy();
  });

  it("shows the upgrade instead of the import on a plan without bulk import", async () => {
    api.on("GET /api/me", { body: buildMe("professional") });
    renderWithApp(<ReadingImportPage />);
    expect(await screen.findByText(/Massenimport und -export/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Datei prüfen" })).toBeNull();
  });
});

describe("getReadingCommitState", () => {
  const counts = { new: 2, duplicate: 1, decrease: 1, error: 0 };
  it("counts the new and lower readings and needs the lower ones confirmed", () => {
    expect(getReadingCommitState(counts, false)).toEqual({ storable: 3, canConfirm: false });
    expect(getReadingCommitState(counts, true)).toEqual({ storable: 3, canConfirm: true });
  });
  it("refuses a file with an error or without anything new", () => {
    expect(getReadingCommitState({ ...counts, error: 1 }, true).canConfirm).toBe(false);
    expect(getReadingCommitState({ new: 0, duplicate: 4, decrease: 0, error: 0 }, false)).toEqual({
      storable: 0,
      canConfirm: false,
    });
    expect(getReadingCommitState(undefined, true)).toEqual({ storable: 0, canConfirm: false });
  });
});
