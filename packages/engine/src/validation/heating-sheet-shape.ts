import { FUELS } from "../constants/domain.ts";
import {
  FUEL_QUANTITY_UNITS,
  type FuelPurchaseInput,
  type HeatingCostSheetInput,
} from "../heating/heating-cost-sheet.ts";
import { MESSAGES } from "../messages/messages.ts";
import type { ShapeReader } from "./shape-reader.ts";

// Issue 24, item 6: reads the heating cost sheet of untrusted input (field names as in
// HeatingCostSheetInput); every problem is reported with its path.

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

export function readHeatingCostSheet(
  reader: ShapeReader,
  value: unknown,
): HeatingCostSheetInput | null {
  const sheet = reader.readObject(value, "heatingCosts");
  if (!sheet) return null;
  const path = (field: string) => `heatingCosts.${field}`;
  const fuel = reader.readChoice(sheet.fuel, path("fuel"), FUELS, true);
  const quantityUnit = reader.readChoice(
    sheet.quantityUnit,
    path("quantityUnit"),
    FUEL_QUANTITY_UNITS,
    true,
  );
  let openingStock: HeatingCostSheetInput["openingStock"] = null;
  if (sheet.openingStock !== undefined && sheet.openingStock !== null) {
    const opening = reader.readObject(sheet.openingStock, path("openingStock"));
    const quantity = reader.readQuantity(opening?.quantity, path("openingStock.quantity"), {
      isRequired: true,
    });
    const amount = readNonNegativeMoney(reader, opening?.amount, path("openingStock.amount"), true);
    if (quantity !== undefined && amount !== undefined) openingStock = { quantity, amount };
  }
  const purchases: FuelPurchaseInput[] = [];
  (reader.readList(sheet.purchases, path("purchases"), false) ?? []).forEach((entry, index) => {
    const purchase = reader.readObject(entry, path(`purchases[${index}]`));
    const date = reader.readDate(purchase?.date, path(`purchases[${index}].date`), {
      isRequired: true,
    });
    const quantity = reader.readQuantity(purchase?.quantity, path(`purchases[${index}].quantity`), {
      isRequired: true,
      isPositive: true,
    });
    const amount = readNonNegativeMoney(
      reader,
      purchase?.amount,
      path(`purchases[${index}].amount`),
      true,
    );
    if (date !== undefined && quantity !== undefined && amount !== undefined)
      purchases.push({ date, quantity, amount });
  });
  let closingStock: HeatingCostSheetInput["closingStock"] = null;
  if (sheet.closingStock !== undefined && sheet.closingStock !== null) {
    const closing = reader.readObject(sheet.closingStock, path("closingStock"));
    const quantity = reader.readQuantity(closing?.quantity, path("closingStock.quantity"), {
      isRequired: true,
    });
    if (quantity !== undefined) closingStock = { quantity };
  }
  let combined: HeatingCostSheetInput["combined"] = null;
  if (sheet.combined !== undefined && sheet.combined !== null) {
    const c = reader.readObject(sheet.combined, path("combined"));
    const totalEnergyKwh = reader.readQuantity(c?.totalEnergyKwh, path("combined.totalEnergyKwh"), {
      isRequired: true,
      isPositive: true,
    });
    if (totalEnergyKwh !== undefined) {
      combined = {
        totalEnergyKwh,
        hotWaterVolumeM3:
          reader.readQuantity(c?.hotWaterVolumeM3, path("combined.hotWaterVolumeM3"), {
            isRequired: false,
          }) ?? null,
        hotWaterTemperatureCelsius:
          reader.readQuantity(
            c?.hotWaterTemperatureCelsius,
            path("combined.hotWaterTemperatureCelsius"),
            { isRequired: false },
          ) ?? null,
        hotWaterAreaM2:
          reader.readQuantity(c?.hotWaterAreaM2, path("combined.hotWaterAreaM2"), {
            isRequired: false,
          }) ?? null,
        isGasUpperHeatingValue:
          reader.readBoolean(c?.isGasUpperHeatingValue, path("combined.isGasUpperHeatingValue")) ??
          false,
        isCommercialHeatSupply:
          reader.readBoolean(c?.isCommercialHeatSupply, path("combined.isCommercialHeatSupply")) ??
          false,
      };
    }
  }
  if (fuel === undefined || quantityUnit === undefined) return null;
  return {
    fuel,
    quantityUnit,
    openingStock,
    purchases,
    closingStock,
    quantity: reader.readQuantity(sheet.quantity, path("quantity"), { isRequired: false }) ?? null,
    fuelCost: readNonNegativeMoney(reader, sheet.fuelCost, path("fuelCost"), false) ?? null,
    operatingPower:
      readNonNegativeMoney(reader, sheet.operatingPower, path("operatingPower"), false) ?? null,
    maintenance:
      readNonNegativeMoney(reader, sheet.maintenance, path("maintenance"), false) ?? null,
    emissionMeasurement:
      readNonNegativeMoney(reader, sheet.emissionMeasurement, path("emissionMeasurement"), false) ??
      null,
    meteringService:
      readNonNegativeMoney(reader, sheet.meteringService, path("meteringService"), false) ?? null,
    combined,
  };
}
