import type { HouseTable, HouseTableBody } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { assertFeature } from "../account/subscription-change-service.ts";
import { readHouseTable } from "./house-table-reader.ts";
import { decodeImportBytes } from "./import-file-reader.ts";

// Reading a house table saves nothing: the grid shows the rows as its dry run and the grid's
// save (house-setup-service.ts) stays the one transaction. Plan feature bulkImportExport
// (decision 1402); the plan is checked before the file is read.

export async function readHouseTableFile(
  db: Db,
  accountId: string,
  body: HouseTableBody,
  maxBytes: number,
): Promise<HouseTable> {
  await assertFeature(db, accountId, "bulkImportExport");
  return readHouseTable(body.file.fileName, decodeImportBytes(body.file, maxBytes));
}
