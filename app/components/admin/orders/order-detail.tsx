import { Link, useFetcher } from "react-router";
import { OrderHistoryList } from "~/components/checkout/order-history";
import { OrderTotals } from "~/components/checkout/order-totals";
import { DeliverySummary } from "~/components/checkout/delivery-summary";
import { WhatsAppIcon } from "~/components/ui/icons";
import {
  adminOrderPath,
  CHANNEL_LABELS,
  COUNTER_SALE_LABEL,
  DEMO_ORDER_LABEL,
  type AdminOrderPageData,
  orderCustomerLabel,
  STATUS_MESSAGE_OPENED_INTENT,
} from "~/lib/orders/admin-orders";
import { formatBRL, instalmentCents } from "~/lib/format/money";
import { paymentLabel } from "~/lib/orders/order-message";
import { formatShopDateTime } from "~/lib/format/shop-time";
import { OrderStatusBadge } from "./order-status-badge";
import { OrderStatusControl } from "./order-status-control";
import { TrackingCodeForm } from "./tracking-code-form";
import { OrderPaymentPanel } from "./order-payment-panel";
import { OrderFiscalPanelView } from "./order-fiscal-panel";
import { PaymentBadge } from "./payment-badge";
import { OrderStoreForm } from "./order-store-form";
import { orderStoreIsFixed } from "~/lib/stores/store-stock";

type OrderDetailData = AdminOrderPageData["detail"];

const SECTION_HEADING = "text-sm font-bold uppercase tracking-wide text-slate-500";

/**
 * Everything about one order for the clerk: on /admin/pedidos/{id} (under its h1, so sections are h2)
 * and in the list's modal (under the dialog's h2, so h3).
 */
