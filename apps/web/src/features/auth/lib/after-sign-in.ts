import { invitationTokenSchema } from "@nk/contract";

/** The query parameter that carries an invitation through sign-in and sign-up (issue 29). */
export const INVITATION_PARAM = "einladung";

/** The invitation page of a valid-looking token, else null (never an outside address). */
function readInvitationReturnPath(searchParams: URLSearchParams): string | null {
  const token = searchParams.get(INVITATION_PARAM);
  if (!token || !invitationTokenSchema.safeParse(token).success) return null;
  return `/einladung?token=${token}`;
}

/** Where sign-in and sign-up continue: the invitation that sent the user here, else the dashboard. */
export function readAfterSignInPath(searchParams: URLSearchParams): string {
  return readInvitationReturnPath(searchParams) ?? "/dashboard";
}
