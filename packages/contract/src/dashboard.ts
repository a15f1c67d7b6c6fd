import { z } from "zod";
import { activitySchema } from "./activity.ts";

export const dashboardResponseSchema = z.object({
  counters: z.object({
    properties: z.number(),
    units: z.number(),
    activeTenants: z.number(),
    pendingStatements: z.number(),
  }),
  recentActivities: z.array(activitySchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** docs/rules/master-data.md#constants: the dashboard shows the 8 newest activities. */
export const DASHBOARD_RECENT_ACTIVITIES = 8;
