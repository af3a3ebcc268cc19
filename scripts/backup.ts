// `npm run backup [-- FILE]`: the whole shop (database, images, session secret) in one .tar.gz, by
// default ./erick-backup-<date>.tar.gz. Reaches the database as the app does (DATABASE_URL, or the
// embedded one in DATA_DIR, joining it when the shop is running). See app/server/backup.server.ts.
import path from "node:path";
import { BackupError, createBackup, openShopDatabase, shopFiles } from "~/server/backup.server";
import { ConfigError, loadConfig } from "~/server/config.server";

const [output, ...extra] = process.argv.slice(2);
if (extra.length > 0 || output?.startsWith("-")) {
  console.error("uso: npm run backup [-- ARQUIVO.tar.gz]");
  process.exit(2);
}

let code = 1;
try {
  const config = loadConfig();
  const file = path.resolve(output ?? `erick-backup-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`);
  const database = await openShopDatabase(config, "backup");
  try {
    const started = performance.now();
    const manifest = await createBackup(database.pool, shopFiles(config), file);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Backup gravado em ${file}`);
    console.log(
      `  ${database.description}: ${manifest.tables.length} tabelas, ${rows} linhas; ${manifest.media.files} imagens ` +
        `(${(manifest.media.bytes / 1024 / 1024).toFixed(1)} MB)${manifest.authSecret ? "; segredo de sessão" : ""}; ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    code = 0;
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
  else console.error(error);
}
process.exit(code);
