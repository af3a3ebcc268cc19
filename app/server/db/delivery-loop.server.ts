import { log } from "../log/logger.server";

export type DeliveryLoop = {
  /** Runs a round now, in the background; a call during a round asks for one more round after it. */
  deliverSoon(): void;
  /** Stops the timer and waits for the round in progress. */
  stop(): Promise<void>;
};

/**
 * A process's loop over a durable queue (the e-mail queue, the push queue): a round now, on every
 * deliverSoon(), and every `intervalMs` for retries and for what other processes (or a crash) left.
 * A round that throws (the database is down) is logged; its rows stay queued for the next one.
 */
export function startDeliveryLoop(deliverRound: () => Promise<unknown>, { intervalMs, name }: { intervalMs: number; name: string }): DeliveryLoop {
  let round: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (round) {
      again = true;
      return;
    }
    round = deliverRound()
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error }, `${name} delivery round failed`))
      .finally(() => {
        round = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    deliverSoon: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}

/**
 * A queue's loops, one per database in this process (the app's, or each test's): `start` begins one
 * (what an earlier run left goes now), `soon` has it send what was just queued, `stop` ends it once
 * the round in progress is done.
 */
export function loopsPerDatabase<Db extends object>(name: string, defaultIntervalMs: number) {
  const running = new WeakMap<Db, DeliveryLoop>();
  return {
    start(db: Db, deliverRound: () => Promise<unknown>, { intervalMs = defaultIntervalMs } = {}): DeliveryLoop {
      const loop = startDeliveryLoop(deliverRound, { intervalMs, name });
      running.set(db, loop);
      return loop;
    },
    soon(db: Db): void {
      running.get(db)?.deliverSoon();
    },
    async stop(db: Db): Promise<void> {
      const loop = running.get(db);
      running.delete(db);
      await loop?.stop();
    },
  };
}
