import type { Auth } from "./auth/auth.server";
import type { AppConfig } from "./config.server";
import type { Database } from "./db/database.server";

/** What every loader and action receives: the database, the configuration and Better Auth. */
export type LoadContext = {
  db: Database;
  config: AppConfig;
  auth: Auth;
  /** This response's Content-Security-Policy nonce, stamped on every script React Router renders. */
  cspNonce: string;
};

declare module "react-router" {
  interface AppLoadContext extends LoadContext {}
}
