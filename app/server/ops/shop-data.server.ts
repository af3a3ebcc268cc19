// The shop's database and files as the backup and restore commands find them (DATA_DIR, DATABASE_URL, S3_BUCKET).
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import type { AppConfig } from "~/server/config.server";
import { connectDatabase } from "~/server/db/database.server";
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from "~/server/db/embedded-postgres.server";
import { mediaStorageOf } from "~/server/media/media-storage.server";
import { BackupError, type ShopFiles } from "./backup-format.server";

/**
 * The shop's files for `config`: DATA_DIR/media (or the bucket, with S3_BUCKET), and DATA_DIR/auth-secret
 * unless BETTER_AUTH_SECRET is set.
 */
export function shopFiles(config: AppConfig): ShopFiles {
  return {
    mediaDir: config.mediaDir,
    bucket: config.s3 ? mediaStorageOf(config) : null,
    authSecretFile: config.authSecret ? null : path.join(config.dataDir, "auth-secret"),
  };
}


/**
 * The shop's database as the app finds it (DATABASE_URL, else the embedded one in DATA_DIR). A backup
 * joins the embedded PostgreSQL of a running shop; a restore refuses to run under one (the shop would
 * keep serving what it read before), and starts the embedded server itself, creating it in an empty
 * DATA_DIR.
 */
export async function openShopDatabase(config: AppConfig, purpose: "backup" | "restore"): Promise<{ pool: pg.Pool; description: string; close: () => Promise<void> }> {
  if (config.databaseUrl) {
    const { pool } = connectDatabase(config.databaseUrl, { max: 2 });
    return { pool, description: "DATABASE_URL", close: () => pool.end() };
  }
  const directory = path.join(config.dataDir, "postgres");
  const running = runningEmbeddedPostgresUrl(directory);
  if (running && purpose === "restore") {
    throw new BackupError(`a loja está rodando com o banco de ${config.dataDir}: pare-a antes de restaurar`);
  }
  if (!running && purpose === "backup" && !fs.existsSync(path.join(directory, "cluster", "PG_VERSION"))) {
    throw new BackupError(`não há banco em ${directory}: confira DATA_DIR (ou DATABASE_URL)`);
  }
  const embedded = running ? null : await startEmbeddedPostgres(directory);
  const { pool } = connectDatabase(running ?? embedded!.url, { max: 2 });
  return {
    pool,
    description: `banco embutido em ${directory}`,
    close: async () => {
      await pool.end();
      await embedded?.stop();
    },
  };
}
