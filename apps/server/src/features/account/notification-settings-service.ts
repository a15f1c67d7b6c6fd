import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import {
  findNotificationSettings,
  upsertNotificationSettings,
} from "./notification-settings-queries.ts";

/** The saved toggles, or the defaults of docs/rules/master-data.md#screens while none are saved. */
export async function loadNotificationSettings(
  db: Db,
  userId: string,
): Promise<NotificationSettings> {
  return (await findNotificationSettings(db, userId)) ?? DEFAULT_NOTIFICATION_SETTINGS;
}

export async function saveNotificationSettings(
  db: Db,
  userId: string,
  values: NotificationSettings,
): Promise<NotificationSettings> {
  await upsertNotificationSettings(db, userId, values);
  return loadNotificationSettings(db, userId);
}
