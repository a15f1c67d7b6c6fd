import type { StatementConsumption } from "@nk/contract";
import type { StatementInput } from "@nk/engine";

// Issue 32 (decision 1084): a run's letters are made one by one from the same stored input and
// result. Looking a tenancy, a unit or a meter up by scanning the whole run in every letter made
// the letters of a run grow with the square of its tenancies; these lookups build their index
// once per stored object (kept as long as the object lives) and answer each letter in constant time.

const tenancyIndexes = new WeakMap<readonly { tenancyId: string }[], Map<string, number>>();
const unitIndexes = new WeakMap<
  StatementInput["units"],
  Map<string, StatementInput["units"][number]>
>();
const consumptionIndexes = new WeakMap<StatementConsumption, ConsumptionIndex>();

/** The position of the tenancy in `tenancies` (a result's), or -1. */
export function findTenancyIndex(
  tenancies: readonly { tenancyId: string }[],
  tenancyId: string,
): number {
  let index = tenancyIndexes.get(tenancies);
  if (!index) {
    index = new Map();
    // The first line of a tenancy id wins, as Array.find would answer.
    tenancies.forEach((tenancy, position) => {
      if (!index!.has(tenancy.tenancyId)) index!.set(tenancy.tenancyId, position);
    });
    tenancyIndexes.set(tenancies, index);
  }
  return index.get(tenancyId) ?? -1;
}

export function findTenancy<T extends { tenancyId: string }>(
  result: { tenancies: readonly T[] },
  tenancyId: string,
): T | undefined {
  const index = findTenancyIndex(result.tenancies, tenancyId);
  return index < 0 ? undefined : result.tenancies[index];
}

export function findUnit(
  input: Pick<StatementInput, "units">,
  unitId: string,
): StatementInput["units"][number] | undefined {
  let index = unitIndexes.get(input.units);
  if (!index) {
    index = new Map();
    for (const unit of input.units) if (!index.has(unit.id)) index.set(unit.id, unit);
    unitIndexes.set(input.units, index);
  }
  return index.get(unitId);
}

export interface ConsumptionIndex {
  /** Meter id → its label (the meter number shown in the letter). */
  labels: ReadonlyMap<string, string>;
  metersByUnit: ReadonlyMap<string, StatementConsumption["meters"]>;
  valuesByUnit: ReadonlyMap<string, StatementConsumption["values"]>;
}

const EMPTY_INDEX: ConsumptionIndex = {
  labels: new Map(),
  metersByUnit: new Map(),
  valuesByUnit: new Map(),
};

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The stored consumption of a run by meter and by unit, in its stored order. */
export function indexConsumption(
  consumption: StatementConsumption | null | undefined,
): ConsumptionIndex {
  if (!consumption) return EMPTY_INDEX;
  let index = consumptionIndexes.get(consumption);
  if (!index) {
    const labels = new Map<string, string>();
    const metersByUnit = new Map<string, StatementConsumption["meters"]>();
    const valuesByUnit = new Map<string, StatementConsumption["values"]>();
    for (const meter of consumption.meters) {
      labels.set(meter.meterId, meter.label);
      if (meter.unitId) pushTo(metersByUnit, meter.unitId, meter);
    }
    for (const value of consumption.values) pushTo(valuesByUnit, value.unitId, value);
    index = { labels, metersByUnit, valuesByUnit };
    consumptionIndexes.set(consumption, index);
  }
  return index;
}
