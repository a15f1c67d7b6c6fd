import type { NotificationSettings } from "@nk/contract";
import type { Db } from "../../db/database.ts";

export function findNotificationSettings(db: Db, userId: string) {
  return db
    .selectFrom("notificationSettings")
    .select(["emailBilling", "emailSystem", "emailMarketing"])
    .where("userId", "=", userId)
    .executeTakeFirst();
}

export async function upsertNotificationSettings(
  db: Db,
  userId: string,
  values: NotificationSettings,
): Promise<void> {
  await db
    .insertInto("notificationSettings")
    .values({ userId, ...values, updatedAt: new Date() })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ ...values, updatedAt: new Date() }))
    .execute();
}
