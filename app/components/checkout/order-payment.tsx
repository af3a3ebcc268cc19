import { useEffect, useState } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { formatBRL } from "~/lib/format/money";
import { formatShopDateTime } from "~/lib/format/shop-time";
import { timeLeftText, type OrderPaymentView } from "~/lib/payments/payment-status";

/** While a Pix waits, the page asks again this often: "Pagamento confirmado" appears without a reload. */
const POLL_MS = 5000;
/** While the provider makes the charge (moments after the checkout), the page asks this often: its code appears without a reload. */
const GENERATING_POLL_MS = 1000;

/** The order's money as the shopper sees it: paid, waiting for the Pix (with its countdown), expired or refunded. */
export function OrderPayment({ payment, error }: { payment: OrderPaymentView; error: string | null }) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [now, setNow] = useState<number | null>(null);
  const waiting = payment.status === "awaiting" && payment.charge !== null;
  const generating = payment.status === "awaiting" && payment.generating;

  useEffect(() => {
    if (!waiting) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [waiting]);

  useEffect(() => {
    if (!waiting && !generating) return;
    const poll = setInterval(
      () => {
        if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
      },
      generating ? GENERATING_POLL_MS : POLL_MS,
    );
    return () => clearInterval(poll);
  }, [waiting, generating, revalidator]);

  if (payment.status === "paid") {
    return (
      <section aria-live="polite" className="mt-8 rounded-xl border border-green-300 bg-green-50 p-5">
        <h2 className="text-lg font-bold text-green-900">Pagamento confirmado</h2>
        <p className="mt-1 text-sm text-green-900">
          {payment.paidAt ? `Recebido em ${formatShopDateTime(payment.paidAt)}` : "Recebido"}
          {payment.confirmedBy === "pix" ? ", confirmado pelo banco." : "."}
        </p>
        {payment.refundedCents > 0 ? <p className="mt-1 text-sm text-green-900">A loja devolveu {formatBRL(payment.refundedCents)} para a sua conta.</p> : null}
      </section>
    );
  }
  if (payment.status === "refunded") {
    return (
      <section aria-live="polite" className="mt-8 rounded-xl border border-slate-300 bg-slate-50 p-5">
        <h2 className="text-lg font-bold">Pagamento devolvido</h2>
        <p className="mt-1 text-sm text-slate-700">A loja devolveu {formatBRL(payment.refundedCents)} para a sua conta.</p>
      </section>
    );
  }
  if (payment.status === "expired") {
    return (
      <section aria-live="polite" className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-5">
        <h2 className="text-lg font-bold text-amber-900">O prazo do Pix acabou</h2>
        <p className="mt-1 text-sm text-amber-900">O pagamento não chegou a tempo e os produtos voltaram para a loja.</p>
        {payment.canRenew ? (
          <Form method="post" className="mt-3">
            <button type="submit" disabled={navigation.state !== "idle"} className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white">
              Gerar novo Pix
            </button>
          </Form>
        ) : null}
        {error ? (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
      </section>
    );
  }
  return <AwaitingPixNotes payment={payment} generating={generating} waiting={waiting} now={now} />;
}

/** A Pix not paid yet: a payment of another amount, the charge being made or not made, and the time left to pay. */
function AwaitingPixNotes({ payment, generating, waiting, now }: { payment: OrderPaymentView; generating: boolean; waiting: boolean; now: number | null }) {
  return (
    <>
      {payment.mismatchCents !== null ? (
        <p role="status" className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          Recebemos um Pix de {formatBRL(payment.mismatchCents)}, diferente do valor do pedido. A loja vai falar com você.
        </p>
      ) : null}
      {generating ? (
        <p role="status" className="mt-8 text-sm font-semibold text-slate-800">
          Gerando o código PIX…
        </p>
      ) : null}
      {payment.chargeUnavailable ? (
        <p role="status" className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          O banco não gerou o Pix deste pedido agora. Pague com o código abaixo; a loja confirma o pagamento.
        </p>
      ) : null}
      {waiting && payment.charge ? (
        <p role="status" className="mt-8 text-sm font-semibold text-slate-800">
          Aguardando o Pix.{now !== null ? ` Pague em até ${timeLeftText(payment.charge.expiresAt, now)}.` : ""} Esta página mostra a confirmação assim que o banco avisar.
        </p>
      ) : null}
    </>
  );
}
