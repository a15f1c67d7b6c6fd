/**
 * @nk/engine: the statement calculation of Nebenkosten. Pure and deterministic (no I/O, no
 * clock, no randomness) and browser-safe: the server, the web app's live preview and the
 * PDFs use the same functions.
 */

// The statement (contract v1.1).
export { calculateStatement } from "./statement/calculate-statement.ts";
export { getAllocationParts, isWeightProduct } from "./statement/allocation-parts.ts";
// Contract v1.2: the figures the letters print (decision 1040).
export {
  buildLetterFigures,
  sumUnitHeatingConsumption,
  type LetterTotals,
  type LetterItemFigures,
  type LetterPrepaymentRun,
  type StatementLetterFigures,
  type TenancyCo2Figures,
  type TenancyLetterFigures,
} from "./statement/letter-figures.ts";
export {
  completeStoredResult,
  type StoredAllocationLine,
  type StoredStatementResult,
} from "./statement/stored-result.ts";
// Contract v1.6 (decision 1730): the result as it is stored, and back.
export {
  COMPACT_RESULT_VERSION,
  compactStatementResult,
  expandCompactResult,
  isCompactResult,
  type CompactConsumption,
  type CompactItemAllocations,
  type CompactStatementResult,
} from "./statement/compact-result.ts";
export { validateStatementInputShape, type ShapeOutcome } from "./validation/input-shape.ts";
export { checkStatementRules, type RuleCheckOutcome } from "./validation/statement-checks.ts";
// Issue 24: the § 556 (3) BGB deadline, what a letter settles, and what a correction changed.
export { getStatementDeadline, isAfterStatementDeadline } from "./deadlines/statement-deadline.ts";
// Issue 30: the deadline overview and the reminders (decision 1500).
export {
  countDaysUntil,
  DEADLINE_REMINDER_DAYS,
  DEADLINE_RISK_WINDOW_DAYS,
  describePeriodDeadline,
  getDueReminderDays,
  type DeadlineReminderDays,
  type DeadlineStatus,
  type DeadlineTenancyInput,
  type DeadlineTenancyState,
  type PeriodDeadlineState,
} from "./deadlines/deadline-overview.ts";
export {
  settleBalance,
  type BalanceSettlement,
  type SettlementInput,
} from "./settlement/balance-settlement.ts";
export {
  compareTenancyVersions,
  type TenancyCorrection,
  type TenancyItemChange,
} from "./settlement/tenancy-correction.ts";
export {
  HEIZKV_REDUCTION_PERCENT,
  HEIZKV_REMOTE_READING_CUT_PERCENT,
} from "./statement/heizkv-reduction.ts";
// Issue 30, item 1 (decision 1630): the remote reading § 5 HeizkV requires of a meter.
export {
  HEIZKV_METER_TYPES,
  REMOTE_READING_NEW_DEVICES_FROM,
  REMOTE_READING_RETROFIT_DEADLINE,
  describeRemoteReadingDuty,
  getRemoteReadingRequiredFrom,
  isHeizkvMeterType,
  isRemoteReadingMissingInPeriod,
  type RemoteReadingDuty,
  type RemoteReadingMeterInput,
  type RemoteReadingStatus,
} from "./heating/remote-reading.ts";
// Issue 30, item 2 (decision 1630): the § 6a (1), (2) HeizkV monthly consumption information.
export {
  computeMonthlyInformation,
  getLastDayOfMonth,
  getPreviousMonth,
  type MonthlyFigure,
  type MonthlyInformationInput,
  type MonthlyMeterInput,
  type MonthlyUnitInformation,
  type MonthText,
} from "./heating/monthly-information.ts";
export type {
  Allocation,
  AllocationBasis,
  AllocationPart,
  BasisSeries,
  CalculateStatementOptions,
  Co2Input,
  ConsumptionInput,
  CostItemInput,
  DirectAmountInput,
  ItemBasis,
  ItemSummary,
  LineConsumption,
  LineMeterReading,
  MeterReadingsInput,
  MoneyString,
  OccupancyStretch,
  OccupantInput,
  PartBasis,
  PeriodInput,
  PrepaymentInput,
  QuantityValue,
  ReadingPoint,
  ReadingPointInput,
  StatementBasis,
  StatementCo2,
  StatementInput,
  StatementOutcome,
  StatementResult,
  StoredAllocation,
  TaxDeductible,
  TenancyInput,
  TenancyStatement,
  UnitConsumption,
  UnitInput,
  VacancyStatement,
  ValidationIssue,
} from "./types.ts";

