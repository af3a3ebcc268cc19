// Every push to a staff device goes through the push_queue table (database/push-schema.ts), the
// pattern of the e-mail queue (../email/email-queue.server.ts):
//
//   new order ──queueStaffPush() in its transaction──▶ push_queue ──deliverDuePushes()──▶ push service ──▶ phone
//                                                       ▲    │ failed: retried later, with backoff
//                                                       └────┘ 404/410: the subscription is deleted
//
// A push is queued in the order's transaction, so an order never exists without its pushes, and a
// process that is down sends them when it starts. A sender takes a push with a lease, skipping rows
// other senders hold, so two instances never send one twice.
import { sql } from "drizzle-orm";
import type { PushNotice } from "#database/schema";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { startDeliveryLoop, type DeliveryLoop } from "../db/delivery-loop.server";
import { retryDelaySeconds } from "../email/email-queue.server";
import { log } from "../log/logger.server";
import { PUSH_TTL_SECONDS, PushRefusedError, type PushTransport } from "./web-push.server";

export type PushKind = "new-order" | "pix-paid" | "test";

/** A sender holds a push this long; past it, another sender may take it (the first one died mid-send). */
const LEASE = sql`interval '2 minutes'`;
const RETRY_INTERVAL_MS = 30_000;

/**
 * Queues `notice` for every device of every staff account (or only `userId`'s, for a test); returns
 * how many. `db` may be the transaction that made the order: then the pushes exist only if it commits.
 */
export async function queueStaffPush(db: DatabaseOrTransaction, kind: PushKind, notice: PushNotice, { userId }: { userId?: string } = {}): Promise<number> {
  const { rowCount } = await db.execute(sql`
    insert into push_queue (subscription_id, kind, payload)
    select s.id, ${kind}, ${JSON.stringify(notice)}::jsonb
    from push_subscriptions s join users u on u.id = s.user_id
    where u.role = 'admin' ${userId ? sql`and s.user_id = ${userId}` : sql``}
    order by s.id`);
  return rowCount ?? 0;
}

type TakenPush = { id: number; attempts: number; payload: PushNotice; subscription_id: number; endpoint: string; p256dh: string; auth: string; role: string };

/**
 * Sends every push that is due, a few at a time, until none is left. A push whose staff member is no
 * longer an admin is dropped unsent (checked now, not when it was queued); one older than its TTL is
 * given up (the push service would drop it too). Throws only when the database fails.
 */
export async function deliverDuePushes(db: Database, transport: PushTransport, { batch = 10 } = {}) {
  let sent = 0;
  let failed = 0;
  let gone = 0;
  let dropped = 0;
  for (;;) {
    const { rows: taken } = await db.execute<TakenPush>(sql`
      with taken as (
        update push_queue set attempts = attempts + 1, next_attempt_at = now() + ${LEASE}
        where id in (
          select id from push_queue
          where sent_at is null and next_attempt_at <= now() and created_at > now() - make_interval(secs => ${PUSH_TTL_SECONDS})
          order by id limit ${batch}
          for update skip locked)
        returning id, attempts, payload, subscription_id)
      select taken.*, s.endpoint, s.p256dh, s.auth, u.role
      from taken join push_subscriptions s on s.id = taken.subscription_id join users u on u.id = s.user_id
      order by taken.id`);
    if (taken.length === 0) return { sent, failed, gone, dropped };
    for (const push of taken) {
      if (push.role !== "admin") {
        dropped++;
        await db.execute(sql`delete from push_queue where id = ${push.id}`);
        continue;
      }
      try {
        await transport({ endpoint: push.endpoint, p256dh: push.p256dh, auth: push.auth }, push.payload);
        sent++;
        await db.execute(sql`update push_queue set sent_at = now(), last_error = null where id = ${push.id}`);
        await db.execute(sql`update push_subscriptions set last_success_at = now() where id = ${push.subscription_id}`);
      } catch (error) {
        if (error instanceof PushRefusedError && (error.statusCode === 404 || error.statusCode === 410)) {
          // The browser unsubscribed or the push service expired it: it will never take a push again.
          gone++;
          log.info({ subscriptionId: Number(push.subscription_id) }, `push subscription gone (${error.statusCode}); deleted`);
          await db.execute(sql`delete from push_subscriptions where id = ${push.subscription_id}`);
          continue;
        }
        failed++;
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const delay = retryDelaySeconds(push.attempts);
        log.warn({ pushId: Number(push.id), attempts: push.attempts, err: reason }, `push "${push.payload.title}" not sent; retrying in ${delay} s`);
        await db.execute(sql`
          update push_queue set last_error = ${reason}, next_attempt_at = now() + make_interval(secs => ${delay})
          where id = ${push.id}`);
      }
    }
  }
}

const deliveries = new WeakMap<Database, DeliveryLoop>();

/** Starts this process's push loop on `db` (connectServices does, with the shop's VAPID keys); what an earlier run left goes now. */
export function startPushDelivery(db: Database, transport: PushTransport, { intervalMs = RETRY_INTERVAL_MS } = {}): DeliveryLoop {
  const running = startDeliveryLoop(() => deliverDuePushes(db, transport), { intervalMs, name: "push" });
  deliveries.set(db, running);
  return running;
}

/** Has this process's loop send what was just queued (after the transaction that queued it committed). */
export function deliverPushesSoon(db: Database): void {
  deliveries.get(db)?.deliverSoon();
}

/** Stops `db`'s push loop, if one runs, once the round in progress is done. */
export async function stopPushDelivery(db: Database): Promise<void> {
  const running = deliveries.get(db);
  deliveries.delete(db);
  await running?.stop();
}
