import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { OrderEvent } from "~/lib/orders/admin-orders";
import { playNewOrderSound } from "./new-order-sound";
import { useOrderEvents, type LiveState } from "./use-order-events";

type Handlers = { onEvent: (event: OrderEvent) => void; onResync: () => void };
type LiveOrderEvents = { state: LiveState; listen: (handlers: Handlers) => () => void };

const LiveOrderEventsContext = createContext<LiveOrderEvents | null>(null);

/** "(2) Dashboard | Painel Erick": the tab tells of orders not seen yet, whatever admin page is open. */
function titleWithBadge(title: string, unseen: number): string {
  const bare = title.replace(/^\(\d+\) /, "");
  return unseen > 0 ? `(${unseen}) ${bare}` : bare;
}

/**
 * The admin's one live order stream, for every admin page: a new order chimes and puts a count on the
 * tab's title until the orders list is looked at (for devices that refused notifications, or while
 * the admin is open anyway); the orders page listens to the same stream to refresh its list.
 */
export function LiveOrderEventsProvider({ children }: { children: React.ReactNode }) {
  const listeners = useRef(new Set<Handlers>());
  const [unseen, setUnseen] = useState(0);
  const { pathname } = useLocation();
  const onOrdersPage = pathname.startsWith("/admin/pedidos");

  const state = useOrderEvents({
    onEvent: (event) => {
      if (event.type === "created") {
        playNewOrderSound();
        setUnseen((count) => count + 1);
      }
      for (const listener of listeners.current) listener.onEvent(event);
    },
    onResync: () => {
      for (const listener of listeners.current) listener.onResync();
    },
  });

  // Seen: the orders list is on screen (its "Novo" marks take over from the tab's count).
  useEffect(() => {
    const clearIfSeen = () => {
      if (onOrdersPage && document.visibilityState === "visible") setUnseen(0);
    };
    clearIfSeen();
    document.addEventListener("visibilitychange", clearIfSeen);
    return () => document.removeEventListener("visibilitychange", clearIfSeen);
  }, [onOrdersPage, unseen]);

  // After every render, since a navigation renders the page's own <title> again.
  useEffect(() => {
    const title = titleWithBadge(document.title, unseen);
    if (title !== document.title) document.title = title;
  });

  const listen = useCallback((handlers: Handlers) => {
    listeners.current.add(handlers);
    return () => void listeners.current.delete(handlers);
  }, []);
  return <LiveOrderEventsContext.Provider value={{ state, listen }}>{children}</LiveOrderEventsContext.Provider>;
}

/** The admin's live order stream (LiveOrderEventsProvider, in the admin layout) while mounted. */
export function useLiveOrderEvents(handlers: Handlers): LiveState {
  const live = useContext(LiveOrderEventsContext);
  if (!live) throw new Error("useLiveOrderEvents outside LiveOrderEventsProvider");
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  const { listen } = live;
  useEffect(() => listen({ onEvent: (event) => handlersRef.current.onEvent(event), onResync: () => handlersRef.current.onResync() }), [listen]);
  return live.state;
}
