// The statutory CO2 cost split for residential buildings (CO2KostAufG, Anlage zu §§ 5 bis 7),
// as settled in the project's DECISIONS.md section 4. Landing page and help show this table.

export interface Co2Stage {
  stage: number;
  /** The efficiency class shown for the stage (A = stage 1 ... J = stage 10). */
  label: string;
  /** kg CO2 per m² living area and year, as displayed. */
  range: string;
  tenantPercent: number;
  landlordPercent: number;
}

export const CO2_STAGES: readonly Co2Stage[] = [
  { stage: 1, label: "A", range: "< 12", tenantPercent: 100, landlordPercent: 0 },
  { stage: 2, label: "B", range: "12 bis < 17", tenantPercent: 90, landlordPercent: 10 },
  { stage: 3, label: "C", range: "17 bis < 22", tenantPercent: 80, landlordPercent: 20 },
  { stage: 4, label: "D", range: "22 bis < 27", tenantPercent: 70, landlordPercent: 30 },
  { stage: 5, label: "E", range: "27 bis < 32", tenantPercent: 60, landlordPercent: 40 },
  { stage: 6, label: "F", range: "32 bis < 37", tenantPercent: 50, landlordPercent: 50 },
  { stage: 7, label: "G", range: "37 bis < 42", tenantPercent: 40, landlordPercent: 60 },
  { stage: 8, label: "H", range: "42 bis < 47", tenantPercent: 30, landlordPercent: 70 },
  { stage: 9, label: "I", range: "47 bis < 52", tenantPercent: 20, landlordPercent: 80 },
  { stage: 10, label: "J", range: "≥ 52", tenantPercent: 5, landlordPercent: 95 },
];
