import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "#database/schema";
import { log } from "../log/logger.server";

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query API as the database. */
export type DatabaseOrTransaction = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/** SQLSTATE admin_shutdown: "terminating connection due to administrator command". */
const ADMIN_SHUTDOWN = "57P01";

export function connectDatabase(connectionString: string, options: { max?: number } = {}) {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // Fail fast instead of hanging a shopper's request when the database is down.
    connectionTimeoutMillis: 5_000,
    // A database that stops answering without closing the connection (frozen host, dropped packets)
    // must not hold a request forever either; no page or action of the shop runs a query this long.
    query_timeout: 15_000,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
  });
  // A client losing its connection (database restart or crash) must not crash the process. Idle
  // ones report through the pool, which drops them and opens new ones on the next query: that is how
  // the shop recovers. A client checked out (a transaction in flight) has no pool listener: its query
  // fails (the request answers 503) and the client also emits 'error', which without a listener of its
  // own is an uncaught exception that ends the process.
  // PostgreSQL ending a connection by an administrator's command (57P01: a stop, as Ctrl-C gives the
  // embedded one with the shop, or pg_terminate_backend) is a deliberate stop, not a fault: one line
  // per connection on every Ctrl-C read as four warnings (issue 51). Kept at debug level.
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      if ((error as { code?: unknown }).code === ADMIN_SHUTDOWN) log.debug(`database connection closed by the database's stop: ${error.message}`);
      else log.warn(`database connection lost: ${error.message}`);
    });
  });
  // The pool re-emits an idle client's error, already logged by the listener above.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema });
  return { db, pool };
}

/**
 * SQLSTATE classes and codes meaning "the database is not there right now" rather than "this query is
 * wrong": connection exceptions (08), and a server shutting down, crashed or still starting (57P0x).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3])$/;
const UNAVAILABLE_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** node-postgres reports these without a code. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
  "Connection terminated unexpectedly",
];

/**
 * Makes clients with the app pool's own settings (URL, timeouts) outside the pool: for a LISTEN,
 * which holds its connection for good. Throws at once if `db` is not on a pg.Pool.
 */
export function dedicatedClients(db: Database, applicationName: string): () => pg.Client {
  // drizzle(pool) keeps the pool as `$client`; the Database type does not carry it.
  const pool = (db as Partial<{ $client: unknown }>).$client;
  if (!(pool instanceof pg.Pool)) throw new Error(`${applicationName} needs the app's pg.Pool`);
  return () => new pg.Client({ ...pool.options, application_name: applicationName });
}

/**
 * True when `error` (or what it wraps: Drizzle wraps driver errors in `cause`) says the database could
 * not be reached, so callers can answer "try again shortly" (503) instead of "something broke" (500).
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((text) => message.startsWith(text))) return true;
    // AggregateError (a host with several addresses, all refused).
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailableError(inner))) return true;
    current = cause;
  }
  return false;
}
