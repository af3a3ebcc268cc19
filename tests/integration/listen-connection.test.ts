// The reconnecting LISTEN connection (app/server/db/listen-connection.server.ts) under the page cache
// and the order events hub, on a real PostgreSQL: the database drops it with pg_terminate_backend, as
// a restart or failover would.
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { listenConnection, type ListenConnection, type ListenConnectionOptions } from "~/server/db/listen-connection.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

const CHANNEL = "erick_listen_connection_test";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const connections: ListenConnection[] = [];
afterEach(async () => {
  await Promise.all(connections.splice(0).map((connection) => connection.stop()));
  vi.restoreAllMocks();
});

/** A connection to this file's database that records what it is told, under its own application_name. */
function recordedConnection(name: string, options: Partial<ListenConnectionOptions> = {}) {
  const heard = { payloads: [] as (string | undefined)[], listening: 0, lost: 0, clients: 0 };
  const connection = listenConnection({
    newClient: () => {
      heard.clients += 1;
      return new pg.Client({ connectionString: t.url, application_name: name });
    },
    channel: CHANNEL,
    logName: "listen-test",
    onNotification: (payload) => heard.payloads.push(payload),
    onListening: () => (heard.listening += 1),
    onLost: () => (heard.lost += 1),
    initialRetryMs: 20,
    maxRetryMs: 80,
    ...options,
  });
  connections.push(connection);
  return { connection, heard };
}

async function until(condition: () => boolean | Promise<boolean>) {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("condition not met");
}

const notify = (payload: string) => t.pool.query("select pg_notify($1, $2)", [CHANNEL, payload]);

async function backends(name: string): Promise<number> {
  const result = await t.pool.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()",
    [name],
  );
  return result.rows[0]!.n;
}

const terminate = (name: string) =>
  t.pool.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()", [name]);

describe("listenConnection", () => {
  it("listens on one connection, however often it is started, and hands over each notification's payload", async () => {
    const { connection, heard } = recordedConnection("listen-test-deliver");
    connection.start();
    connection.start();
    await until(() => heard.listening === 1);
    connection.start();
    expect(connection.listening).toBe(true);
    expect(heard.clients).toBe(1);
    expect(await backends("listen-test-deliver")).toBe(1);

    await notify("primeiro");
    await notify("segundo");
    await until(() => heard.payloads.length === 2);
    expect(heard.payloads).toEqual(["primeiro", "segundo"]);
    expect(heard.lost).toBe(0);
  });

  it("reconnects once when the database drops it ('error' then 'end'), and says it listens again", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { connection, heard } = recordedConnection("listen-test-reconnect");
    connection.start();
    await until(() => heard.listening === 1);

    await terminate("listen-test-reconnect");
    await until(() => heard.listening === 2);
    expect(connection.listening).toBe(true);
    expect(heard.lost).toBe(1);
    expect(heard.clients).toBe(2);
    expect(errors.mock.calls).toEqual([["[listen-test] LISTEN connection lost (terminating connection due to administrator command); retrying in 20 ms"]]);
    expect(await backends("listen-test-reconnect")).toBe(1);

    // Heard once: the dropped client's handlers no longer act.
    await notify("depois");
    await until(() => heard.payloads.length === 1);
    expect(heard.payloads).toEqual(["depois"]);
  });

  it("backs off from initialRetryMs, doubling up to maxRetryMs, and starts over after a successful LISTEN", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    // Port 1: nothing listens there, so each attempt is refused at once.
    const refused = new URL(t.url);
    refused.port = "1";
    let reachable = false;
    const heard = { listening: 0 };
    const connection = listenConnection({
      newClient: () => new pg.Client({ connectionString: reachable ? t.url : refused.toString(), application_name: "listen-test-backoff" }),
      channel: CHANNEL,
      logName: "listen-test",
      onNotification: () => {},
      onListening: () => (heard.listening += 1),
      initialRetryMs: 20,
      maxRetryMs: 80,
    });
    connections.push(connection);
    connection.start();
    await until(() => errors.mock.calls.length === 4);
    reachable = true;
    await until(() => heard.listening === 1);
    await terminate("listen-test-backoff");
    await until(() => heard.listening === 2);

    const delays = errors.mock.calls.map(([line]) => /retrying in (\d+) ms$/.exec(String(line))?.[1]);
    expect(delays).toEqual(["20", "40", "80", "80", "20"]);
  });

  it("stop() ends the connection and start() opens it again", async () => {
    const { connection, heard } = recordedConnection("listen-test-restart");
    connection.start();
    await until(() => heard.listening === 1);
    await notify("antes");
    await until(() => heard.payloads.length === 1);

    await connection.stop();
    expect(connection.listening).toBe(false);
    await until(async () => (await backends("listen-test-restart")) === 0);
    await notify("parado");

    connection.start();
    await until(() => heard.listening === 2);
    expect(connection.listening).toBe(true);
    await notify("depois");
    await until(() => heard.payloads.length === 2);
    expect(heard.payloads).toEqual(["antes", "depois"]);
    // Stopping is not losing: onLost is for drops the owner did not ask for.
    expect(heard.lost).toBe(0);
  });

  it("does not reconnect when shouldRetry says no, and leaves no retry pending for the next start()", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { connection, heard } = recordedConnection("listen-test-no-retry", { shouldRetry: () => false });
    connection.start();
    await until(() => heard.listening === 1);

    await terminate("listen-test-no-retry");
    await until(() => heard.lost === 1);
    expect(connection.listening).toBe(false);
    // Five times the retry delay: a retry would have opened a second client by now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.clients).toBe(1);
    expect(errors).not.toHaveBeenCalled();

    // With a retry pending start() would wait for it, and the retry would ask shouldRetry again.
    connection.start();
    await until(() => heard.listening === 2);
    expect(heard.clients).toBe(2);
  });
});
