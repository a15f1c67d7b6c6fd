import type { Db } from "../../db/database.ts";

export async function insertContactRequest(
  db: Db,
  values: { name: string; email: string; subject: string; message: string },
): Promise<string> {
  const row = await db
    .insertInto("contactRequests")
    .values(values)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
