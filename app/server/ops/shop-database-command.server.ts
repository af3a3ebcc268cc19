// What `npm run backup` and `npm run restore` share: the shop's configuration and database, reached as
// the app reaches them (see openShopDatabase in ./shop-data.server.ts) and closed after the work,
// and how the command ends: exit code 0 once the work is done, else 1 with what went wrong.
import { BackupError } from "./backup-format.server";
import { openShopDatabase } from "./shop-data.server";
import type { AppConfig } from "~/server/config.server";
import { loadScriptConfig } from "./script-config.server";

type ShopDatabase = Awaited<ReturnType<typeof openShopDatabase>>;

/** Returns the command's exit code; the command-line wrapper exits with it. */
export async function runOnShopDatabase(purpose: "backup" | "restore", work: (config: AppConfig, database: ShopDatabase) => Promise<void>): Promise<number> {
  let code = 1;
  try {
    // A configuration problem ends the command here, with its message (./script-config.server.ts).
    const config = loadScriptConfig();
    const database = await openShopDatabase(config, purpose);
    try {
      await work(config, database);
      code = 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    // Its message is written for the person at the terminal; anything else is a bug.
    if (error instanceof BackupError) console.error(error.message);
    else console.error(error);
  }
  return code;
}
