// Runs a command of the compiled server (building it first if its sources changed):
//   node scripts/server-command.mjs backup <file>     (npm run backup -- <file>)
//   node scripts/server-command.mjs restore <file>    (npm run restore -- <file>)
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild, SERVER_DIST } from "./build.mjs";

const [command, ...args] = process.argv.slice(2);
const entry = path.join(SERVER_DIST, `${command}.js`);
if (!command || !["backup", "restore"].includes(command)) {
  console.error("Aufruf: node scripts/server-command.mjs backup|restore <Datei>");
  process.exit(1);
}
try {
  await ensureBuild("server");
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
if (!fs.existsSync(entry)) {
  console.error(`${entry} fehlt nach dem Build.`);
  process.exit(1);
}
process.setSourceMapsEnabled(true);
// The command reads its arguments as if it had been started directly.
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
