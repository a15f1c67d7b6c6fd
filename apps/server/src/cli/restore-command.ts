// `npm run restore -- <file>`: restores a backup into an empty data folder (DATA_DIR).
// docs/operations.md 'Backups'.
import { restoreDataDir } from "../ops/restore-data-dir.ts";
import { runDataDirCommand } from "./data-dir-command.ts";

await runDataDirCommand("restore", async ({ dataDir, file }) => {
  const manifest = await restoreDataDir({ dataDir, file });
  return `Sicherung vom ${manifest.createdAt} (Version ${manifest.appVersion}) in ${dataDir} wiederhergestellt. Starten Sie die App mit diesem DATA_DIR.`;
});
