import { createRoute, z } from "@hono/zod-openapi";
import {
  acceptInvitationBodySchema,
  changeRoleBodySchema,
  invitationPreviewSchema,
  inviteBodySchema,
  membershipSchema,
  switchAccountBodySchema,
  teamResponseSchema,
} from "@nk/contract";
import type { SessionCache } from "../../auth/session-cache.ts";
import type { Db } from "../../db/database.ts";
import { createRouter } from "../../http/create-router.ts";
import {
  errorResponse,
  forbiddenResponse,
  idParams,
  invalidResponse,
  jsonBody,
  jsonResponse,
  notFoundResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import type { AppEnv } from "../../http/app-env.ts";
import type { Context } from "hono";
import { listMemberships, switchAccount } from "./account-context-service.ts";
import {
  acceptInvitation,
  changeMemberRole,
  inviteMember,
  loadTeam,
  previewInvitation,
  removeMember,
  revokeInvitation,
  type Actor,
} from "./team-service.ts";

const tags = ["Team"];
const teamAnswer = jsonResponse(teamResponseSchema, "Mitglieder und offene Einladungen");

const getTeamRoute = createRoute({
  method: "get",
  path: "/team",
  tags,
  summary: "Die Mitglieder des Kontos mit ihren Rollen und die offenen Einladungen",
  responses: { 200: teamAnswer, 401: unauthorizedResponse },
});

const inviteRoute = createRoute({
  method: "post",
  path: "/team/invitations",
  tags,
  summary:
    "Per E-Mail einladen (Link 7 Tage gültig, einmal verwendbar; eine neue Einladung ersetzt die offene derselben Adresse)",
  request: jsonBody(inviteBodySchema),
  responses: {
    201: teamAnswer,
    400: invalidResponse,
    401: unauthorizedResponse,
    403: forbiddenResponse,
    409: errorResponse("Gehört dem Konto bereits an (ALREADY_MEMBER)"),
  },
});

const revokeInvitationRoute = createRoute({
  method: "delete",
  path: "/team/invitations/{id}",
  tags,
  summary: "Eine offene Einladung zurückziehen",
  request: { params: idParams },
  responses: {
    200: teamAnswer,
    401: unauthorizedResponse,
    403: forbiddenResponse,
    404: notFoundResponse,
  },
});

const changeRoleRoute = createRoute({
  method: "patch",
  path: "/team/members/{id}",
  tags,
  summary: "Die Rolle eines Mitglieds ändern (wirkt sofort)",
  request: { params: idParams, ...jsonBody(changeRoleBodySchema) },
  responses: {
    200: teamAnswer,
    400: invalidResponse,
    401: unauthorizedResponse,
    403: forbiddenResponse,
    404: notFoundResponse,
  },
});

const removeMemberRoute = createRoute({
  method: "delete",
  path: "/team/members/{id}",
  tags,
  summary: "Ein Mitglied entfernen; seine Sitzungen in diesem Konto enden sofort",
  request: { params: idParams },
  responses: {
    200: teamAnswer,
    401: unauthorizedResponse,
    403: forbiddenResponse,
    404: notFoundResponse,
  },
});

const acceptRoute = createRoute({
  method: "post",
  path: "/invitations/accept",
  tags,
  summary: "Einladung annehmen: der angemeldete Benutzer tritt dem Konto bei und arbeitet darin",
  request: jsonBody(acceptInvitationBodySchema),
  responses: {
    200: jsonResponse(z.object({ accountId: z.string() }), "Beigetreten"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: errorResponse(
      "Die Einladung gilt für eine andere E-Mail-Adresse (INVITATION_OTHER_EMAIL)",
    ),
    404: errorResponse("Unbekannte, verwendete oder zurückgezogene Einladung"),
    409: errorResponse("Abgelaufen (INVITATION_EXPIRED) oder schon Mitglied (ALREADY_MEMBER)"),
  },
});

const listMembershipsRoute = createRoute({
  method: "get",
  path: "/memberships",
  tags,
  summary: "Alle Konten des Benutzers (Kontowechsel)",
  responses: { 200: jsonResponse(z.array(membershipSchema), "Konten"), 401: unauthorizedResponse },
});

const switchRoute = createRoute({
  method: "post",
  path: "/memberships/switch",
  tags,
  summary: "In einem anderen Konto arbeiten (diese Sitzung)",
  request: jsonBody(switchAccountBodySchema),
  responses: {
    200: jsonResponse(z.array(membershipSchema), "Konten"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: notFoundResponse,
  },
});

function actorOf(c: Context<AppEnv>): Actor {
  return { accountId: c.var.accountId, userId: c.var.user.id, role: c.var.role };
}

export function createTeamRoutes(deps: { db: Db; publicUrl: string; sessions: SessionCache }) {
  const { db } = deps;
  return createRouter()
    .openapi(getTeamRoute, async (c) => c.json(await loadTeam(db, actorOf(c)), 200))
    .openapi(inviteRoute, async (c) =>
      c.json(await inviteMember(db, actorOf(c), c.req.valid("json"), deps.publicUrl), 201),
    )
    .openapi(revokeInvitationRoute, async (c) =>
      c.json(await revokeInvitation(db, actorOf(c), c.req.valid("param").id), 200),
    )
    .openapi(changeRoleRoute, async (c) =>
      c.json(
        await changeMemberRole(db, actorOf(c), c.req.valid("param").id, c.req.valid("json").role),
        200,
      ),
    )
    .openapi(removeMemberRoute, async (c) => {
      const team = await removeMember(db, actorOf(c), c.req.valid("param").id);
      deps.sessions.forgetUser(c.req.valid("param").id);
      return c.json(team, 200);
    })
    .openapi(acceptRoute, async (c) =>
      c.json(
        await acceptInvitation(db, c.var.user, c.var.session.id, c.req.valid("json").token),
        200,
      ),
    )
    .openapi(listMembershipsRoute, async (c) =>
      c.json(await listMemberships(db, c.var.user.id, c.var.accountId), 200),
    )
    .openapi(switchRoute, async (c) =>
      c.json(
        await switchAccount(db, c.var.user.id, c.var.session.id, c.req.valid("json").accountId),
        200,
      ),
    );
}

const previewRoute = createRoute({
  method: "post",
  path: "/invitations/preview",
  tags,
  summary:
    "Was eine Einladung anbietet (öffentlich: die Seite des Links zeigt es vor der Anmeldung)",
  request: jsonBody(acceptInvitationBodySchema),
  responses: {
    200: jsonResponse(invitationPreviewSchema, "Konto, Rolle und Adresse der Einladung"),
    400: invalidResponse,
    404: errorResponse("Unbekannte, verwendete oder zurückgezogene Einladung"),
    409: errorResponse("Abgelaufen (INVITATION_EXPIRED)"),
  },
});

/** Public: the invitation page asks before anyone signed in. */
export function createInvitationPreviewRoutes(db: Db) {
  return createRouter().openapi(previewRoute, async (c) =>
    c.json(await previewInvitation(db, c.req.valid("json").token), 200),
  );
}
