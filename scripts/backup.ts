// `npm run backup [-- FILE]`: the whole shop (database, images, session secret) in one .tar.gz, by
// default ./erick-backup-<date>.tar.gz. Reaches the database as the app does (DATABASE_URL, or the
// embedded one in DATA_DIR, joining it when the shop is running). See scripts/ops/backup.ts.
import path from "node:path";
import { createBackup, shopFiles } from "./ops/backup";
import { runOnShopDatabase } from "./ops/shop-database-command";

const [output, ...extra] = process.argv.slice(2);
if (extra.length > 0 || output?.startsWith("-")) {
  console.error("uso: npm run backup [-- ARQUIVO.tar.gz]");
  process.exit(2);
}

await runOnShopDatabase("backup", async (config, database) => {
  const file = path.resolve(output ?? `erick-backup-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`);
  const started = performance.now();
  const manifest = await createBackup(database.pool, shopFiles(config), file);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Backup gravado em ${file}`);
  console.log(
    `  ${database.description}: ${manifest.tables.length} tabelas, ${rows} linhas; ${manifest.media.files} imagens ` +
      `(${(manifest.media.bytes / 1024 / 1024).toFixed(1)} MB)${manifest.authSecret ? "; segredo de sessão" : ""}; ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});
