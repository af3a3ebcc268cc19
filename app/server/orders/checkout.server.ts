import { checkoutSchema, orderEnvelopeSchema, type CheckoutInput } from "~/lib/orders/checkout.schema";
import { fieldErrors, type FieldErrors } from "~/lib/forms/form-errors";
import { orderSourceOf } from "~/lib/orders/order-source";
import { CARRIER_PAYMENT_MESSAGE, NO_CARRIER_PAYMENT_MESSAGE, paidBeforeShipping, paymentMethodsFor } from "~/lib/payments/payment-methods";
import type { AppConfig } from "../config.server";
import type { Database } from "../db/database.server";
import type { EmailOutbox } from "../email/email-queue.server";
import { getSettings } from "../group/settings.server";
import { decideDelivery, DeliveryUnavailableError, type DeliveryDecision } from "../delivery/delivery-options.server";
import { takeDeliveryLookup, tooManyDeliveryLookupsMessage } from "../delivery/delivery-lookup-limit.server";
import { admitCouponTry, admitNewOrder, checkOrderLimits } from "./order-limits.server";
import { OrderRejectedError } from "./order-lines.server";
import { placeOrder, type PlaceOrderOptions } from "./order-placing.server";
import type { Settings } from "~/lib/group/settings";

const CUSTOMER_FIELDS = Object.keys(checkoutSchema.shape);

export type OrderSubmissionResult =
  | { ok: true; token: string; created: boolean }
  | { ok: false; status: 400 | 409 | 429; errors: FieldErrors; formError: string | null; retryAfter?: number };

/** What placing an order needs of the request: the database, the e-mail sender for the shop's notice, and the order limits. */
type OrderContext = { db: Database; emails: EmailOutbox; config: AppConfig };

/** Who sends the order: account and address, for the limits. */
type Submitter = { userId: string | null; clientAddress: string };

/**
 * The payment's part of a new order, given by the route (the payments domain comes after orders):
 * `queue` runs inside the order's transaction (true: something to do after the commit), `afterCommit`
 * once it committed.
 */
export type NewOrderPayment = {
  queue: (tx: Parameters<NonNullable<PlaceOrderOptions["withNewOrder"]>>[0], order: { id: string; totalCents: number; paymentMethod: string | null }, settings: Settings) => Promise<boolean>;
  afterCommit: (orderId: string) => void;
};

/** The checkout page's form: the cart lines, the customer's details and an idempotency key. */
export async function submitCheckout(context: OrderContext, form: FormData, submitter: Submitter, payment?: NewOrderPayment): Promise<OrderSubmissionResult> {
  const values = Object.fromEntries(
    CUSTOMER_FIELDS.flatMap((field) => {
      const value = form.get(field);
      return typeof value === "string" ? [[field, value]] : [];
    }),
  );
  const customer = checkoutSchema.safeParse(values);
  // With fiscal documents on, a delivered order's NF-e names the shopper, and the SEFAZ asks her CPF.
  if (customer.success && context.config.fiscal && customer.data.deliveryMethod === "delivery" && customer.data.cpf === "") {
    return recordOrder(context, form, null, { cpf: CPF_FOR_NFE_MESSAGE }, submitter, payment);
  }
  return recordOrder(context, form, customer.success ? customer.data : null, customer.success ? {} : fieldErrors(customer.error), submitter, payment);
}

/** The checkout's CPF when the order is delivered and the shop issues fiscal notes. */
export const CPF_FOR_NFE_MESSAGE = "Informe o CPF: a nota fiscal (NF-e) da entrega vai no seu nome, e a SEFAZ pede o CPF.";

/** The cart's 'Finalizar pelo WhatsApp': the lines only; the rest is agreed in the chat. */
export function submitQuickOrder(context: OrderContext, form: FormData, submitter: Submitter): Promise<OrderSubmissionResult> {
  return recordOrder(context, form, null, {}, submitter);
}

