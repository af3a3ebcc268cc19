import { Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { CartIcon } from "~/components/ui/icons";
import { lazyExport } from "~/components/ui/lazy-export";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useNonce } from "~/components/ui/nonce";
import { CART_STORAGE_KEY, type Cart } from "~/lib/cart/cart";
import { idsToCheck, lineStockLimit, reconcileCart, stockRequestUrls, type ProductStock } from "~/lib/cart/cart-stock";
import type { CartLineActions } from "./cart-contents";
import { cartActions, useCart } from "../cart-state/cart-store";

const CartContents = lazyExport(() => import("./cart-contents"), "CartContents");

/**
 * Run as the page is parsed, before any paint: marks <html> when this browser's stored cart is empty
 * (or unreadable), so the server's page shows the empty cart at once instead of a placeholder that
 * hydration replaces (the page's largest paint came seconds later on a slow phone). Without
 * JavaScript nothing is marked and the placeholder says why the cart cannot be shown.
 */
const MARK_STORED_CART_EMPTY = `try{var c=JSON.parse(localStorage.getItem(${JSON.stringify(CART_STORAGE_KEY)})||"[]");if(!Array.isArray(c)||!c.length)document.documentElement.setAttribute("data-stored-cart-empty","")}catch(e){document.documentElement.setAttribute("data-stored-cart-empty","")}`;

/**
 * The /carrinho page. The cart is only known in the browser: the server renders both the empty cart
 * and a placeholder, and the script above picks one before the first paint.
 */
export function CartView() {
  const nonce = useNonce();
  const hydrated = useHydrated();
  const { cart, totals, remove, setQuantity, clear } = useCart();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const { stocks, changes: stockChanges } = useCartStock(cart, hydrated);

  // A removed line takes its focused button with it: send focus somewhere sensible and say what happened.
  const afterRemoval = (message: string) => {
    setAnnouncement(message);
    headingRef.current?.focus();
  };
  const lineActions: CartLineActions = {
    setQuantity: (item, quantity) => {
      setQuantity(item.cartItemId, quantity);
      if (quantity < 1) afterRemoval(`${item.name} removido do carrinho`);
    },
    remove: (item) => {
      remove(item.cartItemId);
      afterRemoval(`${item.name} removido do carrinho`);
    },
    clear: () => {
      clear();
      afterRemoval("Carrinho esvaziado");
    },
  };

  return (
    // On a phone the cart fills the screen from the start: the skeleton becomes the cart or the empty
    // cart after hydration, and the footer must not move up and down in view meanwhile (a layout shift).
    <div className="container-page min-h-svh py-8 sm:min-h-0">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none sm:text-3xl">
        Meu Carrinho
        {hydrated && totals.itemCount > 0 ? (
          <span className="ml-2 text-base font-normal text-slate-600">
            ({totals.itemCount} {totals.itemCount === 1 ? "item" : "itens"})
          </span>
        ) : null}
      </h1>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      <div role="status" data-testid="stock-changes">
        {stockChanges.length ? (
          <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
            <p className="font-semibold">Conferimos o estoque e atualizamos seu carrinho:</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {stockChanges.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      {hydrated ? null : <script nonce={nonce} dangerouslySetInnerHTML={{ __html: MARK_STORED_CART_EMPTY }} suppressHydrationWarning />}
      {/* The same element before and after hydration when the cart is empty: it is painted once. */}
      {!hydrated || cart.length === 0 ? <EmptyCart className={hydrated ? undefined : "hidden stored-cart-empty:block"} /> : null}
      {!hydrated ? (
        <CartSkeleton className="stored-cart-empty:hidden" />
      ) : cart.length === 0 ? null : (
        // The lines, their steppers and the order's summary (coupon, delivery, WhatsApp): a chunk of their
        // own, fetched when the cart has something in it. An empty cart needs none of it.
        <Suspense fallback={<CartSkeleton />}>
          <CartContents
            cart={cart}
            totals={totals}
            limitOf={(item) => lineStockLimit(item, stocks.get(item.id))}
            lines={lineActions}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The cart's re-check when it opens: the stock of its products from /api/estoque (and of a product
 * another tab adds later), lines brought down to what is on the shelf, and what changed in words.
 */
function useCartStock(cart: Cart, hydrated: boolean) {
  const [stocks, setStocks] = useState<ReadonlyMap<number, ProductStock>>(() => new Map());
  const [changes, setChanges] = useState<string[]>([]);
  const pending = hydrated ? idsToCheck(cart, stocks).join(",") : "";

  useEffect(() => {
    if (!pending) return;
    const ids = pending.split(",").map(Number);
    const controller = new AbortController();
    const requests = stockRequestUrls(ids).map(async (url) => {
      const response = await fetch(url, { signal: controller.signal });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return ((await response.json()) as { products: ProductStock[] }).products;
    });
    Promise.all(requests).then(
      (answers) => {
        const found = answers.flat();
        setStocks((known) => new Map([...known, ...found.map((stock) => [stock.id, stock] as const)]));
        let changed: string[] = [];
        cartActions.update((current) => {
          const reconciled = reconcileCart(current, found, new Set(ids));
          changed = reconciled.changes;
          return reconciled.cart;
        });
        if (changed.length) setChanges(changed);
      },
      () => {
        // Offline, or the page is leaving: the steppers go on unchecked, and the server checks the order.
      },
    );
    return () => controller.abort();
  }, [pending]);

  return { stocks, changes };
}

function EmptyCart({ className = "" }: { className?: string }) {
  return (
    <div className={`mt-6 rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center ${className}`}>
      <CartIcon className="mx-auto h-12 w-12 text-slate-400" />
      <h2 className="mt-4 text-xl font-bold">Seu carrinho está vazio</h2>
      <p className="mt-2 text-slate-600">Confira nossos produtos e escolha o que você gostar.</p>
      <Link to="/produtos" className="mt-6 inline-block rounded-lg bg-brand-600 px-6 py-3 font-bold text-white hover:bg-brand-700">
        Ver produtos
      </Link>
    </div>
  );
}

function CartSkeleton({ className = "" }: { className?: string }) {
  return (
    <div className={`mt-6 lg:grid lg:grid-cols-[1fr_22rem] lg:gap-8 ${className}`} aria-busy="true">
      <p className="sr-only">Carregando o carrinho…</p>
      <noscript>
        <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          O carrinho fica guardado no seu navegador: ative o JavaScript para vê-lo.
        </p>
      </noscript>
      <ul className="divide-y divide-slate-200 border-y border-slate-200" aria-hidden="true">
        {[0, 1].map((index) => (
          <li key={index} className="flex gap-4 py-4">
            <div className="h-20 w-20 animate-pulse rounded-lg bg-slate-100 sm:h-24 sm:w-24" />
            <div className="flex-1 space-y-3 pt-1">
              <div className="h-3 w-24 animate-pulse rounded bg-slate-100" />
              <div className="h-4 w-3/4 animate-pulse rounded bg-slate-100" />
              <div className="h-8 w-28 animate-pulse rounded bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-8 h-72 animate-pulse rounded-xl bg-slate-100 lg:mt-0" aria-hidden="true" />
    </div>
  );
}