export function OrderDetail({ data, headingLevel = 3 }: { data: AdminOrderPageData; headingLevel?: 2 | 3 }) {
  const { detail, whatsappUrl, whatsappMessages, payment, allowed } = data;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { order } = detail;
  const messageOpened = useFetcher();

  return (
    <div className="space-y-6 text-sm" data-testid="admin-order-detail">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <OrderStatusBadge status={order.status} deliveryMethod={order.delivery.method} />
        {payment ? <PaymentBadge status={payment.status} mismatchCents={payment.mismatchCents} refundedCents={payment.refundedCents} /> : null}
        <span className="text-slate-600">{CHANNEL_LABELS[order.channel]}</span>
        {detail.demoProducts ? (
          <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-bold uppercase text-slate-700" title="Pedido com produtos de demonstração: fora dos números">
            {DEMO_ORDER_LABEL}
          </span>
        ) : null}
        <a href={detail.publicPath} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline">
          Ver página do pedido
        </a>
      </div>

      <div className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <OrderStatusControl orderId={detail.id} status={order.status} deliveryMethod={order.delivery.method} />
        {whatsappUrl ? (
          <a
            href={whatsappUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="notify-customer"
            // The link still opens WhatsApp as a plain link; the history records it alongside.
            onClick={() => void messageOpened.submit({ intent: STATUS_MESSAGE_OPENED_INTENT }, { method: "post", action: adminOrderPath(detail.id) })}
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-whatsapp-dark px-4 py-2.5 font-semibold text-white hover:bg-whatsapp-darker"
          >
            <WhatsAppIcon className="h-5 w-5" />
            Avisar cliente no WhatsApp
          </a>
        ) : null}
      </div>

      {whatsappMessages.length > 0 ? <WhatsAppMessagesSection orderId={detail.id} messages={whatsappMessages} Heading={Heading} /> : null}

      <OrderDates detail={detail} />

      <CustomerSection detail={detail} Heading={Heading} />

      <DeliverySection detail={detail} Heading={Heading} canChangeStore={allowed.changeStore} />

      <ItemsSection detail={detail} Heading={Heading} />

      <PaymentSection detail={detail} payment={payment} canRefund={allowed.refund} Heading={Heading} />

      {data.fiscal ? (
        <section aria-labelledby={`nota-${detail.id}`}>
          <Heading id={`nota-${detail.id}`} className={SECTION_HEADING}>
            Nota fiscal
          </Heading>
          <OrderFiscalPanelView panel={data.fiscal} action={adminOrderPath(detail.id)} />
        </section>
      ) : null}

      {order.notes ? (
        <section aria-labelledby={`obs-${detail.id}`}>
          <Heading id={`obs-${detail.id}`} className={SECTION_HEADING}>
            Observações
          </Heading>
          <p className="mt-2 whitespace-pre-line text-slate-800">{order.notes}</p>
        </section>
      ) : null}

      <section aria-labelledby={`historico-${detail.id}`}>
        <Heading id={`historico-${detail.id}`} className={SECTION_HEADING}>
          Histórico
        </Heading>
        <div className="mt-2">
          <OrderHistoryList entries={detail.history} deliveryMethod={order.delivery.method} testId="admin-order-history" />
        </div>
      </section>

      {detail.account ? (
        <p>
          <Link to={`/admin/clientes?cliente=${encodeURIComponent(detail.account.id)}`} className="font-semibold text-brand-700 underline">
            Ver cliente
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** How the customer pays (instalments included) and, with a payment record, the money panel. */
function PaymentSection({ detail, payment, canRefund, Heading }: {
  detail: OrderDetailData;
  payment: AdminOrderPageData["payment"];
  canRefund: boolean;
  Heading: "h2" | "h3";
}) {
  const { order } = detail;
  return (
    <section aria-labelledby={`pagamento-${detail.id}`}>
      <Heading id={`pagamento-${detail.id}`} className={SECTION_HEADING}>
        Pagamento
      </Heading>
      <p className="mt-2 text-slate-800">
        {paymentLabel(order.payment.method)}
        {order.payment.installments > 1 ? ` em ${order.payment.installments}x de ${formatBRL(instalmentCents(order.totalCents, order.payment.installments))}` : ""}
      </p>
      {payment ? <OrderPaymentPanel payment={payment} action={adminOrderPath(detail.id)} orderTotalCents={order.totalCents} canRefund={canRefund} /> : null}
    </section>
  );
}

function ItemsSection({ detail, Heading }: { detail: OrderDetailData; Heading: "h2" | "h3" }) {
  return (
    <section aria-labelledby={`itens-${detail.id}`}>
      <Heading id={`itens-${detail.id}`} className={SECTION_HEADING}>
        Itens
      </Heading>
      <OrderItemsTable items={detail.order.items} labelledBy={`itens-${detail.id}`} />
      <div className="mt-3 ml-auto max-w-xs">
        <OrderTotals order={detail.order} />
      </div>
    </section>
  );
}

/** A card per item on a phone (table-stacked); between that and a wide screen it may scroll sideways, so it is focusable for the keyboard. */
function OrderItemsTable({ items, labelledBy }: { items: OrderDetailData["order"]["items"]; labelledBy: string }) {
  return (
    <div className="mt-2 overflow-x-auto" tabIndex={0} role="group" aria-labelledby={labelledBy}>
      <table className="table-stacked w-full text-left sm:min-w-[32rem]">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">Produto</th>
            <th scope="col" className="py-2 pr-3 font-semibold">Tamanho</th>
            <th scope="col" className="py-2 pr-3 font-semibold">Cor</th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">Qtd.</th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">Preço unit.</th>
            <th scope="col" className="py-2 text-right font-semibold">Subtotal</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item, index) => (
            <tr key={index}>
              <td className="py-2 pr-3 font-medium">{item.name}</td>
              <td data-label="Tamanho" className="py-2 pr-3">{item.size ?? "—"}</td>
              <td data-label="Cor" className="py-2 pr-3">{item.color ?? "—"}</td>
              <td data-label="Qtd." className="py-2 pr-3 text-right">{item.quantity}</td>
              <td data-label="Preço unit." className="py-2 pr-3 text-right">{item.unitPriceCents === null ? "Consultar" : formatBRL(item.unitPriceCents)}</td>
              <td data-label="Subtotal" className="py-2 text-right">{item.unitPriceCents === null ? "—" : formatBRL(item.unitPriceCents * item.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How the order reaches the customer (or was handed over at the counter), its tracking code and its store. */
function DeliverySection({ detail, Heading, canChangeStore }: { detail: OrderDetailData; Heading: "h2" | "h3"; canChangeStore: boolean }) {
  const { order } = detail;
  // A counter sale is not a web order: no customer by the cart, no pick-up, no delivery fee.
  const counterSale = order.channel === "balcao";
  return (
    <section aria-labelledby={`entrega-${detail.id}`}>
      <Heading id={`entrega-${detail.id}`} className={SECTION_HEADING}>
        {counterSale ? COUNTER_SALE_LABEL : order.delivery.method === "pickup" ? "Retirada na loja" : "Entrega"}
      </Heading>
      <div className="mt-2 text-slate-800">
        {counterSale && order.delivery.method === "pickup" ? (
          <p>
            {order.delivery.locationName}: entregue no balcão{detail.clerkName ? ` por ${detail.clerkName}` : ""}.
          </p>
        ) : (
          <DeliverySummary delivery={order.delivery} />
        )}
        {order.delivery.method === "delivery" ? <TrackingCodeForm action={adminOrderPath(detail.id)} trackingCode={order.delivery.trackingCode ?? null} /> : null}
        <OrderStoreForm
          action={adminOrderPath(detail.id)}
          store={detail.store}
          canChange={canChangeStore}
          handedOver={orderStoreIsFixed({ channel: order.channel, status: order.status })}
        />
      </div>
    </section>
  );
}

function CustomerSection({ detail, Heading }: { detail: OrderDetailData; Heading: "h2" | "h3" }) {
  const { order } = detail;
  return (
    <section aria-labelledby={`cliente-${detail.id}`}>
      <Heading id={`cliente-${detail.id}`} className={SECTION_HEADING}>
        Cliente
      </Heading>
      <div className="mt-2 space-y-0.5 text-slate-800">
        <p className="font-semibold" data-testid="order-customer">
          {orderCustomerLabel({ customerName: order.customer.name || detail.account?.name || "", channel: order.channel, clerkName: detail.clerkName })}
        </p>
        {order.customer.email ? <p>{order.customer.email}</p> : null}
        {detail.contactPhone ? <p>{detail.contactPhone}</p> : null}
        {order.customer.cpf ? <p>CPF: {order.customer.cpf}</p> : null}
        {detail.account ? (
          <p className="text-slate-600">
            Conta: {detail.account.name} ({detail.account.email})
          </p>
        ) : null}
        {order.channel === "cart" ? <p className="text-slate-600">Pedido rápido pelo carrinho: dados combinados no WhatsApp.</p> : null}
      </div>
    </section>
  );
}

/** When it was made and last changed, who sold it at the counter, and whether its stock was taken. */
function OrderDates({ detail }: { detail: OrderDetailData }) {
  return (
    <dl className="grid gap-x-6 gap-y-1 text-slate-700 sm:grid-cols-2">
      <div>
        <dt className="inline font-semibold">Criado em: </dt>
        <dd className="inline">{formatShopDateTime(detail.order.createdAt)}</dd>
      </div>
      <div>
        <dt className="inline font-semibold">Atualizado em: </dt>
        <dd className="inline" data-testid="order-updated-at">
          {formatShopDateTime(detail.updatedAt)}
        </dd>
      </div>
      {detail.clerkName !== null ? (
        <div>
          <dt className="inline font-semibold">Vendido no balcão por: </dt>
          <dd className="inline" data-testid="order-clerk">
            {detail.clerkName}
          </dd>
        </div>
      ) : null}
      <div>
        <dt className="inline font-semibold">Estoque: </dt>
        <dd className="inline">{detail.stockApplied ? "baixado deste pedido" : "não baixado"}</dd>
      </div>
    </dl>
  );
}

function WhatsAppMessagesSection({ orderId, messages, Heading }: { orderId: string; messages: AdminOrderPageData["whatsappMessages"]; Heading: "h2" | "h3" }) {
  return (
    <section aria-labelledby={`whatsapp-${orderId}`}>
      <Heading id={`whatsapp-${orderId}`} className={SECTION_HEADING}>
        Mensagens automáticas no WhatsApp
      </Heading>
      <ul className="mt-2 space-y-1 text-slate-800" data-testid="whatsapp-messages">
        {messages.map((message) => (
          <li key={message.topic} data-state={message.state}>
            <span className="font-semibold">{message.label}</span>: {message.stateLabel}
            {message.reason ? <span className={message.state === "failed" ? "text-red-700" : "text-slate-600"}> ({message.reason})</span> : null}
            <span className="text-slate-500"> · {formatShopDateTime(message.at)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
