import type { AppConfig } from "./config.server";
import { connectDatabase, type Database } from "./db/database.server";
import { startEmbeddedPostgres } from "./db/embedded-postgres.server";
import { runMigrations } from "./db/migrate.server";
import { seedDatabase } from "./seed/seed.server";
import path from "node:path";

export type Services = {
  config: AppConfig;
  db: Database;
  close: () => Promise<void>;
};

/**
 * Everything the app needs before it takes requests: the database (embedded when DATABASE_URL is
 * unset), the committed migrations, and the first-start seed.
 */
export async function startServices(config: AppConfig): Promise<Services> {
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(path.join(config.dataDir, "postgres"));
  const url = config.databaseUrl ?? embedded!.url;
  const { db, pool } = connectDatabase(url);
  try {
    await runMigrations(pool);
    const { seeded } = await seedDatabase(db, config.mediaDir);
    if (seeded) console.log("[seed] demo catalogue created");
  } catch (error) {
    await pool.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
  return {
    config,
    db,
    close: async () => {
      await pool.end().catch(() => {});
      await embedded?.stop();
    },
  };
}
