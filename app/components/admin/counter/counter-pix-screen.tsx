import { useEffect, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { COUNTER_PATH, counterReceiptPath } from "~/lib/counter/counter-sale";
import { CONFIRM_COUNTER_PIX_INTENT, COUNTER_PIX_POLL_MS, type CounterPixScreen } from "~/lib/counter/counter-pix";
import type { ActionResult } from "~/lib/forms/action-result";
import { formatBRL } from "~/lib/format/money";
import { adminOrderPath } from "~/lib/orders/admin-orders";

/**
 * A counter sale's PIX on the clerk's phone, turned to the customer: the QR code for the sale's total
 * across the screen's width, the copia-e-cola under it, and what happens next. With the provider's
 * charge it turns to "Pagamento confirmado" by itself (the screen asks every 3 s); with the shop's
 * static code the clerk confirms the money seen in the bank app.
 */
export function CounterPixView({ screen }: { screen: CounterPixScreen }) {
  const revalidator = useRevalidator();
  const confirm = useFetcher<ActionResult>();
  const [copied, setCopied] = useState(false);
  const waiting = screen.status === "awaiting" && !screen.cancelled;

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, COUNTER_PIX_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);

  async function copy() {
    if (!screen.copyPaste) return;
    try {
      await navigator.clipboard.writeText(screen.copyPaste);
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
    } catch {
      setCopied(false);
    }
  }

  const paid = screen.status === "paid" || screen.status === "refunded";
  return (
    <div className="mx-auto max-w-md space-y-4">
      <div className="text-center">
        <h1 className="text-lg font-bold">PIX da venda #{screen.code}</h1>
        <p className="text-4xl font-black" data-testid="counter-pix-total">
          {formatBRL(screen.totalCents)}
        </p>
      </div>

      <CounterPixStatus screen={screen} paid={paid} />

      {waiting && screen.copyPaste ? <PixCode screen={screen} copyPaste={screen.copyPaste} copied={copied} onCopy={copy} /> : null}

      {screen.canConfirm && !paid && !screen.cancelled ? (
        <confirm.Form method="post">
          <input type="hidden" name="intent" value={CONFIRM_COUNTER_PIX_INTENT} />
          <button type="submit" disabled={confirm.state !== "idle"} className="w-full rounded-lg bg-emerald-700 px-4 py-3 text-lg font-bold text-white disabled:bg-slate-300">
            {confirm.state !== "idle" ? "Confirmando…" : "Confirmar pagamento recebido"}
          </button>
        </confirm.Form>
      ) : null}
      {confirm.state === "idle" && confirm.data && !confirm.data.ok ? (
        <p role="alert" className="font-medium text-red-700">
          {confirm.data.errors.form}
        </p>
      ) : null}

      <div className="grid grid-cols-2 gap-2">
        {paid ? (
          <Link to={counterReceiptPath(screen.orderId)} className="col-span-2 rounded-lg bg-slate-900 px-3 py-3 text-center text-lg font-bold text-white">
            Ver recibo
          </Link>
        ) : null}
        <Link to={COUNTER_PATH} className="rounded-lg border border-slate-300 bg-white px-3 py-3 text-center font-semibold">
          Nova venda
        </Link>
        <Link to={adminOrderPath(screen.orderId)} className="rounded-lg border border-slate-300 bg-white px-3 py-3 text-center font-semibold">
          Ver o pedido
        </Link>
      </div>
    </div>
  );
}

/** The QR code (or, too long for one, only the text) and the copia-e-cola with its button. */
function PixCode({ screen, copyPaste, copied, onCopy }: { screen: CounterPixScreen; copyPaste: string; copied: boolean; onCopy: () => void }) {
  return (
    <section aria-label="Código PIX" className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      {screen.qrSvg ? (
        <div className="mx-auto w-full max-w-[22rem]" data-testid="counter-pix-qr" dangerouslySetInnerHTML={{ __html: screen.qrSvg }} />
      ) : (
        <p className="text-center text-sm text-slate-700">Este código é longo demais para QR: copie e envie ao cliente.</p>
      )}
      <label htmlFor="counter-pix-code" className="block text-sm font-semibold">
        PIX copia e cola
      </label>
      <textarea id="counter-pix-code" readOnly value={copyPaste} rows={3} className="w-full rounded-lg border border-slate-300 p-2 font-mono text-xs" />
      <button type="button" onClick={onCopy} className="w-full rounded-lg border border-slate-300 px-4 py-3 font-semibold">
        {copied ? "Código copiado!" : "Copiar código PIX"}
      </button>
      <p aria-live="polite" className="text-center font-semibold text-slate-800">
        {screen.byProvider ? "Aguardando o pagamento: a venda fica paga sozinha quando o banco confirmar." : "Confira o Pix no app do banco e confirme abaixo."}
      </p>
    </section>
  );
}

/** Where the sale stands: cancelled, paid, expired, code on its way, or no PIX key to show. */
function CounterPixStatus({ screen, paid }: { screen: CounterPixScreen; paid: boolean }) {
  return screen.cancelled ? (
    <p role="status" className="rounded-lg bg-slate-100 p-3 text-center font-semibold">
      Esta venda foi cancelada.
    </p>
  ) : paid ? (
    <p role="status" className="rounded-lg bg-emerald-50 p-4 text-center text-2xl font-black text-emerald-900">
      Pagamento confirmado
    </p>
  ) : screen.status === "expired" ? (
    <p role="status" className="rounded-lg bg-amber-50 p-3 text-center font-semibold text-amber-900">
      O Pix desta venda expirou. Se o dinheiro chegou, confirme abaixo; senão, faça a venda de novo.
    </p>
  ) : screen.generating ? (
    <p role="status" className="rounded-lg bg-slate-50 p-4 text-center font-semibold">
      Gerando o código PIX…
    </p>
  ) : screen.noKey ? (
    <p role="alert" className="rounded-lg bg-red-50 p-3 font-semibold text-red-800">
      A loja não tem chave PIX cadastrada: cadastre em Configurações para mostrar o código.
    </p>
  ) : null;
}
