import type { Auth } from "./auth/auth.server";
import type { CategoryNewestCache } from "./catalog/category-newest-cache.server";
import type { AppConfig } from "./config.server";
import type { Database } from "./db/database.server";
import type { EmailOutbox } from "./email/email-queue.server";
import type { RequestLogFields } from "./log/logger.server";
import type { GroupDataCache } from "./read-models/storefront-shell.server";

/** What every loader and action receives: the database, the configuration, Better Auth and the e-mail outbox. */
export type LoadContext = {
  db: Database;
  config: AppConfig;
  auth: Auth;
  /** Queues e-mails; each process's delivery loop sends them by SMTP, or to the outbox folder without SMTP_URL (app/server/email). */
  emails: EmailOutbox;
  /** This response's Content-Security-Policy nonce, stamped on every script React Router renders. */
  cspNonce: string;
  /** The storefront shell's group data between requests (production server only; see GroupDataCache). */
  groupDataCache?: GroupDataCache;
  /** Each category's newest products between requests, for the product pages' related products (production server only). */
  categoryNewestCache?: CategoryNewestCache;
  /** This request's log line (server/request-log.ts): its id, and the user once a guard knows them. */
  requestLog?: RequestLogFields;
};

declare module "react-router" {
  interface AppLoadContext extends LoadContext {}
}
