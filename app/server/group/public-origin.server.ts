// The shop's public origin: the one way to get the scheme and host that every link the shop sends or
// publishes starts with (e-mails, sitemap, robots.txt, share tags, canonical links, WhatsApp texts).
// Never the Host of the request at hand: anyone can send `Host: evil.example`, and a link built from
// it would put a phishing address into the shop's own e-mails. In order of trust:
//   1. PUBLIC_URL, when set (production should set it; the start warns when it is missing);
//   2. the address an admin last signed in at, kept in the database (public_origin);
//   3. the first start's own address (http://localhost:PORT, or HOST), kept there until an admin signs in.
import { eq } from "drizzle-orm";
import { publicOrigin as publicOriginTable } from "#database/schema";
import type { AppConfig } from "../config.server";
import type { DatabaseOrTransaction } from "../db/database.server";

export type StoredOrigin = { origin: string; source: "start" | "admin-sign-in"; recordedAt: Date };

/** The public origin, given what the database holds (the storefront shell reads that through its cache). */
export function publicOriginFrom(config: Pick<AppConfig, "publicUrl" | "host" | "port">, stored: Pick<StoredOrigin, "origin"> | null): string {
  return config.publicUrl ?? stored?.origin ?? firstStartOrigin(config);
}

/** The shop's public origin, read now. */
export async function shopPublicOrigin({ db, config }: { db: DatabaseOrTransaction; config: Pick<AppConfig, "publicUrl" | "host" | "port"> }): Promise<string> {
  if (config.publicUrl) return config.publicUrl;
  return publicOriginFrom(config, await readStoredOrigin(db));
}

export async function readStoredOrigin(db: DatabaseOrTransaction): Promise<StoredOrigin | null> {
  const [row] = await db
    .select({ origin: publicOriginTable.origin, source: publicOriginTable.source, recordedAt: publicOriginTable.recordedAt })
    .from(publicOriginTable)
    .where(eq(publicOriginTable.id, 1));
  return row ? { ...row, source: row.source === "admin-sign-in" ? "admin-sign-in" : "start" } : null;
}

/** Where the shop answers on this machine as started: HOST (an address of it) or localhost, and PORT. */
function firstStartOrigin({ host, port }: Pick<AppConfig, "host" | "port">): string {
  const listening = !host || host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${listening}:${port}`;
}

/** On a start without PUBLIC_URL: keeps the first start's address until an admin signs in somewhere. */
export async function recordFirstStartOrigin(db: DatabaseOrTransaction, config: Pick<AppConfig, "publicUrl" | "host" | "port">): Promise<void> {
  if (config.publicUrl) return;
  await db.insert(publicOriginTable).values({ id: 1, origin: firstStartOrigin(config), source: "start" }).onConflictDoNothing();
}

/**
 * An admin signed in at `origin` (the address their browser used, as the app saw it): the shop is
 * reachable there, and a stranger cannot sign in as an admin to choose it. Kept only when it changes.
 */
export async function recordAdminSignInOrigin(db: DatabaseOrTransaction, config: Pick<AppConfig, "publicUrl">, origin: string): Promise<void> {
  if (config.publicUrl || !/^https?:\/\/[^/]+$/.test(origin)) return;
  const stored = await readStoredOrigin(db);
  if (stored?.origin === origin && stored.source === "admin-sign-in") return;
  await db
    .insert(publicOriginTable)
    .values({ id: 1, origin, source: "admin-sign-in" })
    .onConflictDoUpdate({ target: publicOriginTable.id, set: { origin, source: "admin-sign-in", recordedAt: new Date() } });
}
