import fs from "node:fs";
import * as prettier from "prettier";
import type { Locator, Page } from "playwright-core";

// The measured journey of issue 27: every action of the user goes through this counter, which
// counts clicks, fields and typed characters and the screens read, and estimates the human time
// by the keystroke-level model the issue uses: 1.5 s per click, 3 s per field plus 0.25 s per
// character, 10 s per screen.

const KEYSTROKE_MODEL = {
  secondsPerClick: 1.5,
  secondsPerField: 3,
  secondsPerCharacter: 0.25,
  secondsPerScreen: 10,
} as const;

export interface JourneyCounts {
  clicks: number;
  fields: number;
  characters: number;
  screens: number;
}

export function estimateSeconds(counts: JourneyCounts): number {
  const m = KEYSTROKE_MODEL;
  return (
    counts.clicks * m.secondsPerClick +
    counts.fields * m.secondsPerField +
    counts.characters * m.secondsPerCharacter +
    counts.screens * m.secondsPerScreen
  );
}

export class JourneyCounter {
  readonly counts: JourneyCounts = { clicks: 0, fields: 0, characters: 0, screens: 0 };
  private readonly parts: { name: string; counts: JourneyCounts }[] = [];
  private partStart: JourneyCounts = { ...this.counts };

  /** A click (a button, a link, a checkbox, a menu entry). */
  async click(locator: Locator): Promise<void> {
    await locator.click();
    this.counts.clicks += 1;
  }

  /**
   * A field typed: `typed` is what the fingers type when it differs from the value the page
   * gets (a date typed as 8 digits "01072024", filled as "2024-07-01").
   */
  async type(locator: Locator, value: string, typed = value): Promise<void> {
    await locator.fill(value);
    this.counts.fields += 1;
    this.counts.characters += typed.length;
  }

  /**
   * Rows pasted from the landlord's spreadsheet into a cell (`locator`), counted as what the hands
   * and eyes do, not as one free action: a click to switch to the spreadsheet window, one screen to
   * read it and find the rows, a click (a drag) to select them, Ctrl+C (a shortcut, 2 characters),
   * a click into the cell to paste into (back in the browser), Ctrl+V (2 characters) into one
   * field. So a paste costs 3 clicks, 1 field, 4 characters and 1 screen: 18.5 s by the issue's
   * model. The page gets a real paste: the text goes to the clipboard and Ctrl+V is pressed.
   */
  async pasteFromSpreadsheet(
    page: Page,
    locator: Locator,
    tabSeparatedRows: string,
  ): Promise<void> {
    await page.evaluate((text) => navigator.clipboard.writeText(text), tabSeparatedRows);
    await locator.click();
    await locator.press("ControlOrMeta+V");
    this.counts.screens += 1;
    this.counts.clicks += 3;
    this.counts.fields += 1;
    this.counts.characters += 4;
  }

  /** A date field: typed as its eight digits (DD MM YYYY), as Chromium's date input takes them. */
  async typeDate(locator: Locator, isoDate: string): Promise<void> {
    await this.type(locator, isoDate, isoDate.replace(/-/g, ""));
  }

  /** A select: one field, chosen by typing its first letters (counted as 3 characters). */
  async choose(locator: Locator, option: { label: string } | string): Promise<void> {
    await locator.selectOption(option);
    this.counts.fields += 1;
    this.counts.characters += 3;
  }

  /** A new screen (page or dialog) the user has to read before acting. */
  screen(): void {
    this.counts.screens += 1;
  }

  /** A navigation by the app's menu: one click, one screen. */
  async navigate(page: Page, path: string): Promise<void> {
    await page.goto(path);
    this.counts.clicks += 1;
    this.screen();
  }

  /** Closes a part of the journey ("Haus einrichten", "Abrechnung") with its own counts. */
  endPart(name: string): void {
    const counts = {
      clicks: this.counts.clicks - this.partStart.clicks,
      fields: this.counts.fields - this.partStart.fields,
      characters: this.counts.characters - this.partStart.characters,
      screens: this.counts.screens - this.partStart.screens,
    };
    this.parts.push({ name, counts });
    this.partStart = { ...this.counts };
  }

  /** The report: a line per part and the whole, with the estimate. */
  describe(): string {
    const line = (name: string, c: JourneyCounts) =>
      `| ${name} | ${c.clicks} | ${c.fields} | ${c.characters} | ${c.screens} | ${estimateSeconds(c).toFixed(1).replace(".", ",")} s |`;
    return [
      "| Teil | Klicks | Felder | Zeichen | Bildschirme | Schätzung |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      ...this.parts.map((part) => line(part.name, part.counts)),
      line("**Gesamt**", this.counts),
    ].join("\n");
  }

  /**
   * Writes the report between the markers of a docs file (the section is replaced, the rest kept),
   * formatted as `npm run lint` expects. Only when JOURNEY_WRITE_DOCS=1 (`npm run bench:journey`):
   * an ordinary test run leaves the repository as it found it.
   */
  async writeTo(file: string, heading: string): Promise<void> {
    if (process.env.JOURNEY_WRITE_DOCS !== "1") return;
    const begin = "<!-- journey:begin -->";
    const end = "<!-- journey:end -->";
    const section = `${begin}\n${heading}\n\n${this.describe()}\n${end}`;
    const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
    const pattern = new RegExp(`${begin}[\\s\\S]*?${end}`);
    const text = pattern.test(current)
      ? current.replace(pattern, section)
      : `${current.trimEnd()}\n\n${section}\n`;
    const options = (await prettier.resolveConfig(file)) ?? {};
    fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
  }
}
