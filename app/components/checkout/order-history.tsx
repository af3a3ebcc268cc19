import { formatShopDateTime } from "~/lib/format/shop-time";
import { type DeliveryMethod, type OrderHistoryEntry, shopperStatusLabel } from "~/lib/orders/status-messages";

/**
 * An order's history with dates and times, oldest first: on the shopper's page (status changes) and
 * in the admin (with the WhatsApp messages opened and who did each).
 */
export function OrderHistoryList({ entries, deliveryMethod, testId }: { entries: OrderHistoryEntry[]; deliveryMethod: DeliveryMethod; testId?: string }) {
  return (
    <ol className="space-y-2 border-l-2 border-slate-200 pl-4 text-sm" data-testid={testId}>
      {entries.map((entry, index) => {
        const text =
          entry.kind === "paid"
            ? entry.by === "clerk"
              ? "Marcado como pago"
              : "Pagamento confirmado pelo banco (Pix)"
            : entry.kind === "whatsapp"
              ? `Mensagem de WhatsApp aberta (${shopperStatusLabel(entry.status, deliveryMethod)})`
              : index === 0
                ? `Pedido recebido: ${shopperStatusLabel(entry.status, deliveryMethod)}`
                : (entry.note ?? shopperStatusLabel(entry.status, deliveryMethod));
        return (
          <li key={index} className="flex flex-wrap gap-x-2">
            <time dateTime={entry.at} className="tabular-nums text-slate-600">
              {formatShopDateTime(entry.at)}
            </time>
            <span className="font-semibold text-slate-900">{text}</span>
            {entry.actorName ? <span className="text-slate-600">por {entry.actorName}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
