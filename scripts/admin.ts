// `npm run admin -- create|promote|demote EMAIL`: staff accounts from the command line. Connects like
// the app (DATABASE_URL, or the embedded database in DATA_DIR, joining it when the app is running).
import { startServices } from "~/server/services.server";
import { runAdminCommand } from "~/server/ops/admin-command.server";
import { loadScriptConfig } from "~/server/ops/script-config.server";

const config = loadScriptConfig();

const services = await startServices(config, { joinRunningDatabase: true, sayWhatIsMissing: false });
let code = 1;
try {
  code = await runAdminCommand(process.argv.slice(2), services, { log: console.log, error: console.error });
} finally {
  await services.close();
}
process.exit(code);
