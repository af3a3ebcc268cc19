import { formatBRL } from "~/lib/format/money";
import { couponDeliveryLine, deliveryFeeLabel, type OrderView } from "~/lib/orders/order-message";
import { CONSULT_NOTE } from "~/lib/orders/whatsapp";

/** Subtotal, delivery (none for a counter sale) and total of a recorded order, for the shopper's order page and the admin's. */
export function OrderTotals({ order, className = "" }: {
  order: Pick<OrderView, "subtotalCents" | "totalCents" | "hasConsultItems" | "delivery" | "coupon"> & Partial<Pick<OrderView, "channel" | "counterDiscountCents">>;
  className?: string;
}) {
  return (
    <>
      <dl className={`space-y-2 ${className}`}>
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatBRL(order.subtotalCents)}</dd>
        </div>
        {order.coupon && order.coupon.linesCents > 0 ? (
          <div className="flex justify-between text-green-800" data-testid="order-coupon">
            <dt>Desconto ({order.coupon.code})</dt>
            <dd>−{formatBRL(order.coupon.linesCents)}</dd>
          </div>
        ) : order.counterDiscountCents ? (
          <div className="flex justify-between text-green-800" data-testid="order-discount">
            <dt>Desconto</dt>
            <dd>−{formatBRL(order.counterDiscountCents)}</dd>
          </div>
        ) : null}
        {/* Handed over at the counter: there is no delivery to price. */}
        {order.channel === "balcao" ? null : (
          <div className="flex justify-between">
            <dt>Entrega</dt>
            <dd>{deliveryFeeLabel(order.delivery.feeCents)}</dd>
          </div>
        )}
        <div className="flex justify-between text-lg font-bold">
          <dt>Total</dt>
          <dd>{formatBRL(order.totalCents)}</dd>
        </div>
      </dl>
      {order.coupon && (order.coupon.linesCents === 0 || order.coupon.deliveryWaivedCents > 0) ? (
        <p className="mt-2 text-sm text-green-800" data-testid="order-coupon-delivery">
          {couponDeliveryLine(order.coupon)}
        </p>
      ) : null}
      {order.hasConsultItems ? <p className="mt-2 text-sm text-amber-900">{CONSULT_NOTE}</p> : null}
    </>
  );
}
