import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { cartActions } from "~/components/cart-state/cart-store";
import { couponActions } from "~/components/cart-state/coupon-store";
import { WhatsAppIcon } from "~/components/ui/icons";
import { formatBRL } from "~/lib/format/money";
import type { OrderPaymentView } from "~/lib/payments/payment-status";
import { paymentLabel, type OrderView } from "~/lib/orders/order-message";
import { type OrderHistoryEntry, shopperStatusLabel } from "~/lib/orders/status-messages";
import { HOLD_EXPIRED_EXPLANATION } from "~/lib/holds/hold-expiry";
import { OrderHistoryList } from "./order-history";
import { OrderTotals } from "./order-totals";
import { DeliverySummary } from "./delivery-summary";
import { handOffToWhatsApp } from "../cart/whatsapp-handoff";
import { OrderPayment } from "./order-payment";

type Props = {
  order: OrderView;
  payment: OrderPaymentView | null;
  paymentError: string | null;
  history: OrderHistoryEntry[];
  whatsappUrl: string;
  pixQrSvg: string | null;
  /** The NF-e's DANFE (a delivered order, once authorised); null or absent: none. */
  danfeUrl?: string | null;
};

export function OrderDetails({ order, payment, paymentError, history, whatsappUrl, pixQrSvg, danfeUrl = null }: Props) {
  // Past 'Pendente' the shop has the order: sending it again would only duplicate it in the chat.
  const awaitingSend = order.status === "pending";
  // Cancelled by the shop itself (its hold expired): the last status change says why.
  const lastChange = order.status === "cancelled" ? history.findLast((entry) => entry.kind === "status") : undefined;
  const autoCancelNote = lastChange?.kind === "status" ? lastChange.note : undefined;
  const [searchParams, setSearchParams] = useSearchParams();
  const [justPlaced] = useState(() => searchParams.get("novo") === "1");
  const [handedOff, setHandedOff] = useState<boolean | null>(null);

  // Arriving from the checkout: the order is recorded, so the cart is done with; WhatsApp opens in the
  // tab the click reserved. The flag leaves the URL so a reload does not do it again.
  // Once: setSearchParams changes with the URL it changes, which runs this effect again, and a second
  // hand-off finds no tab and would say WhatsApp never opened.
  const handingOff = useRef(false);
  useEffect(() => {
    if (!justPlaced || !awaitingSend || handingOff.current) return;
    handingOff.current = true;
    cartActions.clear();
    couponActions.clear();
    setHandedOff(handOffToWhatsApp(whatsappUrl));
    setSearchParams((params) => {
      params.delete("novo");
      return params;
    }, { replace: true, preventScrollReset: true });
  }, [justPlaced, awaitingSend, whatsappUrl, setSearchParams]);

  return (
    <div className="container-page max-w-3xl py-8">
      {justPlaced && awaitingSend ? <JustPlacedNotice handedOff={handedOff} /> : null}

      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">Pedido #{order.code}</h1>
        <span data-testid="order-status" className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-800">
          {shopperStatusLabel(order.status, order.delivery.method)}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Feito em {new Date(order.createdAt).toLocaleString("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Recife" })}
      </p>

      {autoCancelNote ? (
        <div role="status" data-testid="order-auto-cancelled" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-bold">{autoCancelNote}</p>
          <p className="mt-1 text-sm">{HOLD_EXPIRED_EXPLANATION}</p>
        </div>
      ) : null}

      {awaitingSend ? (
        <a
          href={whatsappUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="order-whatsapp"
          className="mt-6 flex w-full items-center justify-center gap-2 rounded-lg bg-whatsapp-dark px-4 py-3.5 text-lg font-bold text-white hover:bg-whatsapp-darker sm:w-auto sm:px-8"
        >
          <WhatsAppIcon className="h-5 w-5" />
          {/* Once WhatsApp has opened with the order, a second "send" would invite sending it twice. */}
          {handedOff ? "Abrir o WhatsApp de novo" : "Enviar pelo WhatsApp"}
        </a>
      ) : null}

      <OrderProgress order={order} history={history} danfeUrl={danfeUrl} />

      <OrderItems order={order} />

      <OrderDeliveryAndPayment order={order} />

      {payment ? <OrderPayment payment={payment} error={paymentError} /> : null}

      {order.pixCode ? <PixPayment pixCode={order.pixCode} totalCents={order.totalCents} pixQrSvg={pixQrSvg} /> : null}

      <Link to="/" className="mt-10 inline-block font-semibold text-brand-700 underline">
        Voltar para o início
      </Link>
    </div>
  );
}

