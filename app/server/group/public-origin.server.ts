// The shop's public origin: the one way to get the scheme and host that every link the shop sends or
// publishes starts with (e-mails, sitemap, robots.txt, share tags, canonical links, WhatsApp texts).
// Never learnt from a request, whoever sends it: a Host or X-Forwarded-Host header is the client's to
// choose, and an address taken from one (even an admin's sign-in, which a link sent to the admin can
// point at any name) would put a phishing address into the shop's own password-reset e-mails. In
// order of trust:
//   1. PUBLIC_URL, when set (production should set it; the start warns when it is missing);
//   2. the address the owner typed, saw and confirmed in /admin/configuracoes (audited);
//   3. the first start's own address (http://localhost:PORT, or HOST): a guess, fine on a laptop, and
//      never used in production for a link that hands over a secret (trustedPublicOrigin).
import { eq } from "drizzle-orm";
import { publicOrigin as publicOriginTable } from "#database/schema";
import type { AppConfig } from "../config.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import type { PublicAddress } from "~/lib/group/public-origin.schema";
import { recordAdminChange, type AuditActor } from "./audit-log.server";

export type StoredOrigin = { origin: string; source: "start" | "owner"; recordedAt: Date };

type OriginConfig = Pick<AppConfig, "publicUrl" | "host" | "port">;

/** The public origin, given what the database holds (the storefront shell reads that through its cache). */
export function publicOriginFrom(config: OriginConfig, stored: Pick<StoredOrigin, "origin"> | null): string {
  return config.publicUrl ?? stored?.origin ?? firstStartOrigin(config);
}

/** The shop's public origin, read now. */
export async function shopPublicOrigin({ db, config }: { db: DatabaseOrTransaction; config: OriginConfig }): Promise<string> {
  if (config.publicUrl) return config.publicUrl;
  return publicOriginFrom(config, await readStoredOrigin(db));
}

/**
 * The origin for a link that hands over a secret (a password-reset token): PUBLIC_URL or the owner's
 * confirmed address; in development also the first start's. Null in production while the shop's
 * address is only a guess: such a link is better not sent than sent to a host nobody confirmed.
 */
export async function trustedPublicOrigin({ db, config }: { db: DatabaseOrTransaction; config: OriginConfig & Pick<AppConfig, "production"> }): Promise<string | null> {
  if (config.publicUrl) return config.publicUrl;
  const stored = await readStoredOrigin(db);
  if (stored?.source === "owner") return stored.origin;
  return config.production ? null : publicOriginFrom(config, stored);
}

/**
 * What the database holds. A row of another source (an address an earlier version learnt from an
 * admin's sign-in, which a forged Host could choose) counts as none.
 */
export async function readStoredOrigin(db: DatabaseOrTransaction): Promise<StoredOrigin | null> {
  const [row] = await db
    .select({ origin: publicOriginTable.origin, source: publicOriginTable.source, recordedAt: publicOriginTable.recordedAt })
    .from(publicOriginTable)
    .where(eq(publicOriginTable.id, 1));
  if (!row || (row.source !== "start" && row.source !== "owner")) return null;
  return { ...row, source: row.source };
}

/** Where the shop answers on this machine as started: HOST (an address of it) or localhost, and PORT. */
function firstStartOrigin({ host, port }: Pick<AppConfig, "host" | "port">): string {
  const listening = !host || host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${listening}:${port}`;
}

/** On a start without PUBLIC_URL: keeps the first start's address until the owner confirms the real one. */
export async function recordFirstStartOrigin(db: DatabaseOrTransaction, config: OriginConfig): Promise<void> {
  if (config.publicUrl) return;
  await db.insert(publicOriginTable).values({ id: 1, origin: firstStartOrigin(config), source: "start" }).onConflictDoNothing();
}

/**
 * The owner's confirmed address (`origin` already normalized, see ~/lib/group/public-origin.schema),
 * recorded with who set it and what it was before, in one transaction.
 */
export async function setOwnerPublicOrigin(db: Database, config: OriginConfig, actor: AuditActor, origin: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [previous] = await tx.select({ origin: publicOriginTable.origin, source: publicOriginTable.source }).from(publicOriginTable).where(eq(publicOriginTable.id, 1)).for("update");
    await tx
      .insert(publicOriginTable)
      .values({ id: 1, origin, source: "owner" })
      .onConflictDoUpdate({ target: publicOriginTable.id, set: { origin, source: "owner", recordedAt: new Date() } });
    await recordAdminChange(tx, actor, {
      action: "settings.public_origin",
      entityType: "settings",
      entityId: 1,
      entityLabel: "Endereço público da loja",
      before: { publicOrigin: previous?.source === "owner" ? previous.origin : `${previous?.origin ?? publicOriginFrom(config, null)} (não confirmado)` },
      after: { publicOrigin: origin },
    });
  });
}

/** What /admin/configuracoes shows: the address links start with, and where it comes from. */
export async function publicAddressOf({ db, config }: { db: DatabaseOrTransaction; config: OriginConfig }): Promise<PublicAddress> {
  if (config.publicUrl) return { origin: config.publicUrl, source: "PUBLIC_URL" };
  const stored = await readStoredOrigin(db);
  return { origin: publicOriginFrom(config, stored), source: stored?.source === "owner" ? "owner" : "guess" };
}
