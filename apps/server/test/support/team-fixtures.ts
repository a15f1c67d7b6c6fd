import type { AssignableRole } from "@nk/contract";
import { readJson, type TestContext } from "./test-app.ts";

// Members of an account made the way users make them: the owner invites by e-mail, the link of
// the mail in the outbox is opened by the invited person, signed in, who accepts it.

let memberCounter = 0;

/** The text of a quoted-printable mail, readable (soft breaks joined, =XX bytes decoded). */
export function decodeQuotedPrintable(mail: string): string {
  const unfolded = mail.replace(/=\r?\n/g, "");
  return Buffer.from(
    unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/** The token of the newest invitation mail to `email` in the outbox. */
export async function readInvitationToken(t: TestContext, email: string): Promise<string> {
  const mails = await t.readOutbox();
  const mail = mails.reverse().find((text) => text.includes(`To: ${email}`));
  if (!mail) throw new Error(`no invitation mail to ${email}`);
  const match = /\/einladung\?token=([A-Za-z0-9_-]{32,64})/.exec(decodeQuotedPrintable(mail));
  if (!match) throw new Error(`no link in the invitation mail to ${email}`);
  return match[1]!;
}

export async function inviteViaApi(
  t: TestContext,
  cookie: string,
  email: string,
  role: AssignableRole,
): Promise<string> {
  const response = await t.request("POST", "/api/team/invitations", {
    cookie,
    body: { email, role },
  });
  if (response.status !== 201)
    throw new Error(`invite: ${response.status} ${await response.text()}`);
  return readInvitationToken(t, email);
}

export interface AddedMember {
  cookie: string;
  userId: string;
  email: string;
}

/** A new user who joins the owner's account with `role` through an invitation. */
export async function addMemberViaInvitation(
  t: TestContext,
  ownerCookie: string,
  role: AssignableRole,
  options: { firstName?: string; lastName?: string } = {},
): Promise<AddedMember> {
  memberCounter += 1;
  const email = `mitglied${memberCounter}-${Date.now()}@example.de`;
  const token = await inviteViaApi(t, ownerCookie, email, role);
  const user = await t.signUp({
    email,
    firstName: options.firstName ?? "Mia",
    lastName: options.lastName ?? `Mitglied${memberCounter}`,
    address: `10.29.${memberCounter % 250}.1`,
  });
  const accepted = await t.request("POST", "/api/invitations/accept", {
    cookie: user.cookie,
    body: { token },
  });
  if (accepted.status !== 200)
    throw new Error(`accept: ${accepted.status} ${await accepted.text()}`);
  const body = await readJson(accepted);
  if (!body.accountId) throw new Error("accept: no account");
  return user;
}
