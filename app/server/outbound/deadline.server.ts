// Every call to an outside service (the Pix provider, Mercado Pago, the CEP lookup, Melhor Envio, push
// services, SMTP) has a deadline on the whole call, from the connection to the answer's last byte: an
// idle timeout alone lets a service that trickles a byte every few seconds hold the caller for minutes.
// A page never waits on one longer than PAGE_WAIT_MS; background work (queues, pollers) may allow
// more, still bounded (docs/reliability.md, "Outside services").

/** The longest a page or an action waits on an outside service before it answers without it. */
export const PAGE_WAIT_MS = 2_000;

/** The call ran out of its time: the caller carries on without the service's answer. */
export class DeadlineExceededError extends Error {
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    super(`${what} did not finish in ${ms} ms`);
    this.name = "DeadlineExceededError";
  }
}

/**
 * Runs `call` with a deadline of `ms` on the whole of it. The signal given to `call` aborts at the
 * deadline (pass it to fetch or http(s).request and the connection is closed too); whatever `call`
 * does with it, the promise settles by then, rejecting with DeadlineExceededError.
 */
export function withDeadline<T>(what: string, ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new DeadlineExceededError(what, ms);
      controller.abort(error);
      reject(error);
    }, ms);
    call(controller.signal).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(controller.signal.aborted ? controller.signal.reason : error);
      },
    );
  });
}

/**
 * Waits for `work` at most `ms` (PAGE_WAIT_MS for a page): its value, or undefined when it is still
 * going, in which case it goes on in the background (bounded by its own call's deadline) and a failure
 * then is only logged by `onLateError`.
 */
export async function waitAtMost<T>(work: Promise<T>, ms: number, onLateError: (error: unknown) => void): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = Symbol("late");
  const outcome = await Promise.race([work, new Promise<typeof late>((resolve) => (timer = setTimeout(() => resolve(late), ms)))]).finally(() => clearTimeout(timer));
  if (outcome === late) {
    work.catch(onLateError);
    return undefined;
  }
  return outcome;
}