/**
 * Validates the lines and the key with the same schema the browser uses, records the order (prices
 * from the database, once per key) and, for a new order, e-mails the shop when its settings ask for it.
 */
async function recordOrder(
  context: OrderContext,
  form: FormData,
  customer: CheckoutInput | null,
  customerErrors: FieldErrors,
  { userId, clientAddress }: Submitter,
  payment?: NewOrderPayment,
): Promise<OrderSubmissionResult> {
  const envelope = orderEnvelopeSchema.safeParse({
    lines: form.get("lines") ?? undefined,
    idempotencyKey: form.get("idempotencyKey") ?? undefined,
    couponCode: form.get("couponCode") ?? undefined,
  });
  if (!envelope.success || Object.keys(customerErrors).length > 0) {
    const envelopeError = envelope.success ? null : (envelope.error.issues[0]?.message ?? "Pedido inválido");
    return { ok: false, status: 400, errors: customerErrors, formError: envelopeError };
  }

  try {
    const settings = await getSettings(context.db);
    // Before any carrier quote: a method this delivery cannot be paid by is refused, nothing recorded
    // (other methods the settings switch off are placeOrder's refusal).
    if (customer && paidBeforeShipping(customer)) {
      const offered = paymentMethodsFor(settings, customer);
      if (!offered.some((payment) => payment.value === customer.paymentMethod)) {
        const message = offered.length > 0 ? CARRIER_PAYMENT_MESSAGE : NO_CARRIER_PAYMENT_MESSAGE;
        return { ok: false, status: 400, errors: { paymentMethod: message }, formError: message };
      }
    }
    // Priced before the order's transaction: a carrier quote may wait on Melhor Envio.
    let delivery: DeliveryDecision | undefined;
    if (customer?.deliveryMethod === "delivery") {
      try {
        delivery = await decideDelivery(
          context,
          settings,
          { option: customer.deliveryOption, cep: customer.cep, city: customer.city, state: customer.state, neighborhood: customer.neighborhood },
          envelope.data.lines,
          {
            // A carrier quote the cache cannot answer spends the client's delivery look-ups (as
            // /api/entrega does), and only once the order itself would be admitted.
            admitCarrierQuote: async () => {
              await checkOrderLimits(context.db, context.config.orderLimits, { address: clientAddress, phone: customer.phone });
              const allowance = await takeDeliveryLookup(context.db, clientAddress);
              if (!allowance.allowed) throw new OrderRejectedError(tooManyDeliveryLookupsMessage(allowance.retryAfter), 429, allowance.retryAfter);
            },
          },
        );
      } catch (error) {
        if (error instanceof DeliveryUnavailableError) {
          return { ok: false, status: error.field === "deliveryOption" ? 409 : 400, errors: { [error.field]: error.message }, formError: error.message };
        }
        throw error;
      }
    }
    let paymentPending: string | null = null;
    const { token, created } = await placeOrder(
      context.db,
      settings,
      { ...envelope.data, customer, userId, source: orderSourceOf(form.get("source")), ...(delivery ? { delivery } : {}) },
      {
        admitNewOrder: (tx, order) => admitNewOrder(tx, context.config.orderLimits, settings, { address: clientAddress, phone: customer?.phone ?? null }, order),
        takeCouponTry: () => admitCouponTry(context.db, clientAddress),
        // A Pix order's charge commits with it; it is made at the provider after the commit, never before the answer.
        withNewOrder: async (tx, order) => {
          paymentPending = payment && (await payment.queue(tx, order, settings)) ? order.id : null;
        },
      },
    );
    if (created && paymentPending) payment?.afterCommit(paymentPending);
    return { ok: true, token, created };
  } catch (error) {
    if (error instanceof OrderRejectedError) {
      return { ok: false, status: error.status, errors: {}, formError: error.message, ...(error.retryAfter ? { retryAfter: error.retryAfter } : {}) };
    }
    throw error;
  }
}
