import { useEffect, useRef, useState } from "react";
import { ORDER_EVENTS_PATH, type OrderEvent } from "~/lib/orders/admin-orders";

export type LiveState = "connecting" | "live" | "reconnecting";

type Handlers = {
  onEvent: (event: OrderEvent) => void;
  /** The stream came back after a gap: events may have been missed, so reload. */
  onResync: () => void;
};

const MAX_RETRY_MS = 60_000;

function parseEvent(data: unknown): OrderEvent | null {
  try {
    const value: unknown = JSON.parse(String(data));
    if (value && typeof value === "object" && "type" in value && "id" in value && "code" in value) return value as OrderEvent;
  } catch {
    // ignore a malformed message
  }
  return null;
}

/**
 * Listens to /admin/pedidos/eventos while mounted. The browser reconnects a dropped stream by itself;
 * when it gives up (the server answered with an error, e.g. during a restart) this opens a new one
 * with growing delays.
 */
export function useOrderEvents(handlers: Handlers): LiveState {
  const [state, setState] = useState<LiveState>("connecting");
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let everReady = false;
    let stopped = false;

    const open = () => {
      source = new EventSource(ORDER_EVENTS_PATH);
      source.addEventListener("ready", () => {
        failures = 0;
        setState("live");
        if (everReady) handlersRef.current.onResync();
        everReady = true;
      });
      source.addEventListener("order", (message) => {
        const event = parseEvent(message.data);
        if (event) handlersRef.current.onEvent(event);
      });
      source.addEventListener("error", () => {
        if (stopped || !source) return;
        setState("reconnecting");
        if (source.readyState !== EventSource.CLOSED) return;
        source.close();
        const delay = Math.min(MAX_RETRY_MS, 2_000 * 2 ** failures);
        failures += 1;
        retryTimer = setTimeout(open, delay);
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, []);

  return state;
}
