// One render of a stale page at a time across the worker processes (server/workers.ts), not one per
// worker: each worker keeps its own page cache (server/page-cache.ts), so after a change every worker
// finds the page stale. The first worker to find it asks the primary for the page's render; the others
// are told no and keep serving the stale page until the page that worker rendered reaches them through
// the primary. A claim lapses (RENDER_CLAIM_MS) and a worker that dies gives its claims up, so a lost
// render leaves a page stale for seconds, not for good.
//
//   worker A ──claim K──▶ primary ──yes──▶ A renders K ──finished K + page──▶ primary ──▶ worker B, C…
//   worker B ──claim K──▶ primary ──no───▶ B serves K stale until A's page arrives
import type { Cluster, Worker } from "node:cluster";

/** How long a claimed render may take before another process may claim the page again. */
export const RENDER_CLAIM_MS = 30_000;
/** A worker whose claim the primary does not answer in time renders the page itself. */
const ANSWER_TIMEOUT_MS = 1_000;

/** What a process hands the others once its render of a page is over. */
export type SharedPage = {
  contentType: string;
  cacheControl: string | null;
  /** The body's parts in UTF-8, split at the nonce, and each as raw deflate blocks (server/page-cache.ts) once it has them. */
  parts: Uint8Array[];
  deflated?: Uint8Array[];
  url: string | undefined;
  /** Wall-clock time the render started: a change a process heard after it may be missing from the page. */
  renderStartedAt: number;
};

/** How a claimed render ended: the page to keep, a page no longer to keep at all, or nothing to keep this time. */
export type RenderOutcome = { kind: "page"; page: SharedPage } | { kind: "forget" } | { kind: "abandon" };

export type RenderPeers = {
  /** Whether this process renders `key` again now; false: another one does, and its page will follow. */
  claim: (key: string) => Promise<boolean>;
  /** This process's claimed render of `key` is over. */
  finished: (key: string, outcome: RenderOutcome) => void;
  /** Another process's claimed render is over. */
  onFinished: (listener: (key: string, outcome: RenderOutcome) => void) => void;
};

const CLAIM = "erick-page-render:claim";
const ANSWER = "erick-page-render:answer";
const FINISHED = "erick-page-render:finished";

type ClaimMessage = { type: typeof CLAIM; id: number; key: string };
type AnswerMessage = { type: typeof ANSWER; id: number; granted: boolean };
type FinishedMessage = { type: typeof FINISHED; key: string; outcome: RenderOutcome };

function isMessage<T extends { type: string }>(message: unknown, type: T["type"]): message is T {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === type;
}

/**
 * In the primary: answers the workers' claims, one worker per page at a time, and passes each claimed
 * render's outcome to the other workers that take pages (`takesPages`: not the render workers). Messages carry Buffers: the workers are forked with
 * `serialization: "advanced"` (server/workers.ts).
 */
export function coordinatePageRenders(
  cluster: Cluster,
  { claimMs = RENDER_CLAIM_MS, now = Date.now, takesPages = () => true }: { claimMs?: number; now?: () => number; takesPages?: (worker: Worker) => boolean } = {},
) {
  const claims = new Map<string, { workerId: number; until: number }>();
  const others = (worker: Worker) =>
    Object.values(cluster.workers ?? {}).filter((other): other is Worker => !!other && other.id !== worker.id && other.isConnected() && takesPages(other));
  cluster.on("message", (worker, message: unknown) => {
    if (isMessage<ClaimMessage>(message, CLAIM)) {
      const claim = claims.get(message.key);
      const granted = !claim || claim.until <= now() || claim.workerId === worker.id;
      if (granted) claims.set(message.key, { workerId: worker.id, until: now() + claimMs });
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, granted } satisfies AnswerMessage);
    } else if (isMessage<FinishedMessage>(message, FINISHED)) {
      if (claims.get(message.key)?.workerId === worker.id) claims.delete(message.key);
      for (const other of others(worker)) other.send(message);
    }
  });
  // A worker that died mid-render: the others may render its pages at once.
  cluster.on("exit", (worker) => {
    for (const [key, claim] of claims) {
      if (claim.workerId !== worker.id) continue;
      claims.delete(key);
      for (const other of others(worker)) other.send({ type: FINISHED, key, outcome: { kind: "abandon" } } satisfies FinishedMessage);
    }
  });
}

type ProcessChannel = Pick<NodeJS.Process, "on" | "send" | "connected">;

/** In a worker: claims and outcomes through the primary (coordinatePageRenders). */
export function workerRenderPeers(channel: ProcessChannel = process): RenderPeers {
  const answers = new Map<number, (granted: boolean) => void>();
  const listeners: ((key: string, outcome: RenderOutcome) => void)[] = [];
  let lastId = 0;
  const send = (message: ClaimMessage | FinishedMessage): boolean => {
    if (!channel.connected || !channel.send) return false;
    try {
      return channel.send(message);
    } catch {
      return false;
    }
  };
  channel.on("message", (message: unknown) => {
    if (isMessage<AnswerMessage>(message, ANSWER)) {
      answers.get(message.id)?.(message.granted);
    } else if (isMessage<FinishedMessage>(message, FINISHED)) {
      for (const listener of listeners) listener(message.key, message.outcome);
    }
  });
  return {
    claim: (key) =>
      new Promise<boolean>((resolve) => {
        lastId += 1;
        const id = lastId;
        const answered = (granted: boolean) => {
          clearTimeout(timer);
          answers.delete(id);
          resolve(granted);
        };
        // No primary to ask, or no answer: render here rather than keep shoppers on a stale page.
        const timer = setTimeout(() => answered(true), ANSWER_TIMEOUT_MS);
        timer.unref();
        answers.set(id, answered);
        if (!send({ type: CLAIM, id, key })) answered(true);
      }),
    finished: (key, outcome) => void send({ type: FINISHED, key, outcome }),
    onFinished: (listener) => void listeners.push(listener),
  };
}
