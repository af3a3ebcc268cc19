import { and, count, desc, eq, ne } from "drizzle-orm";
import { pushSubscriptions, users } from "#database/schema";
import type { PushDevice } from "~/lib/admin/push-devices";
import type { Database } from "../db/database.server";
import { MAX_DEVICES_PER_ACCOUNT } from "./push-queue.server";

import type { BrowserSubscription } from "./web-push.server";

export type { BrowserSubscription };

/**
 * Stores this browser for the staff member. A browser that subscribes again (or that another staff
 * account used before, on a shared phone) keeps one row, now theirs: pushes follow who signed up last.
 * An account holds at most MAX_DEVICES_PER_ACCOUNT devices ("too-many": one must be removed first);
 * the account's row is locked meanwhile, so concurrent subscriptions cannot pass the limit together.
 */
export async function saveSubscription(db: Database, userId: string, subscription: BrowserSubscription, label: string): Promise<"saved" | "too-many"> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [others] = await tx
      .select({ devices: count() })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, subscription.endpoint)));
    if ((others?.devices ?? 0) >= MAX_DEVICES_PER_ACCOUNT) return "too-many";
    await tx
      .insert(pushSubscriptions)
      .values({ userId, ...subscription, deviceLabel: label })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, deviceLabel: label },
      });
    return "saved";
  });
}

/** The staff member's devices, newest first; `currentEndpoint` marks the browser asking. */
export async function listSubscriptions(db: Database, userId: string): Promise<(PushDevice & { endpoint: string })[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id, label: pushSubscriptions.deviceLabel, endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt, lastSuccessAt: pushSubscriptions.lastSuccessAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null }));
}

/** Removes one of the staff member's own devices (never another's); false when there was none. */
export async function removeSubscription(db: Database, userId: string, id: number): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}
