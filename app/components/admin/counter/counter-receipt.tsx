import { Link } from "react-router";
import { changeCents, COUNTER_PATH, receiptDateTime, receiptFiscalLines, receiptLineAmount, receiptPaymentLabel, receiptText, type CounterReceipt } from "~/lib/counter/counter-sale";
import { variantLabel } from "~/lib/catalog/variants";
import { formatBRL } from "~/lib/format/money";
import { adminOrderPath } from "~/lib/orders/admin-orders";

/**
 * A counter sale's receipt: sent on WhatsApp (the clerk picks the contact) or printed on a 58 or
 * 80 mm receipt printer, or a desktop's (the print CSS drops the panel's frame and fits the paper's
 * width). Each line with its unit price, the clerk's discount, "CPF na nota", Crédito's instalments.
 */
export function CounterReceiptView({ receipt, qrSvg = null }: { receipt: CounterReceipt; qrSvg?: string | null }) {
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(receiptText(receipt))}`;
  return (
    <div className="mx-auto max-w-md space-y-4">
      {/* The panel's frame (menu, top bar) is dropped from every admin print by app.css; the receipt fills the paper's width. */}
      <style>{`@media print {
  @page { margin: 2mm; }
  .receipt { width: 100%; max-width: 76mm; margin: 0 auto; font-size: 11px; line-height: 1.35; box-shadow: none; border: 0; padding: 0; }
}
@media print and (max-width: 62mm) { .receipt { font-size: 9px; } }`}</style>
      <p className="rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-900 print:hidden" role="status">
        {receipt.cancelled ? "Esta venda foi cancelada." : "Venda registrada."}
      </p>
      <article className="receipt rounded-lg border border-slate-200 bg-white p-4 font-mono text-sm text-black" aria-label="Recibo">
        <h1 className="text-center font-bold">{receipt.store.name}</h1>
        {receipt.store.address ? <p className="text-center">{receipt.store.address}</p> : null}
        {receipt.store.phone ? <p className="text-center">{receipt.store.phone}</p> : null}
        <p className="mt-2 border-t border-dashed border-black pt-2">
          Recibo #{receipt.code}
          <br />
          {receiptDateTime(receipt.createdAt)}
          {receipt.cpf ? (
            <>
              <br />
              <span data-testid="receipt-cpf">CPF na nota: {receipt.cpf}</span>
            </>
          ) : null}
        </p>
        <ul className="mt-2 space-y-1 border-t border-dashed border-black pt-2">
          {receipt.items.map((item, index) => (
            <li key={index}>
              <span className="block">
                {item.name}
                {variantLabel(item) ? ` (${variantLabel(item)})` : ""}
              </span>
              <span className="block text-right whitespace-nowrap" data-testid="receipt-line-amount">
                {receiptLineAmount(item)}
              </span>
            </li>
          ))}
        </ul>
        <ReceiptTotals receipt={receipt} />
        <p className="mt-2 border-t border-dashed border-black pt-2 text-center">Atendido por {receipt.clerkName}</p>
        <section className="mt-2 border-t border-dashed border-black pt-2 text-center" data-testid="receipt-fiscal" aria-label="Nota fiscal">
          {receiptFiscalLines(receipt).map((line, index) => (
            <p key={index} className={line.startsWith("QR Code:") ? "sr-only" : "break-words"}>
              {line}
            </p>
          ))}
          {/* Drawn on the server from the provider's qrcode_url (qr-code.server.ts): only our own SVG markup. */}
          {qrSvg ? <div className="mx-auto mt-1 w-32" data-testid="receipt-qr" dangerouslySetInnerHTML={{ __html: qrSvg }} /> : null}
        </section>
        <p className="text-center">Obrigado pela preferência!</p>
      </article>
      <div className="grid grid-cols-2 gap-2 print:hidden">
        <a href={whatsapp} target="_blank" rel="noreferrer" className="rounded-lg bg-emerald-700 px-3 py-3 text-center font-semibold text-white">
          Enviar no WhatsApp
        </a>
        <button type="button" onClick={() => window.print()} className="rounded-lg border border-slate-300 bg-white px-3 py-3 font-semibold">
          Imprimir
        </button>
        <Link to={COUNTER_PATH} className="col-span-2 rounded-lg bg-slate-900 px-3 py-3 text-center text-lg font-bold text-white">
          Nova venda
        </Link>
        <Link to={adminOrderPath(receipt.orderId)} className="col-span-2 text-center text-sm text-slate-700 underline">
          Ver o pedido
        </Link>
      </div>
    </div>
  );
}

/** Subtotal and discount when there is one, the total, how it was paid and, in cash, the change. */
function ReceiptTotals({ receipt }: { receipt: CounterReceipt }) {
  const change = changeCents(receipt.totalCents, receipt.cashReceivedCents);
  return (
    <>
      {receipt.discountCents > 0 ? (
        <>
          <p className="mt-2 flex justify-between border-t border-dashed border-black pt-2">
            <span>Subtotal</span>
            <span>{formatBRL(receipt.subtotalCents)}</span>
          </p>
          <p className="flex justify-between" data-testid="receipt-discount">
            <span>Desconto</span>
            <span>−{formatBRL(receipt.discountCents)}</span>
          </p>
        </>
      ) : null}
      <p className={`flex justify-between font-bold ${receipt.discountCents > 0 ? "" : "mt-2 border-t border-dashed border-black pt-2"}`}>
        <span>Total</span>
        <span>{formatBRL(receipt.totalCents)}</span>
      </p>
      <p className="flex justify-between gap-2">
        <span>Pagamento</span>
        <span className="text-right" data-testid="receipt-payment">
          {receiptPaymentLabel(receipt)}
        </span>
      </p>
      {receipt.cashReceivedCents !== null ? (
        <>
          <p className="flex justify-between">
            <span>Recebido</span>
            <span>{formatBRL(receipt.cashReceivedCents)}</span>
          </p>
          <p className="flex justify-between font-bold">
            <span>Troco</span>
            <span data-testid="troco">{formatBRL(change ?? 0)}</span>
          </p>
        </>
      ) : null}
    </>
  );
}
