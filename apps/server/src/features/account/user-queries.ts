import type { Db } from "../../db/database.ts";

export function findUser(db: Db, userId: string) {
  return db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
}

export async function countSessions(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom("sessions").select((eb) => eb.fn.countAll<number>().as("n")).where("userId", "=", userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateUserNames(db: Db, userId: string, names: { firstName: string; lastName: string }): Promise<void> {
  await db
    .updateTable("users")
    .set({ ...names, name: `${names.firstName} ${names.lastName}`, updatedAt: new Date() })
    .where("id", "=", userId)
    .execute();
}
