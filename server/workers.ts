// One process serves one core: rendering a page is CPU work in JavaScript. In production server.js
// runs WEB_CONCURRENCY processes (one per core by default) with Node's `cluster`: the primary prepares
// the database once (services.server.ts: prepareDatabase) and keeps the workers running; each worker
// connects to it with its own pool, page cache and LISTEN connection, and the primary hands it
// connections on the shared port.
import cluster, { type Worker } from "node:cluster";

export type WorkerPoolOptions = {
  count: number;
  /** Added to each worker's environment. */
  env: Record<string, string>;
  /** Workers of another kind besides (the render workers, server/crawler-renders.ts), replaced the same way. */
  others?: { count: number; env: Record<string, string> };
  /** The first replacement waits this long, doubling while workers keep dying young. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
  /** A worker that lived this long resets the delay. */
  healthyAfterMs?: number;
  /** A worker that does not exit within this time of SIGTERM gets SIGKILL. */
  stopTimeoutMs?: number;
  log?: (message: string) => void;
};

export type WorkerPool = {
  /** Resolves once every worker listens; rejects when one exits before all did (a start-up failure). */
  ready: Promise<void>;
  /** SIGTERM to every worker (each closes its connections and its pool); resolves once all exited. */
  stop: () => Promise<void>;
  /** Whether the worker is one of `others` (a render worker). */
  isOther: (worker: Worker) => boolean;
};

function describeExit(code: number | null, signal: string | null): string {
  return signal ? `signal ${signal}` : `code ${code}`;
}

/** SIGTERM to every running worker, SIGKILL to any still there after `timeoutMs`; resolves when all have exited. */
async function stopRunningWorkers(timeoutMs: number) {
  const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker && !worker.isDead());
  await Promise.all(
    running.map(
      (worker) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => worker.process.kill("SIGKILL"), timeoutMs);
          worker.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
          worker.process.kill("SIGTERM");
        }),
    ),
  );
}

/** Starts `count` workers running this same script (server.js), and replaces any that dies. */
export function startWorkers({
  count,
  env,
  others,
  restartDelayMs = 500,
  maxRestartDelayMs = 30_000,
  healthyAfterMs = 30_000,
  stopTimeoutMs = 15_000,
  log = console.log,
}: WorkerPoolOptions): WorkerPool {
  if (!cluster.isPrimary) throw new Error("startWorkers runs in the primary process");
  const startedAt = new Map<Worker, number>();
  const listening = new Set<Worker>();
  let everyoneListened = false;
  let stopping = false;
  let delay = restartDelayMs;
  const pendingRestarts = new Set<ReturnType<typeof setTimeout>>();
  let resolveReady!: () => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // Nobody awaiting `ready` (a failure after stop) must not crash the primary.
  ready.catch(() => {});

  const everyone = count + (others?.count ?? 0);
  const otherWorkers = new WeakSet<Worker>();
  const fork = (workerEnv: Record<string, string>) => {
    const worker = cluster.fork(workerEnv);
    if (workerEnv === others?.env) otherWorkers.add(worker);
    startedAt.set(worker, Date.now());
    // E.g. a signal that could not be sent; the 'exit' handler below deals with a worker that is gone.
    worker.on("error", (error) => log(`[workers] worker ${worker.process.pid}: ${error.message}`));
    worker.on("listening", () => {
      listening.add(worker);
      if (!everyoneListened && listening.size === everyone) {
        everyoneListened = true;
        resolveReady();
      } else if (everyoneListened) {
        log(`[workers] worker ${worker.process.pid} listening`);
      }
    });
    worker.on("exit", (code, signal) => {
      listening.delete(worker);
      const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
      startedAt.delete(worker);
      if (stopping) return;
      if (!everyoneListened) {
        rejectReady(new Error(`a worker (pid ${worker.process.pid}) exited during start-up (${describeExit(code, signal)})`));
        return;
      }
      delay = lived >= healthyAfterMs ? restartDelayMs : delay;
      log(`[workers] worker ${worker.process.pid} died (${describeExit(code, signal)}); starting a new one in ${delay} ms`);
      const timer = setTimeout(() => {
        pendingRestarts.delete(timer);
        if (!stopping) fork(workerEnv);
      }, delay);
      pendingRestarts.add(timer);
      delay = Math.min(delay * 2, maxRestartDelayMs);
    });
  };

  // Structured clone, not JSON: the rendered pages the workers hand each other are Buffers (server/page-render-peers.ts).
  // `--expose-gc`: a catalogue feed collects its own garbage as it streams (app/server/channels/feeds.server.ts).
  // `--max-semi-space-size=8` (V8's default is 16 MB here): the young generation a feed grows to costs
  // 17 MB less of a worker's memory (Google's feed at 100,000 products: 186 MB at its peak, 203 MB
  // before), and renders and hits went as fast (docs/benchmarks.md, "Feeds after the workers' young generation was halved").
  cluster.setupPrimary({ serialization: "advanced", execArgv: [...process.execArgv, "--expose-gc", "--max-semi-space-size=8"] });
  for (let index = 0; index < count; index += 1) fork(env);
  for (let index = 0; others && index < others.count; index += 1) fork(others.env);

  return {
    ready,
    isOther: (worker) => otherWorkers.has(worker),
    stop: async () => {
      stopping = true;
      for (const timer of pendingRestarts) clearTimeout(timer);
      pendingRestarts.clear();
      await stopRunningWorkers(stopTimeoutMs);
    },
  };
}
