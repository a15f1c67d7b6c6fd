import * as m0001 from "./0001-auth-and-accounts.ts";
import * as m0002 from "./0002-properties-and-units.ts";
import * as m0003 from "./0003-tenants-and-prepayments.ts";
import * as m0004 from "./0004-meters-readings-billing-periods.ts";
import * as m0005 from "./0005-utility-rates.ts";
import * as m0006 from "./0006-statements.ts";
import * as m0100 from "./0100-activity-order.ts";
import * as m0700 from "./0700-jobs-monitoring-rate-limits.ts";
import * as m0500 from "./0500-statement-costs-and-snapshots.ts";
import * as m0600 from "./0600-billing-data.ts";
import * as m0900 from "./0900-notification-settings-and-contact.ts";
import * as m0901 from "./0901-stripe.ts";
import * as m0450 from "./0450-consumption-analysis.ts";
import * as m0950 from "./0950-drop-auth-attempts.ts";
import * as m0990 from "./0990-reading-neighbour-index.ts";
import * as m1150 from "./1150-documents-keep-their-tenants.ts";
import * as m1250 from "./1250-letters-dated-by-dispatch.ts";
import * as m1400 from "./1400-bank-bookings.ts";
import * as m1410 from "./1410-direct-amounts.ts";
import * as m1411 from "./1411-metering-results.ts";
import * as m1280 from "./1280-heating-cost-sheet.ts";
import * as m1281 from "./1281-total-water-key.ts";
import * as m1450 from "./1450-account-members.ts";
import * as m1451 from "./1451-api-keys.ts";
import * as m1310 from "./1310-letter-batches.ts";
import * as m1290 from "./1290-annual-information.ts";
import * as m1500 from "./1500-deadline-reminders.ts";
import * as m1501 from "./1501-prepayment-proposal.ts";
import * as m1620 from "./1620-property-heating-fuel.ts";
import * as m1630 from "./1630-meter-remote-reading.ts";
import * as m1631 from "./1631-monthly-information-letters.ts";
import * as m1690 from "./1690-monthly-information-post-and-schedule.ts";
import * as m1700 from "./1700-metering-firm-numbers.ts";
import * as m1740 from "./1740-run-lines-in-the-stored-result.ts";
import * as m1741 from "./1741-account-data-version.ts";
import * as m1742 from "./1742-stored-runs-as-json-text.ts";
import * as m1750 from "./1750-one-name-for-each-thing.ts";
import * as m1860 from "./1860-runs-as-packed-json.ts";
import * as m1880 from "./1880-run-documents-written-ahead.ts";
import * as m1890 from "./1890-tenancy-statements-checked-through-their-run.ts";

export interface Migration {
  name: string;
  up: string;
}

/** Plain, ordered migrations. Append only: a released migration is never edited. */
export const MIGRATIONS: Migration[] = [
  { name: "0001-auth-and-accounts", up: m0001.up },
  { name: "0002-properties-and-units", up: m0002.up },
  { name: "0003-tenants-and-prepayments", up: m0003.up },
  { name: "0004-meters-readings-billing-periods", up: m0004.up },
  { name: "0005-utility-rates", up: m0005.up },
  { name: "0006-statements", up: m0006.up },
  { name: "0100-activity-order", up: m0100.up },
  { name: "0700-jobs-monitoring-rate-limits", up: m0700.up },
  { name: "0500-statement-costs-and-snapshots", up: m0500.up },
  { name: "0600-billing-data", up: m0600.up },
  { name: "0900-notification-settings-and-contact", up: m0900.up },
  { name: "0901-stripe", up: m0901.up },
  { name: "0450-consumption-analysis", up: m0450.up },
  { name: "0950-drop-auth-attempts", up: m0950.up },
  { name: "0990-reading-neighbour-index", up: m0990.up },
  { name: "1150-documents-keep-their-tenants", up: m1150.up },
  { name: "1250-letters-dated-by-dispatch", up: m1250.up },
  { name: "1400-bank-bookings", up: m1400.up },
  { name: "1280-heating-cost-sheet", up: m1280.up },
  { name: "1281-total-water-key", up: m1281.up },
  { name: "1450-account-members", up: m1450.up },
  { name: "1451-api-keys", up: m1451.up },
  { name: "1310-letter-batches", up: m1310.up },
  { name: "1290-annual-information", up: m1290.up },
  { name: "1500-deadline-reminders", up: m1500.up },
  { name: "1501-prepayment-proposal", up: m1501.up },
  { name: "1410-direct-amounts", up: m1410.up },
  { name: "1411-metering-results", up: m1411.up },
  { name: "1620-property-heating-fuel", up: m1620.up },
  { name: "1630-meter-remote-reading", up: m1630.up },
  { name: "1631-monthly-information-letters", up: m1631.up },
  { name: "1690-monthly-information-post-and-schedule", up: m1690.up },
  { name: "1700-metering-firm-numbers", up: m1700.up },
  { name: "1740-run-lines-in-the-stored-result", up: m1740.up },
  { name: "1741-account-data-version", up: m1741.up },
  { name: "1742-stored-runs-as-json-text", up: m1742.up },
  // Renames tables and columns (decision 1750): keep it after every migration written with the old names.
  { name: "1750-one-name-for-each-thing", up: m1750.up },
  { name: "1860-runs-as-packed-json", up: m1860.up },
  { name: "1880-run-documents-written-ahead", up: m1880.up },
  { name: "1890-tenancy-statements-checked-through-their-run", up: m1890.up },
];
