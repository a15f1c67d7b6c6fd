import { createHash, randomBytes } from "node:crypto";
import {
  getTodayInGermany,
  formatCalendarDateDe,
  MEMBER_ROLE_LABELS,
  TEAM_MESSAGES,
  type AssignableRole,
  type InvitationPreview,
  type InviteValues,
  type Member,
  type MemberRole,
  type TeamResponse,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { Conflict, Forbidden, NotFound } from "../../domain/domain-errors.ts";
import { requireResourceId } from "../../domain/resource-id.ts";
import { queueMail } from "../../mail/mail-job.ts";
import { buildInvitationMail } from "../../mail/templates/invitation-mail.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";
import { logActivity } from "../activity/activity-log.ts";
import {
  findAccountName,
  findInvitationByTokenHash,
  insertInvitation,
  isEmailMemberOf,
  listOpenInvitations,
  markInvitationAccepted,
  revokeInvitationRow,
  revokeOpenInvitationsOf,
} from "./invitation-queries.ts";
import {
  deleteMember,
  deleteSessionsInAccount,
  findMembership,
  insertMember,
  listMembersOfAccount,
  setSessionAccount,
  updateMemberRole,
} from "./membership-queries.ts";

// Issue 29, decision 1170: invitations, roles and removal of the members of an account.

/** Seven days, single use (issue 29). */
const INVITATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;

export interface Actor {
  accountId: string;
  userId: string;
  role: MemberRole;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function displayName(row: {
  name: string;
  firstName?: string | null;
  lastName?: string | null;
  email: string;
}): string {
  return [row.firstName, row.lastName].filter(Boolean).join(" ") || row.name.trim() || row.email;
}

export async function loadTeam(db: Db, actor: Actor): Promise<TeamResponse> {
  const members = await listMembersOfAccount(db, actor.accountId);
  const invitations = await listOpenInvitations(db, actor.accountId);
  return {
    members: members.map((m): Member => ({
      userId: m.userId,
      name: displayName(m),
      email: m.email,
      role: m.role,
      joinedAt: new Date(m.createdAt).toISOString(),
      isYou: m.userId === actor.userId,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      invitedBy: i.invitedByName,
      expiresAt: new Date(i.expiresAt).toISOString(),
      isExpired: new Date(i.expiresAt).getTime() <= Date.now(),
      createdAt: new Date(i.createdAt).toISOString(),
    })),
  };
}

/** Only the owner names, changes or removes administrators: an admin cannot make peers. */
function assertMayAssign(actor: Actor, role: AssignableRole): void {
  if (role === "admin" && actor.role !== "owner")
    throw new Forbidden(TEAM_MESSAGES.adminOnlyByOwner, "INSUFFICIENT_PERMISSIONS");
}

export async function inviteMember(
  db: Db,
  actor: Actor,
  body: InviteValues,
  publicUrl: string,
  now = new Date(),
): Promise<TeamResponse> {
  assertMayAssign(actor, body.role);
  await inAccountTransaction(db, actor.accountId, async (trx) => {
    if (await isEmailMemberOf(trx, actor.accountId, body.email))
      throw new Conflict(TEAM_MESSAGES.alreadyMember, {
        code: "ALREADY_MEMBER",
        fields: { email: TEAM_MESSAGES.alreadyMember },
      });
    await revokeOpenInvitationsOf(trx, actor.accountId, body.email);
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + INVITATION_VALID_MS);
    await insertInvitation(trx, {
      accountId: actor.accountId,
      email: body.email,
      role: body.role,
      tokenHash: hashToken(token),
      invitedBy: actor.userId,
      expiresAt,
    });
    const inviter = (await listMembersOfAccount(trx, actor.accountId)).find(
      (m) => m.userId === actor.userId,
    );
    const mail = buildInvitationMail({
      to: body.email,
      accountName: await findAccountName(trx, actor.accountId),
      inviterName: inviter ? displayName(inviter) : "Ein Mitglied",
      roleLabel: MEMBER_ROLE_LABELS[body.role],
      link: `${publicUrl}/einladung?token=${token}`,
      validUntil: formatCalendarDateDe(getTodayInGermany(expiresAt)),
    });
    await queueMail(trx, mail);
    await logActivity(trx, {
      userId: actor.accountId,
      key: "member.invited",
      entityName: body.email,
      metadata: { role: body.role },
    });
  });
  return loadTeam(db, actor);
}

export async function revokeInvitation(
  db: Db,
  actor: Actor,
  invitationId: string,
): Promise<TeamResponse> {
  requireResourceId(invitationId, TEAM_MESSAGES.invitationNotFound);
  await inAccountTransaction(db, actor.accountId, async (trx) => {
    if (!(await revokeInvitationRow(trx, actor.accountId, invitationId)))
      throw new NotFound(TEAM_MESSAGES.invitationNotFound);
    await logActivity(trx, {
      userId: actor.accountId,
      key: "member.invitation_revoked",
      entityId: invitationId,
    });
  });
  return loadTeam(db, actor);
}

/** The open invitation of a token; unknown, used, withdrawn and expired links are refused. */
async function findUsableInvitation(db: Db, token: string, now: Date) {
  const invitation = await findInvitationByTokenHash(db, hashToken(token));
  if (!invitation || invitation.acceptedAt || invitation.revokedAt)
    throw new NotFound(TEAM_MESSAGES.invitationInvalid);
  if (new Date(invitation.expiresAt).getTime() <= now.getTime())
    throw new Conflict(TEAM_MESSAGES.invitationExpired, { code: "INVITATION_EXPIRED" });
  return invitation;
}

export async function previewInvitation(
  db: Db,
  token: string,
  now = new Date(),
): Promise<InvitationPreview> {
  const invitation = await findUsableInvitation(db, token, now);
  return {
    accountName: await findAccountName(db, invitation.accountId),
    role: invitation.role,
    email: invitation.email,
    expiresAt: new Date(invitation.expiresAt).toISOString(),
  };
}

/**
 * The signed-in person joins the invitation's account with its role, and this session switches
 * to it. The invitation is for one address: another account's sign-in cannot use the link.
 */
export async function acceptInvitation(
  db: Db,
  user: { id: string; email: string },
  sessionId: string,
  token: string,
  now = new Date(),
): Promise<{ accountId: string }> {
  const found = await findUsableInvitation(db, token, now);
  if (found.email.toLowerCase() !== user.email.toLowerCase())
    throw new Forbidden(TEAM_MESSAGES.invitationOtherEmail, "INVITATION_OTHER_EMAIL");
  await inAccountTransaction(db, found.accountId, async (trx) => {
    if (await findMembership(trx, found.accountId, user.id))
      throw new Conflict(TEAM_MESSAGES.alreadyMember, { code: "ALREADY_MEMBER" });
    // Under the account's lock: two tabs using one link, only the first joins.
    if (!(await markInvitationAccepted(trx, found.id, user.id)))
      throw new NotFound(TEAM_MESSAGES.invitationInvalid);
    await insertMember(trx, found.accountId, user.id, found.role);
    await setSessionAccount(trx, sessionId, found.accountId);
    await logActivity(trx, {
      userId: found.accountId,
      key: "member.joined",
      entityId: user.id,
      entityName: user.email,
      metadata: { role: found.role },
    });
  });
  return { accountId: found.accountId };
}

async function requireChangeableMember(trx: Db, actor: Actor, targetUserId: string) {
  const target = await findMembership(trx, actor.accountId, targetUserId);
  if (!target) throw new NotFound(TEAM_MESSAGES.memberNotFound);
  if (target.role === "owner")
    throw new Forbidden(TEAM_MESSAGES.ownerFixed, "INSUFFICIENT_PERMISSIONS");
  if (targetUserId === actor.userId)
    throw new Forbidden(TEAM_MESSAGES.selfChange, "INSUFFICIENT_PERMISSIONS");
  if (target.role === "admin" && actor.role !== "owner")
    throw new Forbidden(TEAM_MESSAGES.adminOnlyByOwner, "INSUFFICIENT_PERMISSIONS");
  return target;
}

export async function changeMemberRole(
  db: Db,
  actor: Actor,
  targetUserId: string,
  role: AssignableRole,
): Promise<TeamResponse> {
  assertMayAssign(actor, role);
  await inAccountTransaction(db, actor.accountId, async (trx) => {
    const target = await requireChangeableMember(trx, actor, targetUserId);
    if (target.role === role) return;
    await updateMemberRole(trx, actor.accountId, targetUserId, role);
    await logActivity(trx, {
      userId: actor.accountId,
      key: "member.role_changed",
      entityId: targetUserId,
      metadata: { from: target.role, to: role },
    });
  });
  return loadTeam(db, actor);
}

/** Removes the member; their sessions in this account end at once (the caller forgets cached ones). */
export async function removeMember(
  db: Db,
  actor: Actor,
  targetUserId: string,
): Promise<TeamResponse> {
  await inAccountTransaction(db, actor.accountId, async (trx) => {
    const target = await requireChangeableMember(trx, actor, targetUserId);
    await deleteMember(trx, actor.accountId, targetUserId);
    await deleteSessionsInAccount(trx, actor.accountId, targetUserId);
    await logActivity(trx, {
      userId: actor.accountId,
      key: "member.removed",
      entityId: targetUserId,
      metadata: { role: target.role },
    });
  });
  return loadTeam(db, actor);
}
