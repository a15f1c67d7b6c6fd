import DecimalJs from "decimal.js";

/**
 * The engine's own Decimal constructor. A local clone so that no other code in the process
 * (the server, the browser app) can change its precision or rounding by accident.
 * 40 significant digits keep every intermediate share far beyond the 6 decimals that
 * docs/rules/money-and-rounding.md#exact-money requires; single figures round half up (docs/rules/money-and-rounding.md#exact-money, contract "CO2").
 */
export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -60,
  toExpPos: 60,
});

/** An instance of the engine's Decimal. */
export type Decimal = InstanceType<typeof Decimal>;

/** Anything the engine's Decimal constructor accepts. */
export type DecimalValue = string | number | Decimal;

export const ZERO = new Decimal(0);
export const ONE = new Decimal(1);
export const HUNDRED = new Decimal(100);
