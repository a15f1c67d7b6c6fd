import { z } from "zod";
import type { JobDescriptor } from "../../jobs/job-kind.ts";

// Issue 30, item 2 (decision 1630): the job that mails one tenant's monthly consumption
// information (monthly-information-send-job.ts runs it).

const payloadSchema = z.object({
  userId: z.string(),
  letterId: z.string(),
  propertyId: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  month: z.string(),
  to: z.string().min(3).max(320),
  subject: z.string().min(1).max(998),
  text: z.string().max(200_000),
});
export type MonthlyInformationSendPayload = z.infer<typeof payloadSchema>;

export const MONTHLY_INFORMATION_SEND: JobDescriptor<MonthlyInformationSendPayload> = {
  kind: "monthly-information.send",
  payload: payloadSchema,
  maxAttempts: 8,
};
