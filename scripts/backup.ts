// `npm run backup [-- FILE]`: the whole shop (database, images, session secret) in one .tar.gz, by
// default ./erick-backup-<date>.tar.gz. `npm run backup -- --dir D [--keep N]` writes the dated file
// into D and then deletes all but the newest N dated backups there (the nightly timer's form, see
// deploy/). Reaches the database as the app does (DATABASE_URL, or the embedded one in DATA_DIR,
// joining it when the shop is running). See app/server/ops/backup.server.ts (the file: backup-format.server.ts).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createBackup } from "~/server/ops/backup.server";
import { shopFiles } from "~/server/ops/shop-data.server";
import { datedBackupName, pruneDatedBackups } from "~/server/ops/backup-files.server";
import { runOnShopDatabase } from "~/server/ops/shop-database-command.server";

const USAGE = "uso: npm run backup [-- ARQUIVO.tar.gz]  ou  npm run backup -- --dir PASTA [--keep N]";

function readArguments(): { file: string; keep: number | null } {
  let args;
  try {
    args = parseArgs({ allowPositionals: true, options: { dir: { type: "string" }, keep: { type: "string" } } });
  } catch {
    return usageError();
  }
  const { positionals, values } = args;
  if (positionals.length > 1 || (values.dir !== undefined && positionals.length > 0)) return usageError();
  if (values.keep !== undefined && values.dir === undefined) return usageError("--keep só vale com --dir.");
  const keep = values.keep === undefined ? null : Number(values.keep);
  if (keep !== null && !(Number.isInteger(keep) && keep >= 1)) return usageError("--keep precisa ser um número inteiro a partir de 1.");
  const name = datedBackupName(new Date());
  if (values.dir !== undefined) {
    fs.mkdirSync(values.dir, { recursive: true, mode: 0o700 });
    return { file: path.resolve(values.dir, name), keep };
  }
  return { file: path.resolve(positionals[0] ?? name), keep: null };
}

function usageError(problem?: string): never {
  if (problem) console.error(problem);
  console.error(USAGE);
  process.exit(2);
}

const { file, keep } = readArguments();

const code = await runOnShopDatabase("backup", async (config, database) => {
  const started = performance.now();
  const manifest = await createBackup(database.pool, shopFiles(config), file);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Backup gravado em ${file}`);
  console.log(
    `  ${database.description}: ${manifest.tables.length} tabelas, ${rows} linhas; ${manifest.media.files} imagens ` +
      `(${(manifest.media.bytes / 1024 / 1024).toFixed(1)} MB)${manifest.authSecret ? "; segredo de sessão" : ""}; ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (keep !== null) {
    const removed = pruneDatedBackups(path.dirname(file), keep);
    console.log(`  mantidos os ${keep} backups mais recentes; apagados: ${removed.length === 0 ? "nenhum" : removed.join(", ")}`);
  }
});
process.exit(code);
