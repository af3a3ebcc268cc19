import type { AppConfig } from "./config.server";
import { createAuth, type Auth } from "./auth/auth.server";
import { ensureInitialAdmin } from "./auth/admins.server";
import { connectDatabase, type Database } from "./db/database.server";
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from "./db/embedded-postgres.server";
import { runMigrations } from "./db/migrate.server";
import { emailSender, type SendEmail } from "./email/send-email.server";
import { seedDatabase } from "./seed/seed.server";
import path from "node:path";

export type Services = {
  config: AppConfig;
  db: Database;
  auth: Auth;
  sendEmail: SendEmail;
  close: () => Promise<void>;
};

export type StartOptions = {
  /**
   * Command-line tools: use the embedded PostgreSQL of an app already running on this DATA_DIR
   * instead of starting one (which would stop the app's).
   */
  joinRunningDatabase?: boolean;
};

/**
 * Everything the app needs before it takes requests: the database (embedded when DATABASE_URL is
 * unset), the committed migrations, the first-start seed, Better Auth and the ADMIN_EMAIL admin.
 */
export async function startServices(config: AppConfig, options: StartOptions = {}): Promise<Services> {
  const directory = path.join(config.dataDir, "postgres");
  const running = !config.databaseUrl && options.joinRunningDatabase ? runningEmbeddedPostgresUrl(directory) : null;
  const embedded = config.databaseUrl || running ? null : await startEmbeddedPostgres(directory);
  const url = config.databaseUrl ?? running ?? embedded!.url;
  const { db, pool } = connectDatabase(url);
  let auth: Auth;
  try {
    await runMigrations(pool);
    const { seeded } = await seedDatabase(db, config.mediaDir);
    if (seeded) console.log("[seed] demo catalogue created");
    auth = createAuth(db, config);
    if (config.initialAdmin) await ensureInitialAdmin(auth, db, config.initialAdmin);
  } catch (error) {
    await pool.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
  return {
    config,
    db,
    auth,
    sendEmail: emailSender(config),
    close: async () => {
      await pool.end().catch(() => {});
      await embedded?.stop();
    },
  };
}
