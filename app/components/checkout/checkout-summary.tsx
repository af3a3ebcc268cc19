import { Link } from "react-router";
import type { CartItem } from "~/lib/cart/cart";
import { ProductImage } from "~/components/product/product-image";
import { WhatsAppIcon } from "~/components/ui/icons";
import type { CouponPreview } from "~/lib/coupons/coupons";
import { formatBRL } from "~/lib/format/money";
import { CONSULT_NOTE } from "~/lib/orders/whatsapp";

/** The order beside the form: its lines, subtotal, delivery and total, and the button that sends it. */
export function CheckoutSummary({
  items,
  subtotalCents,
  deliveryLabel,
  totalCents,
  hasConsultItems,
  submitting,
  discount,
  children,
}: {
  items: readonly CartItem[];
  subtotalCents: number;
  deliveryLabel: string;
  totalCents: number;
  hasConsultItems: boolean;
  submitting: boolean;
  /** The coupon's preview when it applies (the order decides again). */
  discount: Extract<CouponPreview, { ok: true }> | null;
  /** The coupon field, between the lines and the totals. */
  children?: React.ReactNode;
}) {
  return (
    <aside aria-labelledby="resumo" className="h-fit rounded-xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-36">
      <h2 id="resumo" className="text-lg font-bold">
        Resumo do pedido
      </h2>
      <ul className="mt-4 divide-y divide-slate-200">
        {items.map((item) => (
          <li key={item.cartItemId} className="flex gap-3 py-3">
            <ProductImage image={item.image} alt="" sizes="64px" className="h-16 w-16 shrink-0 rounded-lg object-cover" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold">{item.name}</p>
              <p className="text-slate-600">{[item.size && `Tam. ${item.size}`, item.color, `${item.quantity} un.`].filter(Boolean).join(" · ")}</p>
            </div>
            <p className="text-sm font-semibold">{item.priceCents === null ? "Consultar" : formatBRL(item.priceCents * item.quantity)}</p>
          </li>
        ))}
      </ul>
      {children}
      <dl className="mt-4 space-y-2 border-t border-slate-200 pt-4 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatBRL(subtotalCents)}</dd>
        </div>
        {discount && discount.linesCents > 0 ? (
          <div className="flex justify-between text-green-800">
            <dt>Desconto ({discount.code})</dt>
            <dd data-testid="order-discount">−{formatBRL(discount.linesCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>Entrega</dt>
          <dd data-testid="delivery-fee">{deliveryLabel}</dd>
        </div>
        <div className="flex justify-between text-lg font-bold">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatBRL(totalCents)}</dd>
        </div>
      </dl>
      {hasConsultItems ? <p className="mt-2 text-sm text-amber-900">{CONSULT_NOTE}</p> : null}
      <button
        type="submit"
        disabled={submitting}
        className="mt-5 flex w-full items-center justify-center gap-2 rounded-lg bg-whatsapp-dark px-4 py-3.5 text-lg font-bold text-white hover:bg-whatsapp-darker disabled:opacity-70"
      >
        <WhatsAppIcon className="h-5 w-5" />
        {submitting ? "Enviando…" : "Enviar Pedido"}
      </button>
      <Link to="/carrinho" className="mt-3 block text-center text-sm font-semibold text-slate-700 underline">
        Voltar ao carrinho
      </Link>
    </aside>
  );
}
