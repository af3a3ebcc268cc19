import type { LiveState } from "./use-order-events";

const LABELS: Record<LiveState, string> = {
  connecting: "Conectando…",
  live: "Ao vivo",
  reconnecting: "Reconectando…",
};

/** 'Novo pedido!' while new orders are unseen, and whether the list is updating by itself. */
export function LiveOrdersStatus({ state, newOrders, onDismiss }: { state: LiveState; newOrders: number; onDismiss: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-slate-600" data-testid="live-state">
        <span aria-hidden="true" className={`h-2 w-2 rounded-full ${state === "live" ? "bg-green-500" : "bg-amber-500"}`} />
        {LABELS[state]}
      </span>
      <div role="status" aria-live="polite">
        {newOrders > 0 ? (
          <button
            type="button"
            onClick={onDismiss}
            className="inline-flex items-center gap-2 rounded-full bg-amber-400 px-3 py-1 text-sm font-bold text-amber-950 shadow"
            title="Marcar como visto"
          >
            Novo pedido!
            {newOrders > 1 ? <span className="rounded-full bg-amber-950/15 px-1.5 text-xs">{newOrders}</span> : null}
          </button>
        ) : null}
      </div>
    </div>
  );
}
