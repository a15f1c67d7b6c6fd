import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { screenshotPath, describeE2e, useApp } from "../support/index.ts";

const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);

describeE2e("Aktivitätsverlauf", () => {
  const app = useApp();

  it("overview, feed with filters and 'Mehr anzeigen', statistics", async () => {
    const { page } = await app.signedIn("aktivitaet");
    // 25 profile changes and one plan change: 28 entries with registration and trial.
    for (let i = 0; i < 25; i += 1) {
      const response = await page.request.patch("/api/profile", {
        data: { firstName: `Erika${i}`, lastName: "Mustermann" },
      });
      expect(response.status()).toBe(200);
    }
    expect(
      (await page.request.post("/api/subscription/plan", { data: { plan: "starter" } })).status(),
    ).toBe(200);

    await page.goto("/dashboard/activity");
    await expect
      .poll(() =>
        page.getByRole("list", { name: "Letzte Aktivitäten" }).getByTestId("activity-item").count(),
      )
      .toBe(10);
    await visible(page, "Plan hochgestuft: Starter");
    await visible(page, "Gerade eben");
    // Expandable metadata of the plan change.
    await page.getByRole("button", { name: "Details" }).first().click();
    await visible(page, "trial");
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: screenshotPath("e2e-activity-overview-1366"), fullPage: true });

    await page.getByRole("tab", { name: "Verlauf" }).click();
    await expect
      .poll(() => page.getByTestId("activity-count").textContent())
      .toBe("28 Aktivitäten");
    const items = page.getByRole("list", { name: "Aktivitäten" }).getByTestId("activity-item");
    // 50 per page by default (docs/rules/master-data.md#constants); 20 chosen, 'Mehr anzeigen' loads the next 20.
    expect(await page.getByLabel("Einträge pro Seite").inputValue()).toBe("50");
    await expect.poll(() => items.count()).toBe(28);
    await page.getByLabel("Einträge pro Seite").selectOption("20");
    await expect.poll(() => items.count()).toBe(20);
    await page.getByRole("button", { name: "Mehr anzeigen" }).click();
    await expect.poll(() => items.count()).toBe(28);
    expect(await page.getByRole("button", { name: "Mehr anzeigen" }).count()).toBe(0);

    await page.getByRole("button", { name: "Abonnement", exact: true }).click();
    await expect.poll(() => page.getByTestId("activity-count").textContent()).toBe("2 Aktivitäten");
    await page.getByRole("button", { name: "Erstellt", exact: true }).click();
    await expect.poll(() => page.getByTestId("activity-count").textContent()).toBe("1 Aktivität");
    await visible(page, "Testphase gestartet: Testphase");
    await page.screenshot({
      path: screenshotPath("e2e-activity-feed-filtered-1366"),
      fullPage: true,
    });
    await page.getByRole("button", { name: "Zurücksetzen" }).click();
    await expect
      .poll(() => page.getByTestId("activity-count").textContent())
      .toBe("28 Aktivitäten");

    // The search filters as the user types (issue 23), no Enter needed.
    await page.getByLabel("Suche").fill("gibt es nicht");
    await expect.poll(() => page.getByTestId("activity-count").textContent()).toBe("0 Aktivitäten");
    await visible(page, "Keine Aktivitäten gefunden");
    await page.getByLabel("Suche").fill("Profil");
    await page.getByLabel("Suche").press("Enter");
    await expect
      .poll(() => page.getByTestId("activity-count").textContent())
      .toBe("25 Aktivitäten");
    await page.getByLabel("Von").fill("2020-01-01");
    await page.getByLabel("Bis").fill("2020-12-31");
    await expect.poll(() => page.getByTestId("activity-count").textContent()).toBe("0 Aktivitäten");
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: screenshotPath("e2e-activity-feed-375"), fullPage: true });
    expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(
      375,
    );
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.getByRole("tab", { name: "Statistik" }).click();
    await expect.poll(() => page.getByText("Gesamt").isVisible()).toBe(true);
    await visible(page, "Aktivster Bereich");
    await visible(page, "Profil geändert");
    await expect
      .poll(() =>
        page
          .getByRole("list", { name: "Neueste Aktivitäten" })
          .getByTestId("activity-item")
          .count(),
      )
      .toBe(5);
    await page.screenshot({ path: screenshotPath("e2e-activity-stats-1366"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: screenshotPath("e2e-activity-stats-375"), fullPage: true });
  });
});
