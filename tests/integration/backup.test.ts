// `npm run backup` / `npm run restore`: a shop with orders, accounts, changed settings and images is
// written to one file and brought back, whole and identical, into a fresh database on the same server
// (as with DATABASE_URL) and into an empty DATA_DIR with the embedded PostgreSQL.
import { execFile, execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { orders, settings } from "#database/schema";
import { recordAdminChange } from "~/server/group/audit-log.server";
import { stopEmailDelivery } from "~/server/email/email-queue.server";
import { BackupError, type ShopFiles } from "~/server/ops/backup-format.server";
import { createBackup } from "~/server/ops/backup.server";
import { restoreBackup } from "~/server/ops/restore.server";
import { openShopDatabase, shopFiles } from "~/server/ops/shop-data.server";
import { listDatedBackups } from "~/server/ops/backup-files.server";
import { loadConfig } from "~/server/config.server";
import { connectDatabase } from "~/server/db/database.server";
import { insertOrder } from "../setup/order-fixtures";
import { databaseUrl, withClient } from "../setup/pg-admin";
import { createAuthContext, signUp } from "../setup/signed-in";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let source: TestDatabase;
let sourceFiles: ShopFiles;
let tempDir: string;
let backupFile: string;
let cleanUpAuth: () => Promise<void>;

beforeAll(async () => {
  source = await createTestDatabase();
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-backup-test-"));
  fs.chmodSync(tempDir, 0o755);
  const secretFile = path.join(tempDir, "auth-secret");
  fs.writeFileSync(secretFile, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600 });
  sourceFiles = { mediaDir: source.mediaDir, authSecretFile: secretFile };

  // What a shop in use has besides the seed: accounts (users, accounts, sessions), orders with their
  // items, settings an admin changed (with its audit log entry, a table that takes INSERTs only), and
  // an uploaded image in a subfolder.
  const auth = await createAuthContext(source);
  cleanUpAuth = auth.cleanUp;
  const shopper = await signUp(auth.context, { name: "Joana Restaurada" });
  await insertOrder(source.db, {
    createdAt: "2026-03-04T05:06:07.123Z",
    userId: shopper.id,
    status: "processing",
    items: [
      { productId: 1, name: "Sandália \"Aurora\"\nlinha 2", unitPriceCents: 12990, quantity: 2 },
      { productId: null, name: "Produto removido", unitPriceCents: null, quantity: 1 },
    ],
  });
  await insertOrder(source.db, { createdAt: "2026-05-06T07:08:09Z", items: [{ productId: 2, name: "Tênis", unitPriceCents: 19990, quantity: 1 }] });
  await source.db.update(settings).set({ data: sql`${settings.data} || '{"storeName": "Erick Backup", "deliveryFeeCents": 990}'::jsonb`, updatedBy: shopper.id });
  await recordAdminChange(source.db, { id: shopper.id, name: "Joana Restaurada", email: shopper.email }, {
    action: "settings.update",
    entityType: "settings",
    entityId: 1,
    entityLabel: "Configurações",
    before: { storeName: "Grupo Erick" },
    after: { storeName: "Erick Backup" },
  });
  fs.mkdirSync(path.join(source.mediaDir, "extra"), { recursive: true });
  fs.writeFileSync(path.join(source.mediaDir, "extra", "upload-640.webp"), randomBytes(4096));

  // The sign-up's confirmation e-mail is sent by a loop that marks the outbox row when it is done:
  // stopped (its round finished) first, so the backup and the rows compared with it are the same.
  await stopEmailDelivery(source.db);
  backupFile = path.join(tempDir, "loja.tar.gz");
  await createBackup(source.pool, sourceFiles, backupFile);
}, 60_000);

afterAll(async () => {
  await cleanUpAuth?.();
  await source?.close();
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
});

/** Every row of every table of the app, and every sequence position, as text to compare. */
async function databaseContents(pool: pg.Pool): Promise<Record<string, string[]>> {
  const client = await pool.connect();
  try {
    await client.query("set time zone 'UTC'");
    const { rows: tables } = await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
    const contents: Record<string, string[]> = {};
    for (const { name } of tables) {
      // The change counter's rows: a restore's loads fire the triggers that add them, so a restored
      // database counts more changes than the backup did (a restore is a change to the feeds' clients).
      if (name === "storefront_changes") continue;
      const { rows } = await client.query<{ row: string }>(`select row_to_json(t)::text as row from "${name}" t`);
      contents[name] = rows.map((row) => row.row).sort();
    }
    const { rows: sequences } = await client.query<{ name: string }>(`select sequencename as name from pg_sequences where schemaname = 'public' order by 1`);
    for (const { name } of sequences) {
      const { rows } = await client.query<{ state: string }>(`select last_value::text || '/' || is_called::text as state from "${name}"`);
      contents[`sequence ${name}`] = rows.map((row) => row.state);
    }
    const { rows: migrations } = await client.query<{ row: string }>(`select hash || ' ' || created_at::text as row from drizzle.__drizzle_migrations order by created_at`);
    contents["drizzle migrations"] = migrations.map((row) => row.row);
    return contents;
  } finally {
    client.release();
  }
}

