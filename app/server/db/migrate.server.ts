import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";

export const MIGRATIONS_FOLDER = path.resolve("database/migrations");
const MIGRATION_LOCK = 727_001;

/** Applies the committed SQL migrations; an advisory lock keeps several app instances from racing. */
export async function runMigrations(pool: pg.Pool, migrationsFolder = MIGRATIONS_FOLDER) {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
