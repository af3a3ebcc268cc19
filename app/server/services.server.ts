import type { AppConfig } from "./config.server";
import { createAuth, type Auth } from "./auth/auth.server";
import { ensureInitialAdmin } from "./auth/admins.server";
import { connectDatabase, type Database } from "./db/database.server";
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from "./db/embedded-postgres.server";
import { runMigrations } from "./db/migrate.server";
import { emailOutbox, stopEmailDelivery, type EmailOutbox } from "./email/email-queue.server";
import { startPushDelivery, stopPushDelivery } from "./notifications/push-queue.server";
import { startOrderEmailDelivery, stopOrderEmailDelivery } from "./orders/order-notifications.server";
import { startWhatsAppDelivery, stopWhatsAppDelivery } from "./orders/whatsapp-messages.server";
import { startWhatsAppInbox, stopWhatsAppInbox } from "./orders/whatsapp-webhook.server";
import { chargesSettled, startPixWork } from "./payments/order-payment.server";
import { startHoldExpiry } from "./orders/order-holds.server";
import { startFiscalWork } from "./fiscal/fiscal-documents.server";
import { fiscalStorageOf } from "./fiscal/fiscal-archive.server";
import { registerShopPixWebhook } from "./payments/pix-webhook.server";
import { loadOrCreateVapidKeys } from "./notifications/vapid-keys.server";
import { webPushTransport } from "./notifications/web-push.server";
import { seedDatabase } from "./seed/seed.server";
import { countDemoProducts } from "./catalog/demo-products.server";
import { ensureMediaStorageReachable, mediaStorageOf } from "./media/media-storage.server";
import path from "node:path";
import { eq } from "drizzle-orm";
import { users } from "#database/schema";
import { isPlaceholderWhatsApp, PLACEHOLDER_WHATSAPP } from "~/lib/orders/whatsapp";
import { log, warnActionItem } from "./log/logger.server";
import { getSettings } from "./group/settings.server";
import { readStoredOrigin, recordFirstStartOrigin } from "./group/public-origin.server";

export type Services = {
  config: AppConfig;
  db: Database;
  auth: Auth;
  emails: EmailOutbox;
  close: () => Promise<void>;
};

export type StartOptions = {
  /**
   * Command-line tools: use the embedded PostgreSQL of an app already running on this DATA_DIR
   * instead of starting one (which would stop the app's).
   */
  joinRunningDatabase?: boolean;
  /**
   * false: leave out the owner's to-do list (no admin yet, example WhatsApp, PUBLIC_URL): a tool such
   * as `npm run admin -- create` must not tell the owner to run itself.
   */
  sayWhatIsMissing?: boolean;
};

export type PreparedDatabase = {
  /** Where the app's processes connect. */
  url: string;
  /** Stops the embedded PostgreSQL when this process started it; nothing otherwise. */
  close: () => Promise<void>;
};

/**
 * The database ready for the app, done once however many processes serve it: PostgreSQL (embedded
 * when DATABASE_URL is unset), the committed migrations, the first-start seed, the session secret
 * and the push keys (generated on the first start, see createAuth and loadOrCreateVapidKeys) and the
 * ADMIN_EMAIL admin.
 */
export async function prepareDatabase(config: AppConfig, options: StartOptions = {}): Promise<PreparedDatabase> {
  const directory = path.join(config.dataDir, "postgres");
  const running = !config.databaseUrl && options.joinRunningDatabase ? runningEmbeddedPostgresUrl(directory) : null;
  // Supervised: a PostgreSQL that dies under the running shop is started again (with DATABASE_URL the
  // database is someone else's to run, and the pools only reconnect).
  const embedded = config.databaseUrl || running ? null : await startEmbeddedPostgres(directory, { supervise: true });
  const url = config.databaseUrl ?? running ?? embedded!.url;
  const { db, pool } = connectDatabase(url);
  try {
    await runMigrations(pool);
    if (config.s3) await ensureMediaStorageReachable(mediaStorageOf(config));
    const { seeded } = await seedDatabase(db, mediaStorageOf(config));
    if (seeded) log.info("demo catalogue created");
    const auth = createAuth(db, config);
    // Made here, once, before the processes that send pushes read it.
    loadOrCreateVapidKeys(config);
    if (config.initialAdmin) await ensureInitialAdmin(auth, db, config.initialAdmin);
    await recordFirstStartOrigin(db, config);
    // Once per start, by the primary: the provider learns where to announce payments (never throws).
    await registerShopPixWebhook(db, config);
    if (options.sayWhatIsMissing !== false) await sayWhatIsMissing(db, config);
  } catch (error) {
    await embedded?.stop().catch(() => {});
    throw error;
  } finally {
    await pool.end().catch(() => {});
  }
  return {
    url,
    close: async () => {
      await embedded?.stop();
    },
  };
}