/** Relative path → SHA-256 of every file under `directory`. */
function fileHashes(directory: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const entry of fs.readdirSync(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes[path.relative(directory, file)] = createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  }
  return hashes;
}

async function emptyDatabase(): Promise<{ pool: pg.Pool; drop: () => Promise<void> }> {
  const { adminUrl } = inject("testDatabase");
  const name = `erick_restore_${randomBytes(5).toString("hex")}`;
  await withClient(adminUrl, (client) => client.query(`create database "${name}" template template0 encoding 'UTF8'`));
  const { pool } = connectDatabase(databaseUrl(adminUrl, name), { max: 2 });
  return {
    pool,
    drop: async () => {
      await pool.end().catch(() => {});
      await withClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

describe("backup and restore", () => {
  it("writes one .tar.gz readable by the app's user only, with the database, the images and the session secret", () => {
    expect((fs.statSync(backupFile).mode & 0o777).toString(8)).toBe("600");
    const listing = execFileSync("tar", ["-tzf", backupFile], { encoding: "utf8" }).split("\n");
    expect(listing).toContain("backup.json");
    expect(listing).toContain("auth-secret");
    expect(listing).toContain("database/orders.jsonl");
    expect(listing).toContain("media/extra/upload-640.webp");
  });

  it("brings a fresh database and media directory back to identical orders, products, users, settings and images", async () => {
    const before = await databaseContents(source.pool);
    // The comparison below proves something only if the shop had all of these.
    for (const table of ["orders", "order_items", "products", "product_variants", "users", "accounts", "sessions", "settings", "media", "shops", "audit_log"]) {
      expect(before[table]?.length, table).toBeGreaterThan(0);
    }
    const target = await emptyDatabase();
    const restoredDir = path.join(tempDir, "fresh-install");
    const restoredFiles: ShopFiles = { mediaDir: path.join(restoredDir, "media"), authSecretFile: path.join(restoredDir, "auth-secret") };
    try {
      await restoreBackup(target.pool, restoredFiles, backupFile);
      expect(await databaseContents(target.pool)).toEqual(before);
      expect(fileHashes(restoredFiles.mediaDir)).toEqual(fileHashes(source.mediaDir));
      expect(fs.readFileSync(restoredFiles.authSecretFile!, "utf8")).toBe(fs.readFileSync(sourceFiles.authSecretFile!, "utf8"));
      // The restored shop goes on numbering where the old one stopped, not from 1.
      const { rows } = await target.pool.query<{ id: number }>(`insert into shops (slug, name, short_name, description, slogan, color) values ('nova', 'Nova', 'NOVA', '', '', '#000') returning id`);
      expect(rows[0]!.id).toBe(Math.max(...before.shops!.map((row) => (JSON.parse(row) as { id: number }).id)) + 1);
    } finally {
      await target.drop();
    }
  });

  it("restores into an empty DATA_DIR with the embedded PostgreSQL, from which a new backup holds the same", async () => {
    const dataDir = path.join(tempDir, "embedded-data");
    const config = loadConfig({ DATA_DIR: dataDir, PORT: "3999" });
    const restored = await openShopDatabase(config, "restore");
    try {
      await restoreBackup(restored.pool, shopFiles(config), backupFile);
      expect(await databaseContents(restored.pool)).toEqual(await databaseContents(source.pool));
    } finally {
      await restored.close();
    }
    expect(fileHashes(config.mediaDir)).toEqual(fileHashes(source.mediaDir));

    const again = await openShopDatabase(config, "backup");
    const secondFile = path.join(tempDir, "de-novo.tar.gz");
    try {
      const manifest = await createBackup(again.pool, shopFiles(config), secondFile);
      const first = JSON.parse(execFileSync("tar", ["-xzOf", backupFile, "backup.json"], { encoding: "utf8" })) as typeof manifest;
      // But the change counter's rows (see databaseContents).
      const comparable = (backup: typeof manifest) => ({
        ...backup,
        createdAt: "",
        tables: backup.tables.map((table) => (table.name === "storefront_changes" ? { ...table, rows: 0 } : table)),
      });
      expect(comparable(manifest)).toEqual(comparable(first));
    } finally {
      await again.close();
    }
  }, 60_000);

  it("refuses a database that already has data unless told to replace it, and then replaces it whole", async () => {
    const target = await createTestDatabase();
    const files: ShopFiles = { mediaDir: target.mediaDir, authSecretFile: null };
    try {
      const [order] = await source.db.select({ id: orders.id }).from(orders).limit(1);
      await target.db.delete(orders).where(eq(orders.id, order?.id ?? ""));
      // An audit entry, which no DELETE or TRUNCATE may remove: --replace has to get rid of it anyway.
      await recordAdminChange(target.db, { id: null, name: "Outra loja", email: "" }, { action: "order.status", entityType: "order", entityId: order?.id ?? "", entityLabel: "pedido", before: { status: "new" }, after: { status: "done" } });
      const untouched = await databaseContents(target.pool);

      const freshMedia: ShopFiles = { mediaDir: path.join(tempDir, "fresh-media", "media"), authSecretFile: null };
      await expect(restoreBackup(target.pool, freshMedia, backupFile)).rejects.toThrow(/banco de destino já tem dados/);
      expect(await databaseContents(target.pool)).toEqual(untouched);
      expect(fs.existsSync(freshMedia.mediaDir)).toBe(false);
      await expect(restoreBackup(target.pool, files, backupFile)).rejects.toThrow(/já tem \d+ arquivos/);

      await restoreBackup(target.pool, files, backupFile, { replace: true });
      expect(await databaseContents(target.pool)).toEqual(await databaseContents(source.pool));
      expect(fileHashes(files.mediaDir)).toEqual(fileHashes(source.mediaDir));
    } finally {
      await target.close();
    }
  }, 30_000);

  it("`npm run backup -- --dir D --keep 2` (the nightly timer's command) keeps the two newest, and the newest restores the latest orders", async () => {
    const dataDir = path.join(tempDir, "nightly-data");
    fs.mkdirSync(path.join(dataDir, "media"), { recursive: true });
    const backupsDir = path.join(tempDir, "nightly");
    const nightly = () =>
      promisify(execFile)(path.resolve("node_modules/.bin/tsx"), ["scripts/backup.ts", "--dir", backupsDir, "--keep", "2"], {
        env: { ...process.env, DATABASE_URL: source.url, DATA_DIR: dataDir, PORT: "3998" },
      });
    await nightly();
    await nightly();
    const latest = await insertOrder(source.db, { createdAt: new Date().toISOString(), items: [{ productId: 3, name: "Pedido da última noite", unitPriceCents: 5000, quantity: 1 }] });
    const { stdout } = await nightly();
    expect(stdout).toMatch(/mantidos os 2 backups mais recentes; apagados: erick-backup-/);

    const kept = listDatedBackups(backupsDir);
    expect(kept).toHaveLength(2);
    const target = await emptyDatabase();
    try {
      await restoreBackup(target.pool, { mediaDir: path.join(tempDir, "nightly-restored", "media"), authSecretFile: null }, path.join(backupsDir, kept[1]!));
      const { rows } = await target.pool.query<{ id: string }>(`select id from orders order by created_at`);
      expect(rows.map((row) => row.id)).toContain(latest.id);
      expect(rows).toHaveLength((await source.db.select({ id: orders.id }).from(orders)).length);
    } finally {
      await target.drop();
    }
  }, 60_000);

  it("refuses a file that is not a whole backup, leaving the database empty", async () => {
    const target = await emptyDatabase();
    const files: ShopFiles = { mediaDir: path.join(tempDir, "refused", "media"), authSecretFile: null };
    try {
      const truncated = path.join(tempDir, "cortado.tar.gz");
      fs.writeFileSync(truncated, fs.readFileSync(backupFile).subarray(0, 2000));
      await expect(restoreBackup(target.pool, files, truncated)).rejects.toThrow(BackupError);

      const foreign = path.join(tempDir, "outro.tar.gz");
      fs.mkdirSync(path.join(tempDir, "outro"));
      fs.writeFileSync(path.join(tempDir, "outro", "backup.json"), JSON.stringify({ format: "outra-coisa" }));
      execFileSync("tar", ["-czf", foreign, "-C", path.join(tempDir, "outro"), "backup.json"]);
      await expect(restoreBackup(target.pool, files, foreign)).rejects.toThrow(/não é um backup da loja/);

      const { rows } = await target.pool.query(`select 1 from pg_tables where schemaname = 'public'`);
      expect(rows).toHaveLength(0);
      expect(fs.existsSync(files.mediaDir)).toBe(false);
    } finally {
      await target.drop();
    }
  });
});
