// `npm run restore -- FILE [--replace]`: brings a fresh install (empty DATA_DIR, or a new database on
// DATABASE_URL) back to a backup made by `npm run backup`. Stop the shop first. Without --replace it
// refuses a database or media directory that already has data; with it, that data is deleted and
// replaced. See app/server/ops/restore.server.ts.
import path from "node:path";
import { parseArgs } from "node:util";
import { restoreBackup } from "~/server/ops/restore.server";
import { shopFiles } from "~/server/ops/shop-data.server";
import { runOnShopDatabase } from "~/server/ops/shop-database-command.server";

let args;
try {
  args = parseArgs({ allowPositionals: true, options: { replace: { type: "boolean", default: false } } });
} catch {
  args = null;
}
if (!args || args.positionals.length !== 1) {
  console.error("uso: npm run restore -- ARQUIVO.tar.gz [--replace]");
  process.exit(2);
}

const code = await runOnShopDatabase("restore", async (config, database) => {
  const file = path.resolve(args.positionals[0]!);
  const started = performance.now();
  const files = shopFiles(config);
  const manifest = await restoreBackup(database.pool, files, file, { replace: args.values.replace });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Restaurado o backup de ${manifest.createdAt} (${database.description}):`);
  console.log(
    `  ${manifest.tables.length} tabelas, ${rows} linhas; ${manifest.media.files} imagens em ${files.bucket?.description ?? config.mediaDir}` +
      `${manifest.authSecret ? "; segredo de sessão" : ""}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});
process.exit(code);
