import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_MESSAGES } from "@nk/contract";
import { insertProperty, insertTenant, insertUnit } from "../support/fixtures.ts";
import { createBillingPeriodViaApi } from "../support/metering-fixtures.ts";
import {
  addMemberViaInvitation,
  decodeQuotedPrintable,
  inviteViaApi,
} from "../support/team-fixtures.ts";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Issue 29: several people in one account. Invitations (7 days, single use, one address),
// roles that act at once, removal that ends the member's sessions, one person in several
// accounts, and the status machine's roles with real members.

const BILLING_DATA = {
  companyName: "Hausverwaltung Lindenhof",
  phone: "030 1234567",
  street: "Lindenhof",
  houseNumber: "2",
  postalCode: "10115",
  city: "Berlin",
  iban: "DE89370400440532013000",
};

describe.each(TEST_DRIVERS)("team members (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  async function json(method: string, url: string, cookie: string, body?: unknown) {
    const response = await t.request(method, url, {
      cookie,
      ...(body === undefined ? {} : { body }),
    });
    return { status: response.status, body: await readJson(response) };
  }

  it("invites by e-mail: the mail has a 7-day link; the invited person signs up, joins with the role and works in the account", async () => {
    const owner = await t.signUp({ firstName: "Olga", lastName: "Owner" });
    await t.request("PATCH", "/api/profile", {
      cookie: owner.cookie,
      body: { firstName: "Olga", lastName: "Owner", company: "Hausverwaltung Sonnenschein GmbH" },
    });
    const property = await insertProperty(t.db, owner.userId, { name: "Lindenstraße 5" });
    const email = `eva-${Date.now()}@example.de`;
    const token = await inviteViaApi(t, owner.cookie, email, "editor");
    const mail = decodeQuotedPrintable(
      (await t.readOutbox()).reverse().find((text) => text.includes(`To: ${email}`))!,
    );
    expect(mail).toContain(
      "Olga Owner lädt Sie ein, im Konto „Hausverwaltung Sonnenschein GmbH“ bei Nebenkosten mitzuarbeiten (Rolle: Bearbeiter).",
    );
    expect(mail).toMatch(/gültig bis \d{2}\.\d{2}\.\d{4}, nur einmal verwendbar/);
    const invitation = await t.db
      .selectFrom("accountInvitations")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    // Stored as a hash, never the token itself; 7 days.
    expect(invitation.tokenHash).not.toContain(token);
    expect(
      new Date(invitation.expiresAt).getTime() - new Date(invitation.createdAt).getTime(),
    ).toBeGreaterThanOrEqual(7 * 24 * 3600 * 1000 - 1000);

    const preview = await t.request("POST", "/api/invitations/preview", { body: { token } });
    expect(await readJson(preview)).toMatchObject({
      accountName: "Hausverwaltung Sonnenschein GmbH",
      role: "editor",
      email,
    });

    const eva = await t.signUp({
      email,
      firstName: "Eva",
      lastName: "Editor",
      address: "10.1.1.1",
    });
    const accepted = await json("POST", "/api/invitations/accept", eva.cookie, { token });
    expect(accepted).toEqual({ status: 200, body: { accountId: owner.userId } });
    const me = await json("GET", "/api/me", eva.cookie);
    expect(me.body.account).toMatchObject({
      id: owner.userId,
      name: "Hausverwaltung Sonnenschein GmbH",
      role: "editor",
    });
    expect(me.body.account.permissions).toContain("create_tenant");
    expect(me.body.account.permissions).not.toContain("finalize_statement");
    expect(
      me.body.memberships.map((m: { accountName: string; isCurrent: boolean }) => [
        m.accountName,
        m.isCurrent,
      ]),
    ).toEqual([
      ["Eva Editor (eigenes Konto)", false],
      ["Hausverwaltung Sonnenschein GmbH", true],
    ]);
    // Scoped to the owner's account: the property is there, a unit she adds is the account's.
    const unit = await json("POST", `/api/properties/${property.id}/units`, eva.cookie, {
      name: "EG links",
      area: "62.5",
      persons: 2,
    });
    expect(unit.status).toBe(201);
    const row = await t.db
      .selectFrom("units")
      .select("userId")
      .where("id", "=", unit.body.id)
      .executeTakeFirstOrThrow();
    expect(row.userId).toBe(owner.userId);

    // The link works once.
    const again = await json("POST", "/api/invitations/accept", eva.cookie, { token });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(TEAM_MESSAGES.invitationInvalid);

    const team = await json("GET", "/api/team", owner.cookie);
    expect(team.body.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ["Olga Owner", "owner"],
      ["Eva Editor", "editor"],
    ]);
    expect(team.body.invitations).toEqual([]);
  });

  it("refuses an expired link, a withdrawn one, and one used by another e-mail address; changes nothing", async () => {
    const owner = await t.signUp();
    const email = `spaet-${Date.now()}@example.de`;
    const token = await inviteViaApi(t, owner.cookie, email, "viewer");
    const invited = await t.signUp({ email, address: "10.1.1.2" });
    const stranger = await t.signUp({ address: "10.1.1.3" });

    const wrongPerson = await json("POST", "/api/invitations/accept", stranger.cookie, { token });
    expect(wrongPerson.status).toBe(403);
    expect(wrongPerson.body.error.message).toBe(TEAM_MESSAGES.invitationOtherEmail);

    await t.db
      .updateTable("accountInvitations")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("email", "=", email)
      .execute();
    const expired = await json("POST", "/api/invitations/accept", invited.cookie, { token });
    expect(expired.status).toBe(409);
    expect(expired.body.error).toMatchObject({
      code: "INVITATION_EXPIRED",
      message: TEAM_MESSAGES.invitationExpired,
    });

    // A new invitation replaces the open one; withdrawing it makes its link useless too.
    const second = await inviteViaApi(t, owner.cookie, email, "viewer");
    const open = await json("GET", "/api/team", owner.cookie);
    expect(open.body.invitations).toHaveLength(1);
    const withdrawn = await json(
      "DELETE",
      `/api/team/invitations/${open.body.invitations[0].id}`,
      owner.cookie,
    );
    expect(withdrawn.body.invitations).toEqual([]);
    const afterWithdraw = await json("POST", "/api/invitations/accept", invited.cookie, {
      token: second,
    });
    expect(afterWithdraw.status).toBe(404);
    const garbage = await json("POST", "/api/invitations/accept", invited.cookie, {
      token: "kurz",
    });
    expect(garbage.status).toBe(400);

    const members = await t.db
      .selectFrom("accountMembers")
      .select("userId")
      .where("accountId", "=", owner.userId)
      .execute();
    expect(members.map((m) => m.userId)).toEqual([owner.userId]);
  });

  it("an invitation of one account cannot be withdrawn, and its members not changed, from another account", async () => {
    const owner = await t.signUp();
    const member = await addMemberViaInvitation(t, owner.cookie, "editor");
    await inviteViaApi(t, owner.cookie, `offen-${Date.now()}@example.de`, "viewer");
    const invitationId = (await json("GET", "/api/team", owner.cookie)).body.invitations[0].id;
    const other = await t.signUp({ address: "10.1.1.4" });
    expect(
      (await json("DELETE", `/api/team/invitations/${invitationId}`, other.cookie)).status,
    ).toBe(404);
    expect(
      (await json("PATCH", `/api/team/members/${member.userId}`, other.cookie, { role: "viewer" }))
        .status,
    ).toBe(404);
    expect((await json("DELETE", `/api/team/members/${member.userId}`, other.cookie)).status).toBe(
      404,
    );
    // Nor can the other account switch into it.
    const sneak = await json("POST", "/api/memberships/switch", other.cookie, {
      accountId: owner.userId,
    });
    expect(sneak.status).toBe(404);
    expect((await json("GET", "/api/me", other.cookie)).body.account.id).toBe(other.userId);
  });

  it("a role change acts on the next request; removal ends the member's sessions at once", async () => {
    const owner = await t.signUp();
    await insertProperty(t.db, owner.userId, { name: "Am Markt 1" });
    const member = await addMemberViaInvitation(t, owner.cookie, "editor");
    expect(
      (
        await json("POST", "/api/properties", member.cookie, {
          name: "Neu",
          street: "Weg",
          houseNumber: "1",
          postalCode: "10115",
          city: "Berlin",
        })
      ).status,
    ).not.toBe(403);

    const changed = await json("PATCH", `/api/team/members/${member.userId}`, owner.cookie, {
      role: "viewer",
    });
    expect(
      changed.body.members.find((m: { userId: string }) => m.userId === member.userId).role,
    ).toBe("viewer");
    const refused = await json(
      "DELETE",
      `/api/properties/${(await json("GET", "/api/properties", member.cookie)).body[0].id}`,
      member.cookie,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(TEAM_MESSAGES.forbidden);

    // The owner stays the owner; nobody changes their own role.
    expect(
      (await json("PATCH", `/api/team/members/${owner.userId}`, owner.cookie, { role: "viewer" }))
        .body.error.message,
    ).toBe(TEAM_MESSAGES.ownerFixed);

    const removed = await json("DELETE", `/api/team/members/${member.userId}`, owner.cookie);
    expect(removed.body.members.map((m: { userId: string }) => m.userId)).toEqual([owner.userId]);
    expect((await t.request("GET", "/api/properties", { cookie: member.cookie })).status).toBe(401);
    const sessions = await t.db
      .selectFrom("sessions")
      .select("id")
      .where("userId", "=", member.userId)
      .execute();
    expect(sessions).toEqual([]);
    // Signing in again: the person's own account, the other is gone.
    const signIn = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: member.email, password: "Sicher123" },
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = await json("GET", "/api/me", cookie);
    expect(me.body.account.id).toBe(member.userId);
    expect(me.body.memberships).toHaveLength(1);
  });

  it("an admin manages editors but not admins; only the owner names admins", async () => {
    const owner = await t.signUp();
    const admin = await addMemberViaInvitation(t, owner.cookie, "admin");
    const otherAdmin = await addMemberViaInvitation(t, owner.cookie, "admin");
    const editor = await addMemberViaInvitation(t, owner.cookie, "editor");
    expect(
      (
        await json("PATCH", `/api/team/members/${editor.userId}`, admin.cookie, {
          role: "billing_manager",
        })
      ).status,
    ).toBe(200);
    const promote = await json("PATCH", `/api/team/members/${editor.userId}`, admin.cookie, {
      role: "admin",
    });
    expect(promote.status).toBe(403);
    expect(promote.body.error.message).toBe(TEAM_MESSAGES.adminOnlyByOwner);
    expect(
      (await json("DELETE", `/api/team/members/${otherAdmin.userId}`, admin.cookie)).body.error
        .message,
    ).toBe(TEAM_MESSAGES.adminOnlyByOwner);
    expect(
      (
        await json("POST", "/api/team/invitations", admin.cookie, {
          email: "neu@example.de",
          role: "admin",
        })
      ).status,
    ).toBe(403);
    // Subscription and deletion stay the owner's.
    expect((await json("POST", "/api/subscription/cancel", admin.cookie)).status).toBe(403);
    expect(
      (
        await json("POST", "/api/team/invitations", admin.cookie, {
          email: "keine-adresse",
          role: "viewer",
        })
      ).body.error.fields.email,
    ).toBe("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
  });

  it("one person in two accounts switches between them; each request sees only the chosen account", async () => {
    const first = await t.signUp({ firstName: "Anna", lastName: "Eins" });
    const second = await t.signUp({ firstName: "Bernd", lastName: "Zwei", address: "10.1.1.5" });
    await insertProperty(t.db, first.userId, { name: "Erstes Haus" });
    await insertProperty(t.db, second.userId, { name: "Zweites Haus" });
    const email = `pm-${Date.now()}@example.de`;
    const firstToken = await inviteViaApi(t, first.cookie, email, "editor");
    const secondToken = await inviteViaApi(t, second.cookie, email, "viewer");
    const manager = await t.signUp({ email, address: "10.1.1.6" });
    expect(
      (await json("POST", "/api/invitations/accept", manager.cookie, { token: firstToken })).status,
    ).toBe(200);
    expect(
      (await json("POST", "/api/invitations/accept", manager.cookie, { token: secondToken }))
        .status,
    ).toBe(200);
    const names = async () =>
      (await json("GET", "/api/properties", manager.cookie)).body.map(
        (p: { name: string }) => p.name,
      );
    expect(await names()).toEqual(["Zweites Haus"]);
    const switched = await json("POST", "/api/memberships/switch", manager.cookie, {
      accountId: first.userId,
    });
    expect(switched.body.find((m: { isCurrent: boolean }) => m.isCurrent).accountId).toBe(
      first.userId,
    );
    expect(await names()).toEqual(["Erstes Haus"]);
    expect((await json("GET", "/api/me", manager.cookie)).body.account.role).toBe("editor");
    await json("POST", "/api/memberships/switch", manager.cookie, { accountId: manager.userId });
    expect(await names()).toEqual([]);
  });

  it("finalizing needs admin or billing manager: an editor saves the draft, is refused, the billing manager finalizes; a viewer changes nothing", async () => {
    const owner = await t.signUp();
    await t.db
      .updateTable("subscriptions")
      .set({ plan: "professional", status: "active" })
      .where("userId", "=", owner.userId)
      .execute();
    expect((await json("PUT", "/api/billing-data", owner.cookie, BILLING_DATA)).status).toBe(200);
    const property = await insertProperty(t.db, owner.userId, { name: "Lindenhof 2" });
    const eg = await insertUnit(t.db, owner.userId, property.id, { name: "EG", area: "60.00" });
    await insertTenant(t.db, owner.userId, eg.id, {
      name: "Jana Erdmann",
      moveInDate: "2015-01-01",
    });
    const editor = await addMemberViaInvitation(t, owner.cookie, "editor", {
      firstName: "Eva",
      lastName: "Editor",
    });
    const billing = await addMemberViaInvitation(t, owner.cookie, "billing_manager", {
      firstName: "Bea",
      lastName: "Buchhaltung",
    });
    const viewer = await addMemberViaInvitation(t, owner.cookie, "viewer");

    const billingPeriodId = await createBillingPeriodViaApi(
      t,
      editor.cookie,
      property.id,
      "2024-01-01",
      "2024-12-31",
    );
    const costItems = [{ costType: "Grundsteuer", amount: "1234.56", key: "area" }];
    const finalizeOnSave = await json("POST", "/api/statements", editor.cookie, {
      billingPeriodId,
      costItems,
      finalize: true,
    });
    expect(finalizeOnSave.status).toBe(403);
    const draft = await json("POST", "/api/statements", editor.cookie, {
      billingPeriodId,
      costItems,
      finalize: false,
    });
    expect(draft.status).toBe(201);
    const runUrl = `/api/statements/${draft.body.id}/transition`;
    expect(
      (await t.request("GET", `/api/statements/${draft.body.id}/pdf`, { cookie: editor.cookie }))
        .status,
    ).toBe(200);
    expect((await json("POST", runUrl, editor.cookie, { to: "validated" })).status).toBe(200);
    const editorFinal = await json("POST", runUrl, editor.cookie, { to: "finalized" });
    expect(editorFinal.status).toBe(403);
    expect(editorFinal.body.error.message).toBe(
      "Unzureichende Berechtigung für den Statuswechsel zu „Finalisiert“.",
    );
    expect((await json("POST", runUrl, viewer.cookie, { to: "finalized" })).status).toBe(403);
    const final = await json("POST", runUrl, billing.cookie, { to: "finalized" });
    expect(final.status).toBe(200);
    expect(final.body.isFinal).toBe(true);
    // The activity names who did it.
    const entries = await t.db
      .selectFrom("userActivities")
      .select(["action", "actorUserId"])
      .where("userId", "=", owner.userId)
      .where("action", "in", ["finalized", "created"])
      .where("entityType", "=", "statement")
      .execute();
    expect(entries).toEqual(
      expect.arrayContaining([
        { action: "created", actorUserId: editor.userId },
        { action: "finalized", actorUserId: billing.userId },
      ]),
    );

    // The feed names the member of every entry and filters by member.
    const feed = await json("GET", "/api/activities?limit=200", owner.cookie);
    const finalized = feed.body.items.find(
      (a: { action: string; entityType: string }) =>
        a.action === "finalized" && a.entityType === "statement",
    );
    expect(finalized).toMatchObject({ actorUserId: billing.userId, actorName: "Bea Buchhaltung" });
    const byEditor = await json(
      "GET",
      `/api/activities?limit=200&memberId=${editor.userId}`,
      viewer.cookie,
    );
    expect(byEditor.body.items.length).toBeGreaterThan(0);
    expect(new Set(byEditor.body.items.map((a: { actorName: string }) => a.actorName))).toEqual(
      new Set(["Eva Editor"]),
    );
    expect(
      byEditor.body.items.map(
        (a: { action: string; entityType: string }) => `${a.entityType}.${a.action}`,
      ),
    ).toEqual(expect.arrayContaining(["statement.created", "member.joined"]));
    const dashboard = await json("GET", "/api/dashboard", owner.cookie);
    expect(dashboard.body.recentActivities[0].actorName).toBe("Bea Buchhaltung");
  });
});
