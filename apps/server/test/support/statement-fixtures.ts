// What a finalizable statement needs in the integration tests: the sender's billing data
// (docs/rules/statements.md#pdfs-and-sending) and two cost items of 900,00 € in all.

export const SAMPLE_BILLING_DATA = {
  companyName: "Hausverwaltung Sonnenschein GmbH",
  phone: "0521 123456",
  street: "Lindenstraße",
  houseNumber: "5",
  postalCode: "33602",
  city: "Bielefeld",
  iban: "DE89 3704 0044 0532 0130 00",
};

export const SAMPLE_COST_ITEMS = [
  { costType: "Grundsteuer", amount: "600.00", key: "area" },
  { costType: "Müllabfuhr", amount: "300.00", key: "units" },
];
