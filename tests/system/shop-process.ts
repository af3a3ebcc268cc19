// The production build (server.js) as a child process on a DATA_DIR of its own, for the crash, load and
// benchmark scripts: started, stopped, or killed with `kill -9` together with its embedded PostgreSQL,
// as a power cut would (or the PostgreSQL alone, as a crash of the database would).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { connectDatabase } from "~/server/db/database.server";
import { isAlive, runningEmbeddedPostgresUrl } from "~/server/db/embedded-postgres.server";
import { findFreePort } from "~/server/db/free-port.server";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export type ShopProcess = {
  url: string;
  pid: number;
  output: () => string;
  /** SIGTERM, as `npm start` is stopped: the server closes its PostgreSQL. */
  stop: () => Promise<void>;
  /** The processes serving requests: the workers, or the server itself when it runs alone (WEB_CONCURRENCY=1). */
  workerPids: () => number[];
  /** The embedded PostgreSQL's processes: the postmaster and its children. */
  postgresPids: () => number[];
  /** Settles when the server process exits. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * `kill -9` of the app (its workers too) and of its PostgreSQL (every process of the server), at the
   * same moment. Resolves to the PostgreSQL processes killed (none: there was no server to kill).
   */
  crash: () => Promise<{ postmaster: number | null; backends: number }>;
  /** `kill -9` of the embedded PostgreSQL alone (every process of it); the app keeps running. */
  crashDatabase: () => Promise<{ postmaster: number | null; backends: number }>;
};

export function requireBuild() {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    console.error("build/server/index.js is missing: run `npx react-router build` first (npm run test:e2e does).");
    process.exit(1);
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", () => resolve()));
}

function postgresDirectory(dataDir: string) {
  return path.join(dataDir, "postgres");
}

/** The postmaster's pid, from the lock file PostgreSQL keeps in its data directory. */
function postmasterPid(dataDir: string): number | null {
  const pidFile = path.join(postgresDirectory(dataDir), "cluster", "postmaster.pid");
  if (!fs.existsSync(pidFile)) return null;
  const pid = Number.parseInt(fs.readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

function childPids(pid: number): number[] {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
      .split("\n")
      .map((line) => Number.parseInt(line.trim(), 10))
      .filter((child) => Number.isInteger(child) && child > 0);
  } catch {
    return []; // ps exits 1 when there are none.
  }
}

function commandName(pid: number): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return null;
  }
}

/** The server's workers: its children running what it runs (node), not PostgreSQL. */
export function workerPidsOf(serverPid: number): number[] {
  const server = commandName(serverPid);
  const workers = childPids(serverPid).filter((pid) => commandName(pid) === server);
  return workers.length > 0 ? workers : [serverPid];
}

function killHard(pid: number) {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/**
 * Starts server.js (production build) on a loopback port, `port` or a free one; resolves once it answers.
 * `env` is all it gets of the caller's settings (DATABASE_URL for a database other than the embedded one).
 */
export async function startShopProcess(
  dataDir: string,
  {
    timeoutMs = 180_000,
    port: fixedPort,
    env: extraEnv = {},
    nodeArgs = [],
    cwd = ROOT,
  }: {
    timeoutMs?: number;
    port?: number;
    env?: Record<string, string>;
    /** Node's own flags (`--cpu-prof`); its workers get them too. */
    nodeArgs?: string[];
    /** The checkout whose build runs (another commit's, bench/bench-checkout.ts); this one's by default. */
    cwd?: string;
  } = {},
): Promise<ShopProcess> {
  const port = fixedPort ?? (await findFreePort());
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir };
  // The developer's own settings must not leak into the server under test; it gets the embedded database.
  for (const name of ["DATABASE_URL", "PUBLIC_URL", "ADMIN_EMAIL", "ADMIN_PASSWORD", "BETTER_AUTH_SECRET", "SMTP_URL", "SMTP_FROM", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_OIDC_DISCOVERY_URL", "TRUST_PROXY"]) {
    delete env[name];
  }
  // A rush of shoppers simulated from one address with one phone number: only the order limits
  // would be measured (they have their own test, tests/integration/order-floods.test.ts).
  Object.assign(env, { ORDER_LIMIT_PER_ADDRESS: "1000000", ORDER_LIMIT_PER_PHONE: "1000000", ORDER_LIMIT_HELD_UNITS: "100000000" }, extraEnv);
  fs.mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [...nodeArgs, "server.js"], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exitStatus = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const postgresPids = () => {
    const postmaster = postmasterPid(dataDir);
    return postmaster && isAlive(postmaster) ? [postmaster, ...childPids(postmaster)] : [];
  };

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    await exited(child);
    clearTimeout(timer);
  };
  const killDatabase = async (alsoTheApp: boolean) => {
    const postmaster = postmasterPid(dataDir);
    const backends = postmaster ? childPids(postmaster) : [];
    if (alsoTheApp) {
      const workers = workerPidsOf(child.pid!).filter((pid) => pid !== child.pid);
      killHard(child.pid!);
      for (const pid of workers) killHard(pid);
    }
    if (postmaster) killHard(postmaster);
    // Backends outlive a killed postmaster for a moment; a crash takes them down too.
    for (const pid of backends) killHard(pid);
    if (alsoTheApp) await exited(child);
    for (let waited = 0; postmaster && isAlive(postmaster) && waited < 5_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { postmaster, backends: backends.length };
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up:\n${output}`);
    try {
      // "Shop listening" comes once every worker listens.
      if (output.includes("Shop listening") && (await fetch(`${url}/robots.txt`)).ok) {
        return {
          url,
          pid: child.pid!,
          output: () => output,
          stop,
          crash: () => killDatabase(true),
          crashDatabase: () => killDatabase(false),
          workerPids: () => workerPidsOf(child.pid!),
          postgresPids,
          exited: exitStatus,
        };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the server did not start within ${timeoutMs / 1000} s:\n${output}`);
}

/** A connection to the embedded PostgreSQL of the server running on `dataDir`. */
export function connectToShopDatabase(dataDir: string) {
  const url = runningEmbeddedPostgresUrl(postgresDirectory(dataDir));
  if (!url) throw new Error(`no running PostgreSQL in ${dataDir}`);
  return connectDatabase(url, { max: 2 });
}