// Domain constants.
export {
  BETRKV_COST_TYPES,
  COST_TYPES,
  DEFAULT_CONSUMPTION_SHARE_PERCENT,
  DEFAULT_METER_BY_COST_TYPE,
  DISTRIBUTION_KEY_LABELS,
  DISTRIBUTION_KEYS,
  EFFICIENCY_CLASSES,
  FUELS,
  HEATING_COST_TYPE,
  HEIZKV_MAX_CONSUMPTION_SHARE_PERCENT,
  HEIZKV_MIN_CONSUMPTION_SHARE_PERCENT,
  HOT_WATER_COST_TYPE,
  isDistributionKey,
  isHeizkvCostType,
  getMeterKindsOfItemMeter,
  ITEM_METERS,
  METER_KINDS,
  METER_KIND_LABELS,
  TOTAL_WATER_METER,
  PREPAYMENT_WARNING_THRESHOLD_EUROS,
  PROPERTY_TYPES,
  SPECIFICATION_COST_TYPES,
  TAX_CATEGORIES,
  DEFAULT_TAX_CATEGORY,
  TEMPLATE_COST_TYPES,
  type DistributionKey,
  type EfficiencyClass,
  type Fuel,
  type ItemMeter,
  type MeterKind,
  type PropertyType,
  type TaxCategory,
} from "./constants/domain.ts";

// German messages.
export { MESSAGES, type MessageBuilders } from "./messages/messages.ts";

