import { Link } from "react-router";
import type { Cart, CartTotals } from "~/lib/cart/cart";
import { formatBRL } from "~/lib/format/money";
import { useStorefront } from "~/components/layout/use-storefront";
import { CouponField } from "./coupon-field";
import { useCoupon } from "../cart-state/coupon-store";
import { WhatsAppOrderButton } from "./whatsapp-order-button";

export function CartSummary({
  cart,
  totals,
}: {
  cart: Cart;
  totals: CartTotals;
}) {
  const { itemCount, totalCents, hasConsultItems } = totals;
  const { delivery } = useStorefront();
  const coupon = useCoupon(cart, null);
  const discountCents = coupon.preview?.ok ? coupon.preview.linesCents : 0;
  const missingForFree = (delivery?.freeFromCents ?? 0) - totalCents;

  return (
    <section aria-labelledby="resumo-pedido" className="rounded-xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-44">
      <h2 id="resumo-pedido" className="text-lg font-bold">
        Resumo do pedido
      </h2>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Itens</dt>
          <dd data-testid="cart-item-count">{itemCount}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Subtotal</dt>
          <dd>{formatBRL(totalCents)}</dd>
        </div>
        {coupon.preview?.ok && discountCents > 0 ? (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>Desconto ({coupon.preview.code})</dt>
            <dd data-testid="cart-discount">−{formatBRL(discountCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Entrega</dt>
          <dd className="text-right">Calculada no checkout</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="cart-total">{formatBRL(totalCents - discountCents)}</dd>
        </div>
      </dl>

      {delivery ? (
        <p className="mt-3 text-xs text-slate-600" data-testid="cart-delivery-note">
          {`${delivery.note}.`}
          {missingForFree > 0 && totalCents > 0
            ? ` Faltam ${formatBRL(missingForFree)} para a entrega grátis${delivery.freeEverywhere ? "" : " nesses bairros"}.`
            : null}
        </p>
      ) : null}
      {hasConsultItems ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">Alguns produtos precisam de consulta de preço.</p>
      ) : null}

      <CouponField code={coupon.code} preview={coupon.preview} />

      <div className="mt-5 flex flex-col gap-3">
        <WhatsAppOrderButton cart={cart} couponCode={coupon.preview?.ok ? coupon.code : ""} />
        <Link
          to="/checkout"
          className="rounded-lg bg-brand-600 px-4 py-3 text-center font-bold text-white hover:bg-brand-700"
        >
          Ir para Checkout
        </Link>
        <Link to="/produtos" className="rounded-lg border border-slate-300 bg-white px-4 py-3 text-center font-semibold text-slate-800 hover:bg-slate-100">
          Continuar comprando
        </Link>
      </div>
    </section>
  );
}
