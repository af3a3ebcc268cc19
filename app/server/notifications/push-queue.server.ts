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
import { loopsPerDatabase, type DeliveryLoop } from "../db/delivery-loop.server";
import { retryDelaySeconds } from "../email/email-queue.server";
import { log } from "../log/logger.server";
import { staffHearsOfOrderSql, storeStaffOfOrderSql } from "./order-audience.server";
import { PUSH_TTL_SECONDS, PushRefusedError, type PushTransport } from "./web-push.server";
import { UnsafePushEndpointError } from "./push-endpoint.server";

export type PushKind = "new-order" | "order-moved" | "pix-paid" | "test";

/** A sender holds a push this long; past it, another sender may take it (the first one died mid-send). */
const LEASE = sql`interval '2 minutes'`;
const RETRY_INTERVAL_MS = 30_000;
/** Due pushes looked at per take (oldest first) to pick those whose push service has a free slot. */
const CANDIDATES = 2_000;
/**
 * Devices per staff account that get a push: a clerk has a phone or two, and a stolen session cannot
 * make one order queue thousands of pushes (../notifications/push-subscriptions.server.ts refuses more).
 */
export const MAX_DEVICES_PER_ACCOUNT = 10;

/**
 * Who a push goes to: the staff who may hear of an order (a Vendedor: only their store's orders;
 * ./order-audience.server.ts) or with `storeStaffOnly` only the Vendedores of its store, one staff
 * account (a test push), or every staff account.
 */
export type PushRecipients = { orderId: string; storeStaffOnly?: boolean } | { userId: string } | "all-staff";

/**
 * Queues `notice` for every device of the `recipients`' accounts, the MAX_DEVICES_PER_ACCOUNT newest
 * of each; returns how many. `db` may be the transaction that made the order: then the pushes exist
 * only if it commits.
 */
export async function queueStaffPush(db: DatabaseOrTransaction, kind: PushKind, notice: PushNotice, recipients: PushRecipients): Promise<number> {
  const orderId = typeof recipients === "object" && "orderId" in recipients ? recipients.orderId : null;
  const who =
    recipients === "all-staff"
      ? sql`u.staff_role is not null`
      : "userId" in recipients
        ? sql`s.user_id = ${recipients.userId}`
        : recipients.storeStaffOnly
          ? storeStaffOfOrderSql(sql`u`, sql`${orderId}::uuid`)
          : staffHearsOfOrderSql(sql`u`, sql`${orderId}::uuid`);
  const { rowCount } = await db.execute(sql`
    insert into push_queue (subscription_id, kind, payload, order_id)
    select id, ${kind}, ${JSON.stringify(notice)}::jsonb, ${orderId}::uuid from (
      select s.id, row_number() over (partition by s.user_id order by s.id desc) as newest
      from push_subscriptions s join users u on u.id = s.user_id
      where u.role = 'admin' and ${who}) devices
    where newest <= ${MAX_DEVICES_PER_ACCOUNT}
    order by id`);
  return rowCount ?? 0;
}

type TakenPush = {
  id: number;
  attempts: number;
  payload: PushNotice;
  subscription_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** Whether the account may still hear of it: still staff and, for a Vendedor, the order still their store's. */
  allowed: boolean;
  service: string;
};

export type DeliveryTotals = { sent: number; failed: number; gone: number; dropped: number };

/**
 * Sends every push that is due, all at once, until none is left: a push goes out as soon as a slot is
 * free, whatever the others are waiting for, so a slow push service only delays its own devices.
 * At most `perService` pushes wait on one push service at a time (and `concurrency` in all); while
 * some are in flight, what was queued since is picked up every `pollMs`. A push whose staff member is
 * no longer an admin, or a Vendedor of another store than its order's, is dropped unsent (checked now,
 * not when it was queued); one older than its TTL
 * is given up (the push service would drop it too). Throws only when the database fails.
 */
export async function deliverDuePushes(
  db: Database,
  transport: PushTransport,
  { batch = 50, concurrency = 200, perService = 50, pollMs = 250 }: { batch?: number; concurrency?: number; perService?: number; pollMs?: number } = {},
): Promise<DeliveryTotals> {
  const totals: DeliveryTotals = { sent: 0, failed: 0, gone: 0, dropped: 0 };
  const inFlight = new Set<Promise<void>>();
  const busyByService = new Map<string, number>();
  let failure: unknown = null;
  for (;;) {
    if (failure) break;
    const free = Math.min(batch, concurrency - inFlight.size);
    const taken = free > 0 ? await takeDuePushes(db, free, perService, busyByService) : [];
    for (const push of taken) {
      busyByService.set(push.service, (busyByService.get(push.service) ?? 0) + 1);
      const sending = deliverOne(db, transport, push, totals)
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => {
          inFlight.delete(sending);
          const busy = (busyByService.get(push.service) ?? 1) - 1;
          if (busy > 0) busyByService.set(push.service, busy);
          else busyByService.delete(push.service);
        });
      inFlight.add(sending);
    }
    if (taken.length > 0 && inFlight.size < concurrency) continue;
    if (inFlight.size === 0) break;
    // Something is still waiting on a push service: look again when one answers, or a little later
    // for pushes queued since (a new order's, to a device whose service answers at once).
    await Promise.race([...inFlight, new Promise((resolve) => setTimeout(resolve, pollMs))]);
  }
  await Promise.all(inFlight);
  if (failure) throw failure;
  return totals;
}

