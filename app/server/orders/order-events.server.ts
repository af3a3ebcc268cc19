// Live order events for the admin: PostgreSQL LISTEN/NOTIFY carries them between app instances, and
// Server-Sent Events carry them to the open /admin/pedidos pages.
//
//   placeOrder / setOrderStatus ──pg_notify (in their transaction, sent on commit)──▶ PostgreSQL
//   PostgreSQL ──LISTEN, one connection per app process──▶ OrderEventHub ──▶ every open SSE stream
//
// Events say only that something changed (id, code, status); the page reloads its data through its
// loader, so what it shows is always what the database holds and passes the loader's checks. Each
// event carries its order's store, so a Vendedor's stream hears only of their store's orders.
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { OrderEvent } from "~/lib/orders/admin-orders";
import { isOrderStatus } from "~/lib/orders/order-status";
import { dedicatedClients, type Database, type DatabaseOrTransaction } from "../db/database.server";
import { listenConnection, type ListenConnection } from "../db/listen-connection.server";
import { log } from "../log/logger.server";
import { orderStoreIdSql } from "../notifications/order-audience.server";

const ORDER_EVENTS_CHANNEL = "erick_order_events";

export type { OrderEvent };

/**
 * What a subscriber hears: an order event, or `ready` each time the hub (re)starts listening. After a
 * lost connection events may have been missed, so `ready` tells pages to reload. `closing`: the
 * process is stopping, the stream should end now.
 */
export type HubMessage = { kind: "order"; event: OrderEvent; storeId: number | null } | { kind: "ready" } | { kind: "closing" };
type Subscriber = (message: HubMessage) => void;

/**
 * Queues the event in the transaction: PostgreSQL delivers it when, and only if, the transaction
 * commits. The order's store is read here, in the transaction that made or changed the order.
 */
