// `npm run backup -- <file>`: a consistent backup of the embedded data folder (DATA_DIR), also
// while the app runs. docs/operations.md 'Backups'.
import { backupDataDir } from "../ops/backup-data-dir.ts";
import { runDataDirCommand } from "./data-dir-command.ts";

await runDataDirCommand("backup", async ({ dataDir, file }) => {
  const result = await backupDataDir({ dataDir, target: file });
  const how = result.mode === "running" ? "vom laufenden Server" : "bei gestopptem Server";
  return `Sicherung von ${dataDir} ${how} geschrieben: ${file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB).`;
});
