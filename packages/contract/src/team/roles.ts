import { z } from "zod";

// Issue 29: the roles of a member of an account and what each may do. The server enforces
// these on every route (apps/server/src/http/route-permissions.ts); the web app shows only
// the actions the member's role allows. Decision 1170.

export const MEMBER_ROLES = ["owner", "admin", "billing_manager", "editor", "viewer"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
/** Roles an invitation or a role change can give: there is one owner per account. */
export const ASSIGNABLE_ROLES = ["admin", "billing_manager", "editor", "viewer"] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  owner: "Inhaber",
  admin: "Administrator",
  billing_manager: "Abrechnung",
  editor: "Bearbeiter",
  viewer: "Nur lesen",
};

export const MEMBER_ROLE_DESCRIPTIONS: Record<MemberRole, string> = {
  owner: "Alles, auch Abonnement und Löschen des Kontos.",
  admin: "Alles außer Abonnement und Löschen des Kontos.",
  billing_manager:
    "Abrechnungen erstellen, finalisieren, versenden und korrigieren; Stammdaten lesen.",
  editor: "Stammdaten, Zählerstände und Abrechnungsentwürfe; kein Finalisieren.",
  viewer: "Nur lesen.",
};

/**
 * The actions a route or a button needs. `create_tenant` and `create_billing_statement` are the
 * specification's names (docs/rules/accounts-and-plans.md#roles-and-features, docs/rules/statements.md#statement-permissions); the others are ours.
 */
export const PERMISSIONS = [
  "read",
  "edit_master_data",
  "create_tenant",
  "create_billing_statement",
  "change_statement_status",
  "finalize_statement",
  "send_statement",
  "correct_statement",
  "delete_statement",
  "manage_billing_data",
  "manage_members",
  "manage_api_keys",
  "export_account",
  "manage_subscription",
  "delete_account",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EVERYTHING_BUT_OWNERSHIP: readonly Permission[] = PERMISSIONS.filter(
  (p) => p !== "manage_subscription" && p !== "delete_account",
);

export const ROLE_PERMISSIONS: Record<MemberRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: EVERYTHING_BUT_OWNERSHIP,
  billing_manager: [
    "read",
    "create_billing_statement",
    "change_statement_status",
    "finalize_statement",
    "send_statement",
    "correct_statement",
    "delete_statement",
  ],
  editor: [
    "read",
    "edit_master_data",
    "create_tenant",
    "create_billing_statement",
    "change_statement_status",
  ],
  viewer: ["read"],
};

export function roleAllows(role: MemberRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * The status roles of docs/rules/statements.md#statuses (finalize: admin or billing_manager; calculated to
 * draft: admin) that a member's role holds. The owner holds both (docs/rules/statements.md#saved-runs).
 */
export function statusRolesOf(role: MemberRole): readonly ("admin" | "billing_manager")[] {
  if (role === "owner") return ["admin", "billing_manager"];
  if (role === "admin") return ["admin"];
  if (role === "billing_manager") return ["billing_manager"];
  return [];
}

/** Roles ordered by how much they may do: an API key carries its member's role or less. */
const ROLE_RANK: Record<MemberRole, number> = {
  owner: 4,
  admin: 3,
  billing_manager: 2,
  editor: 2,
  viewer: 1,
};

/** The weaker of two roles; billing_manager and editor are not comparable, so they meet as viewer. */
export function weakerRole(a: MemberRole, b: MemberRole): MemberRole {
  if (a === b) return a;
  if (ROLE_RANK[a] === ROLE_RANK[b]) return "viewer";
  const [low, high] = ROLE_RANK[a] < ROLE_RANK[b] ? [a, b] : [b, a];
  return ROLE_PERMISSIONS[low].every((p) => ROLE_PERMISSIONS[high].includes(p)) ? low : "viewer";
}

export const TEAM_MESSAGES = {
  forbidden:
    "Ihre Rolle erlaubt diese Aktion nicht. Bitte wenden Sie sich an den Inhaber des Kontos.",
  notMember: "Sie gehören diesem Konto nicht (mehr) an.",
  invitationInvalid: "Diese Einladung ist ungültig oder wurde bereits verwendet.",
  invitationExpired: "Diese Einladung ist abgelaufen. Bitten Sie um eine neue Einladung.",
  invitationOtherEmail:
    "Diese Einladung gilt für eine andere E-Mail-Adresse. Melden Sie sich mit der eingeladenen Adresse an.",
  alreadyMember: "Diese Person gehört dem Konto bereits an.",
  ownerFixed: "Der Inhaber des Kontos kann nicht geändert oder entfernt werden.",
  adminOnlyByOwner: "Nur der Inhaber kann Administratoren ernennen, ändern oder entfernen.",
  memberNotFound: "Mitglied nicht gefunden.",
  invitationNotFound: "Einladung nicht gefunden.",
  selfChange: "Die eigene Rolle kann nicht geändert werden; entfernen kann Sie nur der Inhaber.",
} as const;

export const roleSchema = z.enum(MEMBER_ROLES);
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, {
  error: "Bitte wählen Sie eine Rolle.",
});

/**
 * Whether a member may take a statement to `to` by the normal route (no force): the role must
 * change statuses at all, hold the transition's status roles (docs/rules/statements.md#statuses) and, for
 * sending and archiving, send letters. The web app offers only these; the server checks again.
 */
export function roleMayMoveStatement(
  role: MemberRole,
  neededStatusRoles: readonly ("admin" | "billing_manager")[] | null,
  to: string,
): boolean {
  if (!roleAllows(role, "change_statement_status")) return false;
  if ((to === "sent" || to === "archived") && !roleAllows(role, "send_statement")) return false;
  if (to === "finalized" && !roleAllows(role, "finalize_statement")) return false;
  const held = statusRolesOf(role);
  return neededStatusRoles === null || neededStatusRoles.some((r) => held.includes(r));
}
