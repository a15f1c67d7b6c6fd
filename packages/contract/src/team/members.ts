import { z } from "zod";
import { assignableRoleSchema, roleSchema } from "./roles.ts";

export const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  joinedAt: z.string(),
  isYou: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: assignableRoleSchema,
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  /** Past its 7 days: listed until withdrawn or replaced by a new invitation. */
  isExpired: z.boolean(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const teamResponseSchema = z.object({
  members: z.array(memberSchema),
  invitations: z.array(invitationSchema),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

export const inviteBodySchema = z.object({
  email: z
    .string({ error: "E-Mail-Adresse ist erforderlich" })
    .trim()
    .toLowerCase()
    .min(1, "E-Mail-Adresse ist erforderlich")
    .max(254)
    .email("Bitte geben Sie eine gültige E-Mail-Adresse ein."),
  role: assignableRoleSchema,
});
export type InviteBody = z.input<typeof inviteBodySchema>;
export type InviteValues = z.output<typeof inviteBodySchema>;

export const changeRoleBodySchema = z.object({ role: assignableRoleSchema });
export type ChangeRoleBody = z.infer<typeof changeRoleBodySchema>;

/** What the invitation page shows before joining (the token is in the link). */
export const invitationPreviewSchema = z.object({
  accountName: z.string(),
  role: assignableRoleSchema,
  email: z.string(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const invitationTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{32,64}$/, "Diese Einladung ist ungültig oder wurde bereits verwendet.");

export const acceptInvitationBodySchema = z.object({ token: invitationTokenSchema });

export const membershipSchema = z.object({
  accountId: z.string(),
  accountName: z.string(),
  role: roleSchema,
  isCurrent: z.boolean(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const switchAccountBodySchema = z.object({ accountId: z.string().min(1).max(100) });
