import { z } from "zod";

// The operator of this installation, for /impressum and /datenschutz (OPERATOR_* settings).
export const operatorInfoSchema = z.object({
  name: z.string().nullable(),
  representative: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  registerEntry: z.string().nullable(),
  vatId: z.string().nullable(),
  privacyContact: z.string().nullable(),
  /** True when at least the name and an address are configured. */
  isConfigured: z.boolean(),
});
export type OperatorInfo = z.infer<typeof operatorInfoSchema>;