export async function notifyOrderEvent(tx: DatabaseOrTransaction, event: OrderEvent): Promise<void> {
  const payload = sql`jsonb_build_object('event', ${JSON.stringify(event)}::jsonb, 'storeId', ${orderStoreIdSql(sql`${event.id}::uuid`)})::text`;
  await tx.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${payload})`);
}

function parseMessage(payload: string | undefined): HubMessage | null {
  try {
    const value: unknown = JSON.parse(payload ?? "");
    if (!value || typeof value !== "object") return null;
    const { event, storeId } = value as Record<string, unknown>;
    if (!event || typeof event !== "object") return null;
    const { type, id, code, status } = event as Record<string, unknown>;
    if (typeof id !== "string" || typeof code !== "string") return null;
    const store = typeof storeId === "number" ? storeId : null;
    if (type === "created") return { kind: "order", event: { type, id, code }, storeId: store };
    if (type === "updated" && isOrderStatus(status)) return { kind: "order", event: { type, id, code, status }, storeId: store };
    return null;
  } catch {
    return null;
  }
}

export type HubOptions = {
  /** First reconnection delay; doubles on each failure up to maxRetryMs. */
  initialRetryMs?: number;
  maxRetryMs?: number;
  /** How long the connection stays open after the last subscriber leaves (a page reload comes back). */
  idleCloseMs?: number;
};

/**
 * One LISTEN connection shared by every subscriber of this process. It connects with the first
 * subscriber, reconnects with backoff while anyone is subscribed, and closes a while after the last
 * one leaves, so an app nobody is watching holds no extra connection.
 */
export class OrderEventHub {
  private readonly connection: ListenConnection;
  private idleTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly subscribers = new Set<Subscriber>();
  private readonly idleCloseMs: number;

  constructor(newClient: () => pg.Client, options: HubOptions = {}) {
    const { initialRetryMs, maxRetryMs, idleCloseMs = 60_000 } = options;
    this.idleCloseMs = idleCloseMs;
    this.connection = listenConnection({
      newClient,
      channel: ORDER_EVENTS_CHANNEL,
      logName: "order-events",
      onNotification: (payload) => {
        const message = parseMessage(payload);
        if (message) this.broadcast(message);
      },
      onListening: () => this.broadcast({ kind: "ready" }),
      // Nobody to tell: the connection waits for the next subscriber.
      shouldRetry: () => this.subscribers.size > 0,
      initialRetryMs,
      maxRetryMs,
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get isListening(): boolean {
    return this.connection.listening;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  subscribe(subscriber: Subscriber): () => void {
    if (this.closed) throw new Error("OrderEventHub is closed");
    this.subscribers.add(subscriber);
    this.clearIdleTimer();
    // Already listening: this subscriber missed the broadcast 'ready', so it gets its own.
    if (this.connection.listening) queueMicrotask(() => this.deliver(subscriber, { kind: "ready" }));
    else this.connection.start();
    return () => {
      if (!this.subscribers.delete(subscriber) || this.subscribers.size > 0 || this.closed) return;
      this.idleTimer = setTimeout(() => void this.disconnect(), this.idleCloseMs);
      this.idleTimer.unref();
    };
  }

  /** Tells every subscriber `closing` (their streams end), then closes the LISTEN connection. */
  async close(): Promise<void> {
    this.closed = true;
    this.broadcast({ kind: "closing" });
    this.subscribers.clear();
    await this.disconnect();
  }

  private async disconnect(): Promise<void> {
    this.clearIdleTimer();
    await this.connection.stop();
  }

  private clearIdleTimer() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private broadcast(message: HubMessage) {
    for (const subscriber of [...this.subscribers]) this.deliver(subscriber, message);
  }

  private deliver(subscriber: Subscriber, message: HubMessage) {
    if (!this.subscribers.has(subscriber)) return;
    try {
      subscriber(message);
    } catch (error) {
      log.error({ err: error }, "order events: a subscriber failed");
    }
  }
}

// One hub per database handle, that is per database per process (tests open several databases).
const hubs = new WeakMap<Database, OrderEventHub>();

/**
 * On a stop: every live stream of this process ends at once with a retry hint, instead of holding the
 * stop for its whole grace period; the browsers reconnect (to the next process) a moment later.
 */
export async function closeOrderEventStreams(db: Database): Promise<void> {
  await hubs.get(db)?.close();
}

/** This process's hub for the app's database, made on first use. */
export function orderEventHub(db: Database): OrderEventHub {
  let hub = hubs.get(db);
  if (!hub || hub.isClosed) {
    hub = new OrderEventHub(dedicatedClients(db, "erick-order-events"));
    hubs.set(db, hub);
  }
  return hub;
}

const encoder = new TextEncoder();

const HEARTBEAT_MS = 25_000;
/** The reconnection delay a stream ending on a stop asks for. */
const RESTART_RETRY_MS = 2_000;

/**
 * A `text/event-stream` response fed by the hub until the browser goes away (`signal`). Comments
 * every 25 s keep proxies and load balancers from closing a quiet connection. `storeId`: only the
 * events of that store's orders (a Vendedor's: staffStoreScope); null or left out, every order's.
 */
export function orderEventStream(hub: OrderEventHub, signal: AbortSignal, options: { heartbeatMs?: number; storeId?: number | null } = {}): Response {
  const storeId = options.storeId ?? null;
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      // The browser waits this long before reconnecting after the stream drops (server restart).
      send("retry: 5000\n\n");
      const unsubscribe = hub.subscribe((message) => {
        if (message.kind === "ready") send("event: ready\ndata: {}\n\n");
        else if (message.kind === "order") {
          if (storeId === null || message.storeId === storeId) send(`event: order\ndata: ${JSON.stringify(message.event)}\n\n`);
        }
        else {
          // A restart: come back soon, to whichever process answers then.
          send(`retry: ${RESTART_RETRY_MS}\n\n`);
          cleanup();
        }
      });
      const heartbeat = setInterval(() => send(": ping\n\n"), options.heartbeatMs ?? HEARTBEAT_MS);
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        signal.removeEventListener("abort", onAbort);
        try {
          controller.close();
        } catch {
          // already closed or cancelled
        }
      };
      const onAbort = () => cleanup();
      if (signal.aborted) cleanup();
      else signal.addEventListener("abort", onAbort);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware must not buffer the stream.
      "Cache-Control": "private, no-store, no-transform",
      // nginx would otherwise buffer the response.
      "X-Accel-Buffering": "no",
    },
  });
}
