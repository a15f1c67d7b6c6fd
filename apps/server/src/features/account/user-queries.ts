import type { Db } from "../../db/database.ts";

export function findUser(db: Db, userId: string) {
  return db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
}

export async function updateUserNames(
  db: Db,
  userId: string,
  names: { firstName: string; lastName: string },
): Promise<void> {
  await db
    .updateTable("users")
    .set({ ...names, name: `${names.firstName} ${names.lastName}`, updatedAt: new Date() })
    .where("id", "=", userId)
    .execute();
}
