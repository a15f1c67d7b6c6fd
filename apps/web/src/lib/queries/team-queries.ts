import { useQuery } from "@tanstack/react-query";
import type { TeamResponse } from "@nk/contract";
import { apiGet } from "../api-client";
import { TEAM_KEY } from "./query-keys";

/**
 * GET /api/team: the members of the account and its open invitations (issue 29). Read by the
 * settings' team tab and the activity feed's member filter; the team actions of the settings put
 * the answer they get into this key.
 */
export function useTeam() {
  return useQuery({ queryKey: TEAM_KEY, queryFn: () => apiGet<TeamResponse>("/api/team") });
}
