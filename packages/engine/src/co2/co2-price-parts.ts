import { type IsoDate, parseIsoDate } from "../dates/calendar.ts";
import { degreeDayUnits } from "../heating/degree-days.ts";
import { Decimal, type DecimalValue, HUNDRED, ONE, ZERO } from "../money/decimal.ts";
import { formatCents, roundEurosHalfUpToCents } from "../money/money.ts";
import { allocateCentsByLargestRemainder } from "../rounding/largest-remainder.ts";
import { CO2_PRICE_BY_YEAR } from "./co2-constants.ts";

/**
 * Where the price of a part comes from: the fixed price of the BEHG for the calendar year
 * (2026: the corridor midpoint), or the price the landlord entered.
 */
export type Co2PriceSource = "statutory" | "entered";

/** One calendar year's part of the billing period, priced at that year's CO2 price (issue 24, item 8). */
export interface Co2PricePart {
  year: number;
  from: IsoDate;
  to: IsoDate;
  /** The part's share of the period's emissions: degree-day weight (VDI 2067) of its days / the period's, six decimals. */
  share: string;
  /** The same share in percent, two decimals, for the letter. */
  sharePercent: string;
  /** The part's emissions in kg, two decimals; the parts add up to the total emissions. */
  emissionsKg: string;
  pricePerTonne: string;
  priceSource: Co2PriceSource;
  /** The printed emissionsKg / 1000 x price, net of VAT, half up to cents (decision 1161); the parts add up to the net cost. */
  netCost: string;
}

interface Co2PricedCost {
  parts: Co2PricePart[];
  /** The net CO2 cost: the sum of the parts' cents. */
  netCostCents: number;
  /** VAT on it: net x rate, half up to cents (decision 1161). */
  vatCents: number;
  /** net + VAT: the CO2 cost, as printed. */
  costCents: number;
}

export type Co2PricingOutcome =
  { ok: true; priced: Co2PricedCost } | { ok: false; missingYears: number[] };

/** Splits a period into its calendar-year parts (one part for a period inside one year). */
export function splitPeriodByCalendarYear(
  start: IsoDate,
  end: IsoDate,
): { year: number; from: IsoDate; to: IsoDate }[] {
  const first = parseIsoDate(start);
  const last = parseIsoDate(end);
  if (!first || !last) throw new RangeError(`Not a date range: ${start}..${end}`);
  const parts: { year: number; from: IsoDate; to: IsoDate }[] = [];
  for (let year = first.year; year <= last.year; year += 1) {
    const from = year === first.year ? start : (`${year}-01-01` as IsoDate);
    const to = year === last.year ? end : (`${year}-12-31` as IsoDate);
    parts.push({ year, from, to });
  }
  return parts;
}

/**
 * Prices the emissions of a billing period (§ 3 (3) CO2KostAufG: the price at the time of
 * delivery; BEHG § 10 (2)): an entered price applies to the whole period as one part;
 * otherwise each calendar year's part of the period is priced at that year's statutory price,
 * the emissions shared between the parts by degree-day weights (VDI 2067, as § 9b HeizkV uses
 * them for heating energy over the year; docs/rules/heating.md#heizkv). A year without a statutory price
 * (from 2027) cannot be priced: the caller asks the user for the price.
 */
export function priceCo2Emissions(input: {
  period: { start: IsoDate; end: IsoDate };
  emissionsKg: Decimal;
  enteredPricePerTonne: DecimalValue | null;
  vatPercent: DecimalValue | null;
}): Co2PricingOutcome {
  const years = splitPeriodByCalendarYear(input.period.start, input.period.end);
  const entered =
    input.enteredPricePerTonne === null ? null : new Decimal(input.enteredPricePerTonne);
  const candidates = entered
    ? [
        {
          year: years[0]?.year ?? 0,
          from: input.period.start,
          to: input.period.end,
          price: entered,
          priceSource: "entered" as const,
        },
      ]
    : years.map((part) => {
        const statutory = CO2_PRICE_BY_YEAR[part.year];
        return {
          ...part,
          price: statutory === undefined ? null : new Decimal(statutory),
          priceSource: "statutory" as const,
        };
      });
  const missingYears = candidates.filter((part) => part.price === null).map((part) => part.year);
  if (missingYears.length > 0) return { ok: false, missingYears };

  const weights = candidates.map(
    (part) => new Decimal(degreeDayUnits(part.from, part.to).toString()),
  );
  const totalWeight = weights.reduce((sum, weight) => sum.plus(weight), ZERO);
  const shares = weights.map((weight) =>
    candidates.length === 1 || totalWeight.isZero() ? ONE : weight.dividedBy(totalWeight),
  );
  // The emissions in hundredths of a kg, by largest remainder: the printed parts add up to the printed total.
  const emissionHundredths = roundEurosHalfUpToCents(input.emissionsKg);
  const partHundredths = allocateCentsByLargestRemainder(
    emissionHundredths,
    shares.map((share) => input.emissionsKg.times(share)),
  );
  // Decision 1161: the figures reconcile as printed. Each part's net is its printed kg / 1000 x
  // its price, half up to cents; the net is the sum of the printed parts; the VAT is the net x
  // the rate, half up; the cost is net + VAT (§ 3 (3) CO2KostAufG: the price component plus VAT).
  const partCents = candidates.map((part, index) =>
    roundEurosHalfUpToCents(
      new Decimal(partHundredths[index] ?? 0)
        .dividedBy(HUNDRED)
        .dividedBy(1000)
        .times(part.price as Decimal),
    ),
  );
  const netCostCents = partCents.reduce((sum, cents) => sum + cents, 0);
  const vatRate = new Decimal(input.vatPercent ?? 0).dividedBy(HUNDRED);
  const vatCents = roundEurosHalfUpToCents(
    new Decimal(netCostCents).times(vatRate).dividedBy(HUNDRED),
  );
  const costCents = netCostCents + vatCents;
  return {
    ok: true,
    priced: {
      parts: candidates.map((part, index) => ({
        year: part.year,
        from: part.from,
        to: part.to,
        share: (shares[index] as Decimal).toFixed(6),
        sharePercent: (shares[index] as Decimal).times(HUNDRED).toFixed(2),
        emissionsKg: formatCents(partHundredths[index] ?? 0),
        pricePerTonne: (part.price as Decimal).toFixed(2),
        priceSource: part.priceSource,
        netCost: formatCents(partCents[index] ?? 0),
      })),
      netCostCents,
      vatCents,
      costCents,
    },
  };
}
