import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { settleBalance } from "../../src/index.ts";

/** Integer cents as decimal text ("-12.05"), in integers only: an oracle independent of the engine. */
function centsToText(cents: number): string {
  const absolute = BigInt(Math.abs(cents));
  const text = `${absolute / 100n}.${String(absolute % 100n).padStart(2, "0")}`;
  return cents < 0 ? `-${text}` : text;
}

describe("what a letter asks for or pays out (§ 556 (3) BGB, issue 24 items 1 and 2)", () => {
  it("a first letter in time asks for its back-payment", () => {
    expect(settleBalance({ balance: "291.87", isClaimBarred: false })).toEqual({
      balance: "291.87",
      previousSettled: null,
      settled: "291.87",
      due: "291.87",
      kind: "demand",
      amount: "291.87",
      barred: "0.00",
    });
  });

  it("a first letter after the deadline asks for nothing: the back-payment is barred", () => {
    expect(settleBalance({ balance: "291.87", isClaimBarred: true })).toMatchObject({
      settled: "0.00",
      due: "0.00",
      kind: "none",
      amount: "0.00",
      barred: "291.87",
    });
  });

  it("a credit is always paid out, also after the deadline", () => {
    expect(settleBalance({ balance: "-84.10", isClaimBarred: true })).toMatchObject({
      settled: "-84.10",
      due: "-84.10",
      kind: "payout",
      amount: "84.10",
      barred: "0.00",
    });
  });

  it("a correction in time asks for the difference only", () => {
    expect(
      settleBalance({ balance: "350.00", previousSettled: "291.87", isClaimBarred: false }),
    ).toMatchObject({ settled: "350.00", due: "58.13", kind: "demand", amount: "58.13" });
    expect(
      settleBalance({ balance: "250.00", previousSettled: "291.87", isClaimBarred: false }),
    ).toMatchObject({ due: "-41.87", kind: "payout", amount: "41.87" });
  });

  it("a late correction may lower a back-payment but not raise it (BGH VIII ZR 133/10)", () => {
    expect(
      settleBalance({ balance: "350.00", previousSettled: "291.87", isClaimBarred: true }),
    ).toMatchObject({ settled: "291.87", due: "0.00", kind: "none", barred: "58.13" });
    expect(
      settleBalance({ balance: "250.00", previousSettled: "291.87", isClaimBarred: true }),
    ).toMatchObject({
      settled: "250.00",
      due: "-41.87",
      kind: "payout",
      amount: "41.87",
      barred: "0.00",
    });
    // A credit paid out cannot be reclaimed late either.
    expect(
      settleBalance({ balance: "30.00", previousSettled: "-50.00", isClaimBarred: true }),
    ).toMatchObject({ settled: "-50.00", due: "0.00", kind: "none", barred: "80.00" });
  });

  it("properties: due = settled − previous; late letters never raise the tenant's obligation; nothing is barred in time", () => {
    const cents = fc.integer({ min: -500_000, max: 500_000 });
    fc.assert(
      fc.property(
        cents,
        fc.option(cents, { nil: null }),
        fc.boolean(),
        (balance, previous, isClaimBarred) => {
          const toText = centsToText;
          const s = settleBalance({
            balance: toText(balance),
            previousSettled: previous === null ? null : toText(previous),
            isClaimBarred,
          });
          const settled = Math.round(Number(s.settled) * 100);
          const due = Math.round(Number(s.due) * 100);
          expect(due).toBe(settled - (previous ?? 0));
          expect(Math.round(Number(s.amount) * 100)).toBe(Math.abs(due));
          expect(Math.round(Number(s.barred) * 100)).toBe(balance - settled);
          if (isClaimBarred) expect(settled).toBeLessThanOrEqual(previous ?? 0);
          else expect(settled).toBe(balance);
          if (balance <= (previous ?? 0)) expect(settled).toBe(balance);
        },
      ),
    );
  });
});
