// Vitest global setup: one PostgreSQL for the whole run, with a template database that is migrated
// and seeded once. Each test file then clones its own database from the template
// (see ./test-database.ts), which takes a few milliseconds and keeps files independent.
//
// DATABASE_URL unset: an embedded PostgreSQL is started in a fresh directory under os.tmpdir() and
// removed at the end. DATABASE_URL set: that server is used (its role needs CREATEDB); only databases
// this run created, all named `erick_test_<run id>...`, are dropped at the end.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { connectDatabase } from "~/server/db/database.server";
import { startEmbeddedPostgres, type EmbeddedServer } from "~/server/db/embedded-postgres.server";
import { runMigrations } from "~/server/db/migrate.server";
import { seedDatabase } from "~/server/seed/seed.server";
import { directoryMediaStorage } from "~/server/media/media-storage.server";
import { databaseUrl, withClient } from "./pg-admin";

export type TestDatabaseContext = {
  /** A URL on which the test role may CREATE and DROP databases (not the template itself). */
  adminUrl: string;
  /** Name of the migrated and seeded template database. */
  template: string;
  /** Media files written by the seed; the template's `media` rows point at these. */
  mediaDir: string;
  /** Scratch directory of this run, removed at the end. */
  tempDir: string;
};

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseContext;
  }
}

export default async function setup(project: TestProject) {
  const startedAt = Date.now();
  const debug = (message: string) => {
    if (process.env.TEST_DB_DEBUG) console.log(`[test-db] ${message} (${Date.now() - startedAt} ms)`);
  };
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "erick-vitest-"));
  // mkdtemp makes it 0700; when the tests run as root, PostgreSQL runs as the "postgres" user and must
  // be able to reach its directory inside.
  await fs.chmod(tempDir, 0o755);
  const mediaDir = path.join(tempDir, "template-media");
  const prefix = `erick_test_${randomBytes(4).toString("hex")}`;
  const template = `${prefix}_tpl`;
  const externalUrl = process.env.DATABASE_URL || undefined;

  let embedded: EmbeddedServer | null = null;
  let adminUrl: string;

  const teardown = async () => {
    try {
      if (externalUrl) {
        // Clones left behind by a crashed test file are dropped too; nothing else is touched.
        await withClient(adminUrl, async (client) => {
          const { rows } = await client.query<{ datname: string }>(
            "select datname from pg_database where datname like $1",
            [`${prefix}\\_%`],
          );
          for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
        });
      }
    } finally {
      await embedded?.stop().catch((error) => console.error("[test-db] stopping PostgreSQL:", error));
      await fs.rm(tempDir, { recursive: true, force: true });
    }
  };

  try {
    if (externalUrl) {
      adminUrl = externalUrl;
    } else {
      embedded = await startEmbeddedPostgres(path.join(tempDir, "postgres"));
      debug(`PostgreSQL started`);
      // The maintenance database, so the template ("erick" is free too, but keep it out of the way).
      adminUrl = databaseUrl(embedded.url, "postgres");
    }

    await withClient(adminUrl, (client) => client.query(`create database "${template}" template template0 encoding 'UTF8'`));
    const { db, pool } = connectDatabase(databaseUrl(adminUrl, template), { max: 2 });
    try {
      await runMigrations(pool);
      debug(`migrated`);
      await seedDatabase(db, directoryMediaStorage(mediaDir));
      debug(`seeded`);
    } finally {
      await pool.end();
    }
    // Nobody may connect to the template by mistake: CREATE DATABASE ... TEMPLATE refuses to copy a
    // database that has sessions on it.
    await withClient(adminUrl, (client) =>
      client.query(`alter database "${template}" with allow_connections false`),
    );
  } catch (error) {
    await teardown().catch(() => {});
    throw error;
  }

  project.provide("testDatabase", { adminUrl, template, mediaDir, tempDir });
  debug(`template ${template} ready`);
  return teardown;
}