/**
 * Takes up to `limit` due pushes with a lease, oldest first, at most `perService` per push service
 * counting those `busy` already holds. A push service is the endpoint's host (and port).
 */
async function takeDuePushes(db: Database, limit: number, perService: number, busy: Map<string, number>): Promise<TakenPush[]> {
  const { rows } = await db.execute<TakenPush>(sql`
    with candidates as (
      select q.id, split_part(s.endpoint, '/', 3) as service
      from push_queue q join push_subscriptions s on s.id = q.subscription_id
      where q.sent_at is null and q.next_attempt_at <= now() and q.created_at > now() - make_interval(secs => ${PUSH_TTL_SECONDS})
      order by q.id limit ${CANDIDATES}
      for update of q skip locked),
    chosen as (
      select id from (
        select id, service, row_number() over (partition by service order by id) as place from candidates) ranked
      where place <= ${perService} - coalesce((${JSON.stringify(Object.fromEntries(busy))}::jsonb ->> service)::int, 0)
      order by id limit ${limit}),
    taken as (
      update push_queue set attempts = attempts + 1, next_attempt_at = now() + ${LEASE}
      where id in (select id from chosen)
      returning id, attempts, payload, subscription_id, order_id)
    select taken.id, taken.attempts, taken.payload, taken.subscription_id, s.endpoint, s.p256dh, s.auth, split_part(s.endpoint, '/', 3) as service,
      u.role = 'admin' and ${staffHearsOfOrderSql(sql`u`, sql`taken.order_id`)} as allowed
    from taken join push_subscriptions s on s.id = taken.subscription_id join users u on u.id = s.user_id
    order by taken.id`);
  return rows;
}

async function deliverOne(db: Database, transport: PushTransport, push: TakenPush, totals: DeliveryTotals): Promise<void> {
  if (!push.allowed) {
    totals.dropped++;
    await db.execute(sql`delete from push_queue where id = ${push.id}`);
    return;
  }
  try {
    await transport({ endpoint: push.endpoint, p256dh: push.p256dh, auth: push.auth }, push.payload);
  } catch (error) {
    if (error instanceof UnsafePushEndpointError || (error instanceof PushRefusedError && (error.statusCode === 404 || error.statusCode === 410))) {
      // The browser unsubscribed or the push service expired it, or it is no public push service
      // (stored before the shop checked): it will never take a push again.
      totals.gone++;
      log.info({ subscriptionId: Number(push.subscription_id) }, `push subscription ${error instanceof UnsafePushEndpointError ? `refused (${error.message})` : `gone (${error.statusCode})`}; deleted`);
      await db.execute(sql`delete from push_subscriptions where id = ${push.subscription_id}`);
      return;
    }
    totals.failed++;
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const delay = retryDelaySeconds(push.attempts);
    log.warn({ pushId: Number(push.id), attempts: push.attempts, err: reason }, `push "${push.payload.title}" not sent; retrying in ${delay} s`);
    await db.execute(sql`
      update push_queue set last_error = ${reason}, next_attempt_at = now() + make_interval(secs => ${delay})
      where id = ${push.id}`);
    return;
  }
  totals.sent++;
  await db.execute(sql`update push_queue set sent_at = now(), last_error = null where id = ${push.id}`);
  await db.execute(sql`update push_subscriptions set last_success_at = now() where id = ${push.subscription_id}`);
}

const pushLoops = loopsPerDatabase<Database>("push", RETRY_INTERVAL_MS);

/** Starts this process's push loop on `db` (connectServices does, with the shop's VAPID keys); what an earlier run left goes now. */
export function startPushDelivery(db: Database, transport: PushTransport, options: { intervalMs?: number } = {}): DeliveryLoop {
  return pushLoops.start(db, () => deliverDuePushes(db, transport), options);
}

/** Has this process's loop send what was just queued (after the transaction that queued it committed). */
export const deliverPushesSoon = pushLoops.soon;

/** Stops `db`'s push loop, if one runs, once the round in progress is done. */
export const stopPushDelivery = pushLoops.stop;
