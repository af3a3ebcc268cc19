// One PostgreSQL connection LISTENing on a channel, reconnecting with backoff when it drops. The page
// cache and the order events hub each keep one per process, beside the pool (a pooled connection
// would lose its LISTEN when handed back); what the notifications mean, and when the connection is
// wanted at all, stays with them.
import type pg from "pg";

export type ListenConnectionOptions = {
  /** A new, unconnected client on each call: a pg.Client cannot connect again once it has ended. */
  newClient: () => pg.Client;
  /** Put in `LISTEN` as it is, so a constant lower-case identifier. */
  channel: string;
  /** The log lines' prefix: "page-cache" logs `[page-cache] LISTEN connection lost…`. */
  logName: string;
  onNotification: (payload: string | undefined) => void;
  /** After each successful LISTEN, the first and every reconnection: anything sent while down was missed. */
  onListening: () => void;
  /** The connection, or an attempt at one, failed: notifications may go unheard until onListening. */
  onLost?: () => void;
  /** Asked before reconnecting; false leaves the connection down until the next start(). Default: always. */
  shouldRetry?: () => boolean;
  /** First reconnection delay (1 s); doubles on each failure up to maxRetryMs (30 s), and starts over after a LISTEN succeeds. */
  initialRetryMs?: number;
  maxRetryMs?: number;
};

export type ListenConnection = {
  /** Connects and listens; does nothing while connected, connecting or waiting to retry. */
  start(): void;
  /** Ends the connection and cancels a pending retry; start() may be called again afterwards. */
  stop(): Promise<void>;
  /** From a successful LISTEN until the connection is lost or stopped. */
  readonly listening: boolean;
};

export function listenConnection({
  newClient,
  channel,
  logName,
  onNotification,
  onListening,
  onLost,
  shouldRetry = () => true,
  initialRetryMs = 1_000,
  maxRetryMs = 30_000,
}: ListenConnectionOptions): ListenConnection {
  // The client connecting or listening now. A client is replaced when it is lost or stopped, and its
  // late events (its 'end' after our own end(), a LISTEN that finishes after stop()) must not act.
  let current: pg.Client | null = null;
  let listening = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  const lost = (client: pg.Client, error: Error | null) => {
    // A dropped connection emits 'error' and then 'end': the first one reconnects, the second is stale.
    if (current !== client) return;
    current = null;
    listening = false;
    client.end().catch(() => {});
    onLost?.();
    if (!shouldRetry()) return;
    const delay = Math.min(maxRetryMs, initialRetryMs * 2 ** failures);
    failures += 1;
    console.error(`[${logName}] LISTEN connection lost${error ? ` (${error.message})` : ""}; retrying in ${delay} ms`);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      // Asked again: the hub's last subscriber may have left during the wait.
      if (shouldRetry()) void connect();
    }, delay);
    // A pending retry must not keep the process alive at shutdown.
    retryTimer.unref();
  };

  const connect = async () => {
    const client = newClient();
    current = client;
    client.on("error", (error) => lost(client, error));
    client.on("end", () => lost(client, null));
    client.on("notification", (message) => {
      if (current === client && message.channel === channel) onNotification(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      lost(client, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    // Stopped (or lost and replaced) while connecting.
    if (current !== client) return;
    failures = 0;
    listening = true;
    onListening();
  };

  return {
    start() {
      if (current || retryTimer) return;
      void connect();
    },
    async stop() {
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      const client = current;
      current = null;
      listening = false;
      if (client) await client.end().catch(() => {});
    },
    get listening() {
      return listening;
    },
  };
}