// Building blocks.
export {
  addDays,
  countDaysInclusive,
  getDaysInMonth,
  getDaysInYear,
  isFullYear,
  isIsoDate,
  isLeapYear,
  isoToDayNumber,
  dayNumberToIso,
  parseIsoDate,
  type CivilDate,
  type IsoDate,
} from "./dates/calendar.ts";
export {
  OPEN_END_DATE,
  intersectRanges,
  isOverlapping,
  type DateRange,
} from "./dates/date-range.ts";
export { Decimal, type DecimalValue } from "./money/decimal.ts";
export {
  formatCents,
  isMoneyString,
  parseMoneyToCents,
  roundEurosHalfUpToCents,
} from "./money/money.ts";
export { allocateCentsByLargestRemainder } from "./rounding/largest-remainder.ts";
export { DEGREE_DAY_PER_MILLE, degreeDayWeight } from "./heating/degree-days.ts";
export {
  proratePrepayments,
  type MonthlyPrepayment,
  type PrepaymentRun,
  type PrepaymentPeriod,
  type PrepaymentProration,
} from "./prepayments/prepayment-proration.ts";
// Issue 30: the § 560 (4) BGB proposal of a new monthly prepayment.
export {
  PREPAYMENT_ROUNDINGS,
  proposeMonthlyPrepayment,
  type PrepaymentProposalInput,
  type PrepaymentRounding,
} from "./prepayments/prepayment-adjustment.ts";
export {
  CO2_PRICE_BY_YEAR,
  CO2_STAGES,
  COMMERCIAL_LANDLORD_PERCENT,
  DEFAULT_CO2_STAGE_CLASS,
  EMISSION_FACTORS,
  GAS_UPPER_TO_LOWER_HEATING_VALUE,
  type Co2Stage,
} from "./co2/co2-constants.ts";
export {
  calculateCo2EmissionsKg,
  calculateCo2Split,
  getCo2StageByClass,
  getCo2StageByKgPerM2,
  type Co2Calculation,
  type Co2Source,
  type Co2SplitInput,
  type Co2SplitOutcome,
  type Co2SplitResult,
} from "./co2/co2-split.ts";
export {
  type Co2PricePart,
  type Co2PriceSource,
  splitPeriodByCalendarYear,
} from "./co2/co2-price-parts.ts";
export {
  calculateHeatingCostSheet,
  FUEL_QUANTITY_UNITS,
  STORED_FUELS,
  type FuelPurchaseInput,
  type FuelQuantityUnit,
  type HeatingCostSheet,
  type HeatingCostSheetInput,
  type HeatingCostSheetOutcome,
  type StockValuationSlice,
} from "./heating/heating-cost-sheet.ts";
export {
  computeAnnualInformation,
  prepareAnnualInformation,
  type AnnualChartBar,
  type AnnualCostLine,
  type AnnualInformation,
  type AnnualInformationInput,
  type AnnualInformationOfRun,
  type AnnualInformationRequest,
  type AnnualPeriodConsumption,
  type EnergyMixShareInput,
  type LevyInput,
} from "./heating/annual-information.ts";
export {
  COLD_WATER_REFERENCE_CELSIUS,
  COMMERCIAL_HEAT_SUPPLY_DIVISOR,
  DEFAULT_HOT_WATER_CELSIUS,
  HOT_WATER_KWH_PER_M2_FALLBACK,
  HOT_WATER_KWH_PER_M3_KELVIN,
  splitCombinedHeatingFuel,
  UPPER_HEATING_VALUE_FACTOR,
  type CombinedFuelSplitInput,
  type CombinedFuelSplitOutcome,
  type CombinedFuelSplitResult,
} from "./heating/heizkv-9-fuel-split.ts";
export { countPeriodMonths } from "./rates/period-months.ts";
export {
  calculateRateCost,
  DEFAULT_RATE_MONTHS,
  HIGH_TARIFF_SHARE,
  LOW_TARIFF_SHARE,
  TARIFF_TYPES,
  type RateCostInput,
  type RateCostLine,
  type RateCostOutcome,
  type RateCostResult,
  type RateDefinition,
  type RateTier,
  type TariffType,
} from "./rates/rate-cost.ts";
export {
  analyzeConsumption,
  classifyEfficiencyByKwhPerM2,
  EFFICIENCY_CLASS_KWH_RANGES,
  pricePerKwh,
  type ConsumptionAnalysisFigures,
  type ConsumptionAnalysisInput,
} from "./analysis/consumption-analysis.ts";
export {
  analyzeHeatingBenchmark,
  BENCHMARK_CARRIERS,
  BENCHMARK_CATEGORIES,
  BENCHMARK_RATINGS,
  compareUnitsPerM2,
  DECENTRALIZED_HOT_WATER_KWH_PER_M2,
  efficiencyClassRange,
  HEIZSPIEGEL_LIMITS,
  isBenchmarkCarrier,
  periodLength,
  RATING_CATEGORY,
  rateKwhPerM2,
  SIZE_BANDS,
  sizeBandOf,
  type BenchmarkCarrier,
  type BenchmarkCategory,
  type BenchmarkLimits,
  type BenchmarkRating,
  type HeatingBenchmarkInput,
  type HeatingBenchmarkResult,
  type SizeBand,
  type UnitHeatingFigures,
  type UnitHeatingInput,
} from "./analysis/heating-benchmark.ts";
// Issue 25 (decision 1043): the preview's analysis and figures, computed here only.
export {
  analyzeStatementHeating,
  type StatementHeatingAnalysis,
  type StatementHeatingOptions,
} from "./analysis/statement-heating.ts";
export {
  buildPreviewFigures,
  calculateSharePercent,
  type PreviewItemFigures,
  type PreviewUnitFigures,
  type StatementPreviewFigures,
} from "./analysis/preview-figures.ts";
