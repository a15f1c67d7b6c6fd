import { getAllocationParts, type StatementOutcome } from "../../src/index.ts";

/**
 * The mechanical conversion of a result with the compact basis (decision 0403) to the shape
 * the engine gave before: every allocation with its `parts` (empty without the basis), no
 * `item`, no line `position`, no `basis`. The parts come from getAllocationParts, the
 * function the server and the web read the basis with, so comparing the converted output
 * with the frozen outputs checks the amounts and that every reader sees the same basis.
 */
export function toLegacyBasisShape(outcome: StatementOutcome): unknown {
  if (!outcome.ok) return outcome;
  const { basis, ...result } = outcome.result;
  const convertLine = <T extends { position: number; allocations: { item: number; exactAmount: string }[] }>(line: T) => {
    const { position: _position, ...rest } = line;
    return {
      ...rest,
      allocations: rest.allocations.map((allocation) => {
        const { item: _item, ...fields } = allocation;
        return { ...fields, parts: getAllocationParts({ basis }, line, allocation) };
      }),
    };
  };
  return { ok: true, result: { ...result, tenancies: result.tenancies.map(convertLine), vacancy: result.vacancy.map(convertLine) } };
}
