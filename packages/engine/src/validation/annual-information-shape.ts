import type {
  AnnualInformationInput,
  EnergyMixShareInput,
  LevyInput,
} from "../heating/annual-information.ts";
import { MESSAGES } from "../messages/messages.ts";
import { Decimal } from "../money/decimal.ts";
import type { ShapeReader } from "./shape-reader.ts";

// Issue 24, item 12 (decision 1160): reads the § 6a (3) HeizkV inputs of untrusted input (field
// names as in AnnualInformationInput); every problem is reported with its path.

export function readAnnualInformation(
  reader: ShapeReader,
  value: unknown,
): AnnualInformationInput | null {
  const info = reader.readObject(value, "annualInformation");
  if (!info) return null;
  const path = (field: string) => `annualInformation.${field}`;
  const energyMix: EnergyMixShareInput[] = [];
  (reader.readList(info.energyMix, path("energyMix"), false) ?? []).forEach((entry, index) => {
    const share = reader.readObject(entry, path(`energyMix[${index}]`));
    const carrier = reader.readText(share?.carrier, path(`energyMix[${index}].carrier`), true);
    const percent = reader.readQuantity(share?.percent, path(`energyMix[${index}].percent`), {
      isRequired: true,
    });
    // Text or a number (decision 1640), compared exactly.
    if (
      percent !== undefined &&
      (new Decimal(percent).lessThan(0) || new Decimal(percent).greaterThan(100))
    )
      reader.report(
        path(`energyMix[${index}].percent`),
        MESSAGES.fieldNotPercent(path(`energyMix[${index}].percent`)),
      );
    else if (carrier !== undefined && percent !== undefined) energyMix.push({ carrier, percent });
  });
  const taxesAndLevies: LevyInput[] = [];
  (reader.readList(info.taxesAndLevies, path("taxesAndLevies"), false) ?? []).forEach(
    (entry, index) => {
      const levy = reader.readObject(entry, path(`taxesAndLevies[${index}]`));
      const label = reader.readText(levy?.label, path(`taxesAndLevies[${index}].label`), true);
      const amount = readNonNegativeMoney(
        reader,
        levy?.amount,
        path(`taxesAndLevies[${index}].amount`),
        true,
      );
      if (label !== undefined && amount !== undefined) taxesAndLevies.push({ label, amount });
    },
  );
  const primaryEnergyFactor = reader.readQuantity(
    info.primaryEnergyFactor,
    path("primaryEnergyFactor"),
    { isRequired: false },
  );
  const climateFactor = reader.readQuantity(info.climateFactor, path("climateFactor"), {
    isRequired: false,
    isPositive: true,
  });
  return {
    energyMix,
    primaryEnergyFactor: primaryEnergyFactor ?? null,
    taxesAndLevies,
    meteringDeviceFee:
      readNonNegativeMoney(reader, info.meteringDeviceFee, path("meteringDeviceFee"), false) ??
      null,
    readingAndBillingFee:
      readNonNegativeMoney(
        reader,
        info.readingAndBillingFee,
        path("readingAndBillingFee"),
        false,
      ) ?? null,
    climateFactor: climateFactor ?? null,
  };
}

function readNonNegativeMoney(
  reader: ShapeReader,
  value: unknown,
  path: string,
  isRequired: boolean,
): string | undefined {
  const money = reader.readMoney(value, path, isRequired);
  if (money !== undefined && money.startsWith("-")) {
    reader.report(path, MESSAGES.fieldNegative(path));
    return undefined;
  }
  return money;
}
