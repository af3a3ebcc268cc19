/** Where an order was made: the checkout, the cart's quick order, or a counter sale at a store (`balcao`). */
export const ORDER_CHANNELS = ["checkout", "cart", "balcao"] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

export const CHANNEL_LABELS: Record<OrderChannel, string> = { checkout: "Checkout", cart: "Carrinho", balcao: "Balcão" };

/** The recorded value as one of the channels; anything unexpected reads as the checkout (as before the counter). */
export function orderChannelOf(value: string): OrderChannel {
  return (ORDER_CHANNELS as readonly string[]).includes(value) ? (value as OrderChannel) : "checkout";
}
