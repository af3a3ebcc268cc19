import type { AppConfig } from "./config.server";
import type { Database } from "./db/database.server";

/** What every loader and action receives: the database and the configuration. */
export type LoadContext = { db: Database; config: AppConfig };

declare module "react-router" {
  interface AppLoadContext extends LoadContext {}
}
