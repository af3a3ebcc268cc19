import type { Auth } from "./auth/auth.server";
import type { AppConfig } from "./config.server";
import type { Database } from "./db/database.server";

/** What every loader and action receives: the database, the configuration and Better Auth. */
export type LoadContext = { db: Database; config: AppConfig; auth: Auth };

declare module "react-router" {
  interface AppLoadContext extends LoadContext {}
}