/** What a process serving requests needs, on a database `prepareDatabase` made ready: the pool, Better Auth, the e-mail outbox and the staff push loop, whose delivery loops start now (what an earlier run left queued goes out). */
export function connectServices(config: AppConfig, url: string): Services {
  const { db, pool } = connectDatabase(url);
  const emails = emailOutbox(db, config);
  emails.deliverSoon();
  startPushDelivery(db, webPushTransport(loadOrCreateVapidKeys(config)));
  startOrderEmailDelivery({ db, emails, config });
  // The shoppers' WhatsApp messages and Meta's calls about them, when WhatsApp is set up: leased, once per order and status.
  startWhatsAppDelivery({ db, config });
  if (config.whatsapp) startWhatsAppInbox(db);
  // Pix charges queued by the checkout are made, open ones read again (a lost webhook), unfinished refunds read back: leased, one process per row.
  const pixWork = startPixWork({ db, config });
  // Shoppers' orders nobody confirmed or paid in time are cancelled and their units given back: row-locked, once.
  const holdExpiry = startHoldExpiry(db);
  // Fiscal notes queued with sales are issued after their commit, retried with backoff: leased, once per order.
  const fiscalWork = config.fiscal ? startFiscalWork(db, config.fiscal, fiscalStorageOf(config)) : null;
  return {
    config,
    db,
    auth: createAuth(db, config),
    emails,
    close: async () => {
      await stopEmailDelivery(db);
      await stopPushDelivery(db);
      await stopOrderEmailDelivery(db);
      await stopWhatsAppDelivery(db);
      await stopWhatsAppInbox(db);
      await pixWork?.stop();
      await holdExpiry.stop();
      await fiscalWork?.stop();
      await chargesSettled();
      await pool.end().catch(() => {});
    },
  };
}

/** Both in one process (a one-process server, scripts and tests): `close` also stops the embedded PostgreSQL. */
export async function startServices(config: AppConfig, options: StartOptions = {}): Promise<Services> {
  const database = await prepareDatabase(config, options);
  const services = connectServices(config, database.url);
  return {
    ...services,
    close: async () => {
      await services.close();
      await database.close();
    },
  };
}

/**
 * What a new owner must do before the shop is theirs, said at every start until it is done: without
 * an admin nobody can open /admin, and with the example WhatsApp number orders go nowhere.
 */
async function sayWhatIsMissing(db: Database, config: AppConfig) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  if (!admin) {
    warnActionItem(
      "Ainda não há conta de administrador: crie uma com `npm run admin -- create voce@exemplo.com` (ou defina ADMIN_EMAIL e ADMIN_PASSWORD) e entre em /login para abrir /admin.",
    );
  }
  const settings = await getSettings(db);
  if (isPlaceholderWhatsApp(settings.storeWhatsApp)) {
    warnActionItem(
      `O WhatsApp da loja ainda é o número de exemplo (${PLACEHOLDER_WHATSAPP}): os pedidos enviados pelo WhatsApp não chegam a ninguém. Informe o número real em /admin/configuracoes.`,
    );
  }
  const demoProducts = await countDemoProducts(db);
  if (demoProducts > 0) {
    warnActionItem(
      `A loja ainda tem ${demoProducts === 1 ? "1 produto de demonstração" : `${demoProducts} produtos de demonstração`} (inventados, com estoque inventado) à venda. ` +
        "Remova-os no painel (/admin, “Remover produtos de demonstração”) antes de abrir a loja.",
    );
  }
  if (config.trustProxy === true) {
    // Express then believes the leftmost X-Forwarded-For address of every request: a client reaching
    // the app directly picks its own address and walks past every limit counted per address.
    warnActionItem(
      "TRUST_PROXY=true faz a loja acreditar no X-Forwarded-For de qualquer um: quem alcança a loja sem passar pelo proxy escolhe o próprio endereço e escapa dos limites por endereço (pedidos, login, consultas de entrega). " +
        "Use o número de proxies na frente da loja (ex.: TRUST_PROXY=1) ou os endereços deles (ex.: TRUST_PROXY=loopback com o Caddy na mesma máquina); docs/deploy.md explica.",
    );
  }
  // The owner's confirmed address is the public origin (README, PUBLIC_URL): nothing left to do then.
  if (config.production && !config.publicUrl) {
    const stored = await readStoredOrigin(db);
    if (stored?.source !== "owner") {
      warnActionItem(
        `PUBLIC_URL não está definido e nenhum endereço público foi confirmado: os links do sitemap e das prévias de compartilhamento usam ${stored?.origin ?? "o endereço desta máquina"}, ` +
          "e os e-mails de redefinição de senha não são enviados (um link com um endereço adivinhado poderia entregar o código a outra pessoa). " +
          "Defina PUBLIC_URL com o endereço público da loja (ex.: PUBLIC_URL=https://loja.exemplo.com.br) ou confirme-o em /admin/configuracoes.",
      );
    }
  }
}
