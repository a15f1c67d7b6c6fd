import type { ColumnType, Generated } from "kysely";

// TypeScript view of the tables (camelCase; the CamelCasePlugin maps to snake_case).
// numeric columns are exact decimal strings; date columns are 'YYYY-MM-DD' strings.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Decimal = ColumnType<string, string, string>;
type Json = ColumnType<Record<string, unknown> | null, string | null, string | null>;

interface UsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Generated<boolean>;
  image: string | null;
  firstName: string | null;
  lastName: string | null;
  /** Counted up by every write transaction of the account (decision 1741). */
  dataVersion: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

interface SessionsTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  /** The account this session works in (null: the user's own). */
  activeAccountId: ColumnType<string | null, string | null | undefined, string | null>;
}

interface AccountsTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  password: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

interface ProfilesTable {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  phone: string | null;
  billingName: string | null;
  billingPhone: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  iban: string | null;
  bic: string | null;
  bank: string | null;
  profileComplete: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

interface SubscriptionsTable {
  id: Generated<string>;
  userId: string;
  plan: string;
  status: string;
  currentPeriodStart: Timestamp;
  currentPeriodEnd: Timestamp;
  trialEndDate: Date | null;
  canceledAt: Date | null;
  cancelAtPeriodEnd: Generated<boolean>;
  stripeCustomerId: ColumnType<string | null, string | null | undefined, string | null>;
  stripeSubscriptionId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

export interface UserActivitiesTable {
  id: Generated<string>;
  userId: string;
  action: string;
  entityType: string;
  entityId: string | null;
  entityName: string | null;
  description: string;
  metadata: Json;
  userAgent: string | null;
  sessionId: string | null;
  createdAt: CreatedAt;
  /** Insertion order; breaks ties of createdAt (migration 0100). */
  seq: Generated<number>;
  /** The member who acted (migration 1450); null for the system or a deleted user. */
  actorUserId: string | null;
}

interface PropertiesTable {
  id: Generated<string>;
  userId: string;
  name: string;
  street: string;
  houseNumber: string;
  addressAddition: string | null;
  postalCode: string;
  city: string;
  state: string | null;
  country: string;
  address: string;
  propertyType: string;
  efficiencyClass: string | null;
  efficiencyDeterminedDate: string | null;
  efficiencyDeterminationMethod: string | null;
  /** Decision 1620: one of the engine's FUELS, proposed for the statement's CO2 inputs. */
  heatingFuel: Generated<string | null>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

interface UnitsTable {
  id: Generated<string>;
  userId: string;
  propertyId: string;
  name: string;
  area: Decimal;
  persons: number;
  hasDecentralizedHotWater: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

interface TenantsTable {
  id: Generated<string>;
  userId: string;
  unitId: string;
  name: string;
  moveInDate: string;
  moveOutDate: string | null;
  isActive: Generated<boolean>;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
  contractStartDate: string | null;
  contractEndDate: string | null;
  birthDate: string | null;
  idDocumentNumber: string | null;
  notes: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

interface TenantPrepaymentsTable {
  id: Generated<string>;
  tenantId: string;
  monthlyAmount: Decimal;
  validFrom: string;
  validUntil: string | null;
  isActive: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

interface TenantAttributesTable {
  id: Generated<string>;
  tenantId: string;
  persons: number;
  validFrom: string;
  validUntil: string | null;
  isActive: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

interface MetersTable {
  id: Generated<string>;
  userId: string;
  propertyId: string | null;
  unitId: string | null;
  meterNumber: string;
  meterType: string;
  location: string | null;
  displayName: string | null;
  /** Issue 30 (decision 1630): § 5 HeizkV remote reading and the installation day. */
  isRemoteReadable: Generated<boolean>;
  installedOn: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

/** Issue 30 (decision 1630): the month a tenant was sent the § 6a HeizkV monthly information. */
interface MonthlyInformationLettersTable {
  id: Generated<string>;
  userId: string;
  propertyId: string;
  tenantId: string;
  month: string;
  /** 'email': recipient is the address; 'post': printed and posted on posted_on (decision 1690). */
  channel: ColumnType<"email" | "post", "email" | "post" | undefined, never>;
  recipient: string | null;
  postedOn: string | null;
  queuedAt: Generated<Date>;
  sentAt: Date | null;
}

interface BillingPeriodsTable {
  id: Generated<string>;
  userId: string;
  propertyId: string;
  name: string;
  billingPeriodStart: string;
  billingPeriodEnd: string;
  status: Generated<string>;
  isFinal: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  costsUpdatedAt: Date | null;
  climateFactor: Decimal | null;
}

interface MeterReadingsTable {
  id: Generated<string>;
  userId: string;
  meterId: string;
  billingPeriodId: string | null;
  readingValue: Decimal;
  readingDate: string;
  readingType: Generated<string>;
  validationStatus: Generated<string>;
  note: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

interface UtilityRatesTable {
  id: Generated<string>;
  userId: string;
  propertyId: string | null;
  utilityType: string;
  rateName: string;
  unitPrice: Decimal;
  unit: string;
  basePrice: Decimal | null;
  tariffType: Generated<string>;
  isGlobal: Generated<boolean>;
  priority: Generated<number>;
  validFrom: string;
  validUntil: string | null;
  isActive: Generated<boolean>;
  providerName: string | null;
  contractNumber: string | null;
  notes: string | null;
  region: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

interface UtilityRateTiersTable {
  id: Generated<string>;
  rateId: string;
  position: number;
  tierName: string;
  tierType: string;
  fromValue: Decimal | null;
  toValue: Decimal | null;
  unitPrice: Decimal;
}

interface TenancyStatementsTable {
  id: Generated<string>;
  userId: string;
  billingPeriodId: string;
  propertyId: string;
  unitId: string | null;
  tenantId: string | null;
  status: Generated<string>;
  totalCostsShare: Decimal;
  prepaymentAmount: Decimal;
  finalBalance: Decimal;
  pdfStoragePath: string | null;
  finalizedAt: Date | null;
  sentAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  statementRunId: string;
  periodFrom: string | null;
  periodTo: string | null;
  tenantName: string | null;
  unitName: string | null;
  /** Issue 24: the letter's date = the day it was sent or posted (decision 1060). */
  dispatchedOn: string | null;
  dispatchChannel: "email" | "post" | null;
  /** What the dispatched letter printed beyond the snapshot: addresses, the late reason. */
  dispatchContext: ColumnType<unknown, string, string> | null;
  /** What the dispatched letter settled (the tenant's obligation after it). */
  settledBalance: Decimal | null;
}

type JsonDocument = ColumnType<unknown, string, string>;
/** A saved run's document: JSON text, packed or plain; read through unpackJson (decision 1860). */
type StoredJson = ColumnType<string, string, string>;

interface BillingPeriodCostItemsTable {
  id: Generated<string>;
  userId: string;
  billingPeriodId: string;
  position: number;
  costType: string;
  amount: Decimal | null;
  distributionKey: string | null;
  consumptionShare: Decimal | null;
  meterKind: string | null;
  excludedUnitIds: JsonDocument;
  energySource: string | null;
  laborCosts: Decimal | null;
  taxCategory: string | null;
  mode: string;
  rateId: string | null;
  consumptionAmount: Decimal | null;
  /** Issue 24: the lease clause under which a cost type that needs agreement is charged. */
  allocationNote: string | null;
  /** Issue 24: the § 12 (1) HeizkV cut applied up front. */
  heizkvReduction: Generated<boolean>;
  /** Issue 30 (decision 1630): the § 12 (1) HeizkV 3 % cut applied up front. */
  heizkvRemoteReadingCut: Generated<boolean>;
  /** Issue 28 (decision 1403): key "direct", the vacancy's amount. */
  vacancyAmount: Decimal | null;
  createdAt: CreatedAt;
}

/** Issue 28 (decision 1403): a tenancy's own amount of a cost item with the key "direct". */
interface BillingPeriodDirectAmountsTable {
  id: Generated<string>;
  userId: string;
  costItemId: string;
  tenantId: string;
  /** The entries' order as typed (the wizard's tenancy order). */
  position: number;
  amount: Decimal;
  laborCosts: Decimal | null;
  createdAt: CreatedAt;
}

interface BillingPeriodCo2InputsTable {
  billingPeriodId: string;
  userId: string;
  fuel: string | null;
  consumptionKwh: Decimal | null;
  heatingValue: string | null;
  emissionsKg: Decimal | null;
  cost: Decimal | null;
  pricePerTonne: Decimal | null;
  vatPercent: Decimal | null;
  emissionFactor: Decimal | null;
  createdAt: CreatedAt;
}

/** Issue 24, item 6: the heating cost sheet of a billing period (migration 1280). */
interface BillingPeriodHeatingCostsTable {
  billingPeriodId: string;
  userId: string;
  fuel: string;
  quantityUnit: string;
  openingQuantity: Decimal | null;
  openingAmount: Decimal | null;
  /** [{ date, quantity, amount }] as decimal texts. */
  deliveries: JsonDocument;
  closingQuantity: Decimal | null;
  quantity: Decimal | null;
  fuelCost: Decimal | null;
  operatingPower: Decimal | null;
  maintenance: Decimal | null;
  emissionMeasurement: Decimal | null;
  meteringService: Decimal | null;
  isCombined: boolean;
  totalEnergyKwh: Decimal | null;
  hotWaterVolumeM3: Decimal | null;
  hotWaterTemperatureCelsius: Decimal | null;
  hotWaterAreaM2: Decimal | null;
  isGasUpperHeatingValue: boolean;
  isCommercialHeatSupply: boolean;
  createdAt: CreatedAt;
}

/** Issue 24, item 12 (decision 1160): the § 6a (3) HeizkV inputs of a billing period. */
interface BillingPeriodAnnualInformationTable {
  billingPeriodId: string;
  userId: string;
  /** [{ carrier, percent }], percent as decimal text. */
  energyMix: JsonDocument;
  primaryEnergyFactor: Decimal | null;
  /** [{ label, amount }], amount as decimal text. */
  taxesAndLevies: JsonDocument;
  meteringDeviceFee: Decimal | null;
  readingAndBillingFee: Decimal | null;
  createdAt: CreatedAt;
}

interface BillingPeriodConsumptionOverridesTable {
  id: Generated<string>;
  userId: string;
  billingPeriodId: string;
  unitId: string;
  meterKind: string;
  value: Decimal;
  reason: string;
  createdAt: CreatedAt;
}

/**
 * A run's large documents, packed (decision 1860), in their own row (decision 1880): a save
 * writes them in parts before its transaction; a correction's draft names its source's row.
 */
interface StatementRunDocumentsTable {
  id: Generated<string>;
  userId: string;
  engineInput: StoredJson | null;
  result: StoredJson | null;
  consumption: StoredJson | null;
  analysis: StoredJson | null;
  createdAt: CreatedAt;
}

interface StatementRunsTable {
  id: Generated<string>;
  userId: string;
  billingPeriodId: string;
  propertyId: string;
  version: Generated<number>;
  replacesId: string | null;
  isFinal: Generated<boolean>;
  engineVersion: string;
  /** Decision 1880: the run's engine input, result, consumption and analysis (statement_run_documents). */
  documentsId: string;
  rateCosts: StoredJson;
  totalCosts: Decimal;
  pdfUrl: string | null;
  calculatedAt: Timestamp;
  finalizedAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  /** Issue 24: why a statement after the § 556 (3) BGB deadline is not the landlord's fault. */
  lateExcuse: string | null;
  lateExcuseAt: Date | null;
  /** Issue 30: § 560 (4) BGB, how the letters' proposed prepayment is rounded; null: no proposal. */
  prepaymentRounding: ColumnType<
    "euro" | "five_euros" | null,
    "euro" | "five_euros" | null | undefined,
    "euro" | "five_euros" | null
  >;
}

type JobStatus = "queued" | "running" | "succeeded" | "failed";

interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: Generated<number>;
  maxAttempts: number;
  runAt: ColumnType<Date, Date | string | undefined, Date | string>;
  lockedBy: string | null;
  leaseUntil: Date | null;
  lastError: string | null;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  finishedAt: Date | null;
}

interface ClientErrorsTable {
  id: Generated<number>;
  userId: string | null;
  kind: string;
  message: string;
  stack: string | null;
  path: string | null;
  release: string | null;
  occurredAt: ColumnType<Date, Date | string, never>;
  receivedAt: CreatedAt;
}

interface ClientMetricsTable {
  id: Generated<number>;
  userId: string | null;
  name: string;
  /** A duration or score, not money: a float is right here. */
  value: number;
  unit: string;
  path: string | null;
  release: string | null;
  occurredAt: ColumnType<Date, Date | string, never>;
  receivedAt: CreatedAt;
}

interface RateLimitBucketsTable {
  key: string;
  windowStart: ColumnType<Date, Date | string, never>;
  count: number;
}

interface NotificationSettingsTable {
  userId: string;
  emailBilling: boolean;
  emailSystem: boolean;
  emailMarketing: boolean;
  /** The daily job sends the § 6a HeizkV monthly information by itself (decision 1690). */
  monthlyInformationAuto: Generated<boolean>;
  updatedAt: Timestamp;
}

interface ContactRequestsTable {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: CreatedAt;
}

interface BillingDataTable {
  userId: string;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  iban: string;
  bic: string | null;
  bankName: string | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
}

interface StripeEventsTable {
  id: string;
  type: string;
  receivedAt: CreatedAt;
}

/** Issue 28: a booking imported from a bank file, with the cost types it went to. */
interface BankBookingsTable {
  id: Generated<string>;
  userId: string;
  billingPeriodId: string;
  fingerprint: string;
  bookingDate: string;
  amount: Decimal;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  purpose: string | null;
  /** [{ costType, amount }] */
  parts: JsonDocument;
  fileName: string;
  createdAt: CreatedAt;
}

/** Issue 28: the cost type last given to a counterparty (and purpose) in a bank import. */
interface BankBookingRulesTable {
  id: Generated<string>;
  userId: string;
  counterpartyKey: string;
  purposeSignature: string;
  costType: string;
  updatedAt: Timestamp;
}

/** Issue 28 (decision 1404): a metering company's flat mapped to a unit (null: not this property). */
interface MeteringFlatMappingsTable {
  id: Generated<string>;
  userId: string;
  propertyId: string;
  firmFlat: string;
  managerKey: string | null;
  unitId: string | null;
  updatedAt: Timestamp;
}

/** Issue 28 (decision 1701): the metering company's customer and property number of a property. */
interface MeteringFirmNumbersTable {
  id: Generated<string>;
  userId: string;
  propertyId: string;
  customerNumber: string;
  propertyNumber: string | null;
  updatedAt: Timestamp;
}

/** Issue 28 (decision 1404): one imported D result (per user and cost type) of a billing period. */
interface MeteringResultsTable {
  id: Generated<string>;
  userId: string;
  billingPeriodId: string;
  unitId: string;
  /** null: the vacancy. */
  tenantId: string | null;
  firmFlat: string;
  lastDay: string;
  costTypeCode: string;
  costType: string;
  costs: Decimal;
  prepayments: Decimal | null;
  balance: Decimal | null;
  consumption: Decimal | null;
  consumptionUnit: string | null;
  readingCode: number | null;
  isEstimated: boolean;
  laborCosts: Decimal | null;
  taxCategory: string | null;
  fileName: string;
  createdAt: CreatedAt;
}

interface AccountMembersTable {
  /** The account: its owner's user id (what every table's userId column holds). */
  accountId: string;
  userId: string;
  role: "owner" | "admin" | "billing_manager" | "editor" | "viewer";
  createdAt: CreatedAt;
}

interface AccountInvitationsTable {
  id: Generated<string>;
  accountId: string;
  email: string;
  role: "admin" | "billing_manager" | "editor" | "viewer";
  tokenHash: string;
  invitedBy: string | null;
  expiresAt: Timestamp;
  acceptedAt: Date | null;
  acceptedBy: string | null;
  revokedAt: Date | null;
  createdAt: CreatedAt;
}

/** Issue 29 (decision 1171): a member's API key; only the hash of its secret is kept. */
interface ApiKeysTable {
  id: Generated<string>;
  accountId: string;
  userId: string;
  name: string;
  role: "admin" | "billing_manager" | "editor" | "viewer";
  tokenHash: string;
  tokenPrefix: string;
  /** YYYY-MM-DD, the last day the key works; null: no expiry. */
  expiresOn: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: CreatedAt;
}

/** Issue 32 (decision 1084): the letters of a whole run, made in the background into one PDF. */
interface LetterBatchesTable {
  id: Generated<string>;
  userId: string;
  statementRunId: string;
  status: Generated<"queued" | "running" | "done" | "failed">;
  done: Generated<number>;
  total: number;
  /** German, shown to the user, for a failed batch. */
  error: string | null;
  fileKey: string | null;
  fileName: string | null;
  createdBy: string | null;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
  finishedAt: Date | null;
}

/** Issue 30 (decision 1500): a deadline reminder that was sent; unique per period, deadline and days before. */
interface DeadlineRemindersTable {
  id: Generated<string>;
  userId: string;
  billingPeriodId: string;
  /** YYYY-MM-DD, the § 556 (3) BGB deadline the reminder was about. */
  deadline: string;
  daysBefore: number;
  /** YYYY-MM-DD, the day (in Germany) the reminder went out. */
  sentOn: string;
  createdAt: CreatedAt;
}

export interface Database {
  apiKeys: ApiKeysTable;
  letterBatches: LetterBatchesTable;
  accountMembers: AccountMembersTable;
  accountInvitations: AccountInvitationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  profiles: ProfilesTable;
  subscriptions: SubscriptionsTable;
  userActivities: UserActivitiesTable;
  properties: PropertiesTable;
  units: UnitsTable;
  tenants: TenantsTable;
  tenantPrepayments: TenantPrepaymentsTable;
  tenantAttributes: TenantAttributesTable;
  meters: MetersTable;
  billingPeriods: BillingPeriodsTable;
  meterReadings: MeterReadingsTable;
  utilityRates: UtilityRatesTable;
  utilityRateTiers: UtilityRateTiersTable;
  tenancyStatements: TenancyStatementsTable;
  jobs: JobsTable;
  clientErrors: ClientErrorsTable;
  clientMetrics: ClientMetricsTable;
  rateLimitBuckets: RateLimitBucketsTable;
  billingPeriodCostItems: BillingPeriodCostItemsTable;
  billingPeriodDirectAmounts: BillingPeriodDirectAmountsTable;
  billingPeriodCo2Inputs: BillingPeriodCo2InputsTable;
  billingPeriodHeatingCosts: BillingPeriodHeatingCostsTable;
  billingPeriodAnnualInformation: BillingPeriodAnnualInformationTable;
  billingPeriodConsumptionOverrides: BillingPeriodConsumptionOverridesTable;
  statementRuns: StatementRunsTable;
  statementRunDocuments: StatementRunDocumentsTable;
  notificationSettings: NotificationSettingsTable;
  contactRequests: ContactRequestsTable;
  stripeEvents: StripeEventsTable;
  billingData: BillingDataTable;
  bankBookings: BankBookingsTable;
  bankBookingRules: BankBookingRulesTable;
  deadlineReminders: DeadlineRemindersTable;
  monthlyInformationLetters: MonthlyInformationLettersTable;
  meteringFlatMappings: MeteringFlatMappingsTable;
  meteringFirmNumbers: MeteringFirmNumbersTable;
  meteringResults: MeteringResultsTable;
}
