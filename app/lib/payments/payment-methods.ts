import { CARRIER_OPTION_PREFIX, TABLE_OPTION } from "../delivery/zones";

/** The ways a shopper can pay, as the checkout offers them and the settings switch them on (`key`). */
export const PAYMENT_METHODS = [
  { value: "credit", key: "creditCard", label: "Cartão de Crédito" },
  { value: "debit", key: "debitCard", label: "Cartão de Débito" },
  { value: "pix", key: "pix", label: "PIX" },
  { value: "cash", key: "cash", label: "Dinheiro" },
  { value: "store_credit", key: "storeCredit", label: "Crediário da Loja" },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];
/** The settings' switches, one per method's `key` (settings.paymentMethods), named here so payments need not read the group's settings. */
type PaymentSwitches = { paymentMethods: Record<(typeof PAYMENT_METHODS)[number]["key"], boolean> };

/**
 * Delivery options a carrier takes (its quote, or the owner's table by state): the order is paid
 * before it ships, so only what can be paid at a distance. The shop takes no card online, and cash,
 * its own credit and a card machine travel only with its own delivery or at the counter.
 */
const PAID_BEFORE_SHIPPING = (option: string) => option === TABLE_OPTION || option.startsWith(CARRIER_OPTION_PREFIX);
const PAID_AT_A_DISTANCE: ReadonlySet<PaymentMethod> = new Set<PaymentMethod>(["pix"]);

/** Said beside the choices, and as the refusal of any other method, when the delivery is paid before it ships. */
export const CARRIER_PAYMENT_MESSAGE = "Entrega por transportadora: o pagamento é pelo PIX, antes do envio.";
export const NO_CARRIER_PAYMENT_MESSAGE = "A loja não recebe PIX pelo site: para esta entrega, escolha Combinar pelo WhatsApp ou Retirar na loja.";

export type PaymentDelivery = { deliveryMethod: "delivery" | "pickup"; deliveryOption: string };

/** Whether this delivery is paid before it ships (a carrier, the table by state). */
export function paidBeforeShipping(delivery: PaymentDelivery): boolean {
  return delivery.deliveryMethod === "delivery" && PAID_BEFORE_SHIPPING(delivery.deliveryOption);
}

/**
 * The payment methods the checkout offers for this delivery: those the settings switch on, and for a
 * delivery paid before it ships only those paid at a distance. The checkout action refuses any other.
 */
export function paymentMethodsFor(settings: PaymentSwitches, delivery: PaymentDelivery): (typeof PAYMENT_METHODS)[number][] {
  const enabled = PAYMENT_METHODS.filter((payment) => settings.paymentMethods[payment.key]);
  return paidBeforeShipping(delivery) ? enabled.filter((payment) => PAID_AT_A_DISTANCE.has(payment.value)) : enabled;
}