/** Just placed: the order is recorded; whether WhatsApp has opened with it says what is left to do. */
function JustPlacedNotice({ handedOff }: { handedOff: boolean | null }) {
  return (
    <div role="status" className="mb-6 rounded-xl border border-green-300 bg-green-50 p-4 text-green-900">
      <p className="font-bold">Pedido registrado!</p>
      <p className="mt-1 text-sm">
        {handedOff
          ? "Seu pedido foi para o WhatsApp da loja, na conversa que abrimos. Se ela fechou antes de você enviar, abra de novo abaixo."
          : "Agora toque em “Enviar pelo WhatsApp” para mandar o pedido para a loja."}
      </p>
    </div>
  );
}

/** The order's status changes so far, and its DANFE once there is one. */
function OrderProgress({ order, history, danfeUrl }: { order: OrderView; history: OrderHistoryEntry[]; danfeUrl: string | null }) {
  return (
    <section aria-labelledby="historico" className="mt-8">
      <h2 id="historico" className="text-lg font-bold">
        Andamento do pedido
      </h2>
      <div className="mt-3">
        <OrderHistoryList entries={history} deliveryMethod={order.delivery.method} testId="order-history" />
      </div>
      {danfeUrl ? (
        <p className="mt-3">
          <a href={danfeUrl} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 underline" data-testid="order-danfe">
            Ver a nota fiscal (DANFE)
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** What was ordered, line by line, and the totals. */
function OrderItems({ order }: { order: OrderView }) {
  return (
    <section aria-labelledby="itens" className="mt-8">
      <h2 id="itens" className="text-lg font-bold">
        Itens
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
        {order.items.map((item, index) => (
          <li key={index} className="flex justify-between gap-3 p-4 text-sm">
            <div>
              <p className="font-semibold">{item.name}</p>
              <p className="text-slate-600">
                {[item.size && `Tamanho: ${item.size}`, item.color && `Cor: ${item.color}`].filter(Boolean).join(" · ")}
              </p>
              <p className="text-slate-600">
                {item.quantity} x {item.unitPriceCents === null ? "Consultar preço" : formatBRL(item.unitPriceCents)}
              </p>
            </div>
            <p className="font-semibold">{item.unitPriceCents === null ? "—" : formatBRL(item.unitPriceCents * item.quantity)}</p>
          </li>
        ))}
      </ul>
      <OrderTotals order={order} className="mt-4 text-sm" />
    </section>
  );
}

/** Where the order goes (or which store it is picked up at) and how it is paid. */
function OrderDeliveryAndPayment({ order }: { order: OrderView }) {
  return (
    <section aria-labelledby="entrega" className="mt-8 grid gap-6 sm:grid-cols-2">
      <div>
        <h2 id="entrega" className="text-lg font-bold">
          {order.delivery.method === "pickup" ? "Retirada na loja" : "Entrega"}
        </h2>
        <div className="mt-2 text-sm text-slate-700">
          <DeliverySummary delivery={order.delivery} />
        </div>
      </div>
      <div>
        <h2 className="text-lg font-bold">Pagamento</h2>
        <p className="mt-2 text-sm text-slate-700">
          {paymentLabel(order.payment.method)}
          {order.payment.installments > 1 ? ` em ${order.payment.installments}x` : ""}
        </p>
      </div>
    </section>
  );
}

/** The order's PIX: its QR code and the copy-and-paste code, with a button that copies it. */
function PixPayment({ pixCode, totalCents, pixQrSvg }: { pixCode: string; totalCents: number; pixQrSvg: string | null }) {
  const [copied, setCopied] = useState(false);

  async function copyPix() {
    try {
      await navigator.clipboard.writeText(pixCode);
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
    } catch {
      setCopied(false);
    }
  }

  return (
    <section aria-labelledby="pix" className="mt-8 rounded-xl border border-slate-200 p-5">
      <h2 id="pix" className="text-lg font-bold">
        Pague com PIX
      </h2>
      <p className="mt-1 text-sm text-slate-600">Escaneie o QR Code ou copie o código no app do seu banco. Valor: {formatBRL(totalCents)}.</p>
      {pixQrSvg ? <div className="mx-auto mt-4 w-56" dangerouslySetInnerHTML={{ __html: pixQrSvg }} /> : null}
      <label htmlFor="pix-code" className="mt-4 block text-sm font-semibold">
        PIX copia e cola
      </label>
      <textarea id="pix-code" readOnly value={pixCode} rows={3} className="mt-1 w-full rounded-lg border border-slate-300 p-2 font-mono text-xs" />
      <button type="button" onClick={copyPix} className="mt-2 rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white">
        {copied ? "Código copiado!" : "Copiar código PIX"}
      </button>
    </section>
  );
}
