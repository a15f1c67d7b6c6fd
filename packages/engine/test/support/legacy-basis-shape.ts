import { getAllocationParts, type StatementOutcome } from "../../src/index.ts";

/**
 * The mechanical conversion of a result with the compact basis (decision 0403) to the shape
 * the engine gave before: every allocation with its `parts` (empty without the basis), no
 * `item`, no line `position`, no `basis`, no `letters`. The parts come from getAllocationParts, the
 * function the server and the web read the basis with, so comparing the converted output
 * with the frozen outputs checks the amounts and that every reader sees the same basis.
 * The descriptive figures added by issue 24 (each line's occupancy, person-days and
 * consumption, each unit's consumption) are left out here and checked by their own tests.
 */
export function toLegacyBasisShape(outcome: StatementOutcome): unknown {
  if (!outcome.ok) return outcome;
  // Contract v1.2 added `letters` (null unless asked for), issue 24 the CO2 basis and each unit's consumption: not part of the earlier shape.
  const { basis, letters: _letters, unitConsumption: _unitConsumption, ...rest } = outcome.result;
  const result = {
    ...rest,
    co2: rest.co2 ? (({ calculation: _calculation, ...co2 }) => co2)(rest.co2) : rest.co2,
  };
  const convertLine = <
    T extends { position: number; allocations: { item: number; exactAmount: string }[] },
  >(
    line: T,
  ) => {
    const {
      position: _position,
      occupancy: _occupancy,
      personDays: _personDays,
      consumption: _consumption,
      ...rest
    } = line as T & {
      occupancy?: unknown;
      personDays?: unknown;
      consumption?: unknown;
    };
    return {
      ...rest,
      allocations: rest.allocations.map((allocation) => {
        const { item: _item, ...fields } = allocation;
        return { ...fields, parts: getAllocationParts({ basis }, line, allocation) };
      }),
    };
  };
  return {
    ok: true,
    result: {
      ...result,
      tenancies: result.tenancies.map(convertLine),
      vacancy: result.vacancy.map(convertLine),
    },
  };
}
