import { expect, it } from "vitest";
import { screenshotPath, postOk, describeE2e, useApp } from "../support/index.ts";

// Issue 23, item 9: the plan's state is shown where the user starts, with the upgrade link, not
// only after a form was filled in and refused: the trial's statement limit at the start of the
// wizard, the property limit on the new-property form (an expired trial is shown the same way,
// web unit test of canCreateResource; the server refuses both, integration tests).

describeE2e("Plan-Grenzen dort, wo man beginnt", () => {
  const app = useApp();

  for (const viewport of ["desktop", "mobile"] as const) {
    it(`a trial at its statement and property limits learns it before typing (${viewport})`, async () => {
      const { page } = await app.signedIn(`grenze-${viewport}`, viewport);
      await postOk(page, "/api/onboarding", {
        property: {
          name: "Ahornhof",
          street: "Ahornweg",
          houseNumber: "3",
          postalCode: "20095",
          city: "Hamburg",
          state: "Hamburg",
          country: "Deutschland",
          propertyType: "Mehrfamilienhaus",
        },
        units: [{ name: "EG", area: "60", persons: 2 }],
      });
      const [property] = (await (await page.request.get("/api/properties")).json()) as {
        id: string;
      }[];
      // The trial's two statements (docs/rules/accounts-and-plans.md#plan-limits), saved for 2022 and 2023.
      for (const year of ["2022", "2023"]) {
        const period = await postOk(page, "/api/billing-periods", {
          propertyId: property!.id,
          billingPeriodStart: `${year}-01-01`,
          billingPeriodEnd: `${year}-12-31`,
        });
        await postOk(page, "/api/statements", {
          billingPeriodId: period.id,
          finalize: false,
          costItems: [{ costType: "Grundsteuer", amount: "900", key: "area" }],
        });
      }

      // A new period: the limit is said at the start of the wizard, with the upgrade link.
      await page.goto(`/dashboard/statements/new?property=${property!.id}`);
      const banner = page
        .getByRole("status")
        .filter({ hasText: "Sie haben das Limit von 2 Abrechnungen erreicht." });
      await banner.waitFor();
      // Issue 27: the upgrade opens in place (a button, not a link away from the wizard).
      expect(await banner.getByRole("button", { name: "Upgrade" }).isVisible()).toBe(true);
      await page.screenshot({ path: screenshotPath(`plan-state-wizard-${viewport}`) });
      // A period with a saved run saves again without counting anew: no banner.
      await page.getByLabel("Von", { exact: true }).fill("2023-01-01");
      await page.getByLabel("Bis", { exact: true }).fill("2023-12-31");
      await expect.poll(() => banner.count()).toBe(0);

      // The property limit (1 in the trial) on the form itself, its button disabled.
      await page.goto("/dashboard/properties/new");
      await page.getByRole("status").filter({ hasText: "Limit erreicht" }).waitFor();
      expect(await page.getByRole("button", { name: "Immobilie erstellen" }).isDisabled()).toBe(
        true,
      );
    });
  }
});
