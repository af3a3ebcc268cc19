import { useEffect, useRef, useState } from "react";
import { TrashIcon } from "~/components/ui/icons";
import type { Cart, CartItem, CartTotals } from "~/lib/cart/cart";
import type { lineStockLimit } from "~/lib/cart/cart-stock";
import { CartLine } from "./cart-line";
import { CartSummary } from "./cart-summary";

/** What the cart page does when a line changes (it moves the focus and says what happened). */
export type CartLineActions = {
  setQuantity: (item: CartItem, quantity: number) => void;
  remove: (item: CartItem) => void;
  clear: () => void;
};

/**
 * A cart with something in it: its lines and the order's summary. A chunk of its own
 * (components/cart/cart-view.tsx), so that the empty cart does not load it.
 */
export function CartContents({
  cart,
  totals,
  limitOf,
  lines,
}: {
  cart: Cart;
  totals: CartTotals;
  /** A line's stock limit, from the cart's re-check (cart-view.tsx keeps that code). */
  limitOf: (item: CartItem) => ReturnType<typeof lineStockLimit>;
  lines: CartLineActions;
}) {
  return (
    <div className="mt-6 lg:grid lg:grid-cols-[1fr_22rem] lg:items-start lg:gap-8">
      <section aria-labelledby="itens-do-carrinho">
        {/* The lines' names are h3s: this keeps the outline h1 > h2 > h3 for screen-reader users. */}
        <h2 id="itens-do-carrinho" className="sr-only">
          Itens do carrinho
        </h2>
        <ul className="divide-y divide-slate-200 border-y border-slate-200">
          {cart.map((item) => (
            <CartLine
              key={item.cartItemId}
              item={item}
              limit={limitOf(item)}
              onQuantity={(quantity) => lines.setQuantity(item, quantity)}
              onRemove={() => lines.remove(item)}
            />
          ))}
        </ul>
        <ClearCart onClear={lines.clear} />
      </section>
      <div className="mt-8 lg:mt-0">
        <CartSummary cart={cart} totals={totals} />
      </div>
    </div>
  );
}

/** Emptying the whole cart asks once more, inline, instead of a browser confirm dialog. */
function ClearCart({ onClear }: { onClear: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) startRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  return (
    <div className="mt-4 flex min-h-11 flex-wrap items-center gap-3">
      {confirming ? (
        <div role="group" aria-label="Confirmar limpeza do carrinho" className="flex flex-wrap items-center gap-3">
          <span className="text-sm font-semibold text-slate-800">Tem certeza? Todos os itens serão removidos.</span>
          <button
            ref={confirmRef}
            type="button"
            onClick={onClear}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Sim, limpar
          </button>
          <button
            type="button"
            onClick={() => setConfirming(false)}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
          >
            Cancelar
          </button>
        </div>
      ) : (
        <button
          ref={startRef}
          type="button"
          onClick={() => setConfirming(true)}
          className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 hover:bg-red-50 hover:text-brand-700"
        >
          <TrashIcon className="h-4 w-4" />
          Limpar carrinho
        </button>
      )}
    </div>
  );
}
