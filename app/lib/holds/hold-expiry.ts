// An order the shop cancelled by itself because nobody confirmed it while its hold lasted
// (docs/decisions/0027-bounded-holds.md; the hold's length is a setting: ./order-holds.ts).

/** Why the shop cancelled an order by itself (order_history.reason). */
export const HOLD_EXPIRED_REASON = "hold-expired";
export const HOLD_EXPIRED_LABEL = "Cancelado automaticamente: reserva expirada";

/** What the shopper's page says under an order the shop cancelled because its hold expired. */
export const HOLD_EXPIRED_EXPLANATION =
  "Ninguém confirmou este pedido a tempo, então a reserva dos produtos expirou e eles voltaram para a venda. Se ainda quiser os produtos, faça um novo pedido ou fale com a loja pelo WhatsApp.";

/** The history's words for a reason it records; null for a reason it does not know. */
export function historyReasonLabel(reason: string | null): string | null {
  return reason === HOLD_EXPIRED_REASON ? HOLD_EXPIRED_LABEL : null;
}
