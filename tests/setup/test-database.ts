// Gives a test file its own database, cloned from the template that tests/setup/global-database.ts
// migrated and seeded (20 products, 4 shops, 6 store locations, settings), and its own copy of the
// seed's media files. Call it once per file (or per describe) and close it afterwards:
//
//   let t: TestDatabase;
//   beforeAll(async () => { t = await createTestDatabase(); });
//   afterAll(() => t.close());
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { inject } from "vitest";
import { connectDatabase, type Database } from "~/server/db/database.server";
import { MIGRATIONS_FOLDER, runMigrations } from "~/server/db/migrate.server";
import { stopEmailDelivery } from "~/server/email/email-queue.server";
import { directoryMediaStorage, type MediaStorage } from "~/server/media/media-storage.server";
import type pg from "pg";
import type {} from "./global-database";
import { databaseUrl, withClient } from "./pg-admin";

export type TestDatabase = {
  db: Database;
  pool: pg.Pool;
  /** Connection URL of this database (for code that connects by itself). */
  url: string;
  /** This database's media directory (a copy of the seed's images, or empty). */
  mediaDir: string;
  /** The same directory as the app's media storage (what storeImage, seedDatabase and saveProduct take). */
  media: MediaStorage;
  /** Closes the pool, drops the database and removes the media directory. */
  close: () => Promise<void>;
};

export type TestDatabaseOptions = {
  /**
   * false: an empty database with the migrations applied and nothing seeded (for seed and
   * migration tests). Default true: a clone of the seeded template.
   */
  seeded?: boolean;
  /**
   * With `seeded: false`: apply the migrations only up to this one (its tag, e.g. "0010_product_search"),
   * so a migration test can write rows as they were before the next one and then run it.
   */
  migratedUpTo?: string;
  /** Pool size; small by default since PostgreSQL is shared by all the test files of the run. */
  maxConnections?: number;
};

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const context = inject("testDatabase");
  if (!context) {
    throw new Error("createTestDatabase: no test database; run the tests with vitest.config.ts (its globalSetup).");
  }
  const seeded = options.seeded ?? true;
  const name = `${context.template.replace(/_tpl$/, "")}_${randomBytes(5).toString("hex")}`;
  const source = seeded ? `"${context.template}"` : "template0 encoding 'UTF8'";
  await withClient(context.adminUrl, (client) => client.query(`create database "${name}" template ${source}`));

  const mediaDir = path.join(context.tempDir, `media-${name}`);
  if (seeded) {
    await fs.cp(context.mediaDir, mediaDir, { recursive: true });
  } else {
    await fs.mkdir(mediaDir, { recursive: true });
  }

  const url = databaseUrl(context.adminUrl, name);
  const { db, pool } = connectDatabase(url, { max: options.maxConnections ?? 4 });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    // A test that placed an order started this database's e-mail loop: its round ends before the pool.
    await stopEmailDelivery(db);
    await pool.end().catch(() => {});
    await withClient(context.adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    await fs.rm(mediaDir, { recursive: true, force: true });
  };

  if (!seeded) {
    try {
      await runMigrations(pool, options.migratedUpTo ? await migrationsUpTo(context.tempDir, options.migratedUpTo) : MIGRATIONS_FOLDER);
    } catch (error) {
      await close();
      throw error;
    }
  }
  return { db, pool, url, mediaDir, media: directoryMediaStorage(mediaDir), close };
}

/** A copy of the migrations folder that ends with migration `tag` (its journal cut there). */
async function migrationsUpTo(tempDir: string, tag: string): Promise<string> {
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new Error(`no migration ${tag}`);
  const folder = path.join(tempDir, `migrations-${tag}-${randomBytes(4).toString("hex")}`);
  await fs.mkdir(path.join(folder, "meta"), { recursive: true });
  const entries = journal.entries.slice(0, last + 1);
  await Promise.all(entries.map((entry) => fs.copyFile(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`))));
  await fs.writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return folder;
}
