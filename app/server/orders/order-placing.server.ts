// Placing an order: the coupon, delivery and payment checks, the order and its notices in one
// transaction, and the idempotency key that makes a retry find the same order. Its lines are priced
// by ./order-lines.server.ts, its units held by ./order-stock-hold.server.ts, and a counter sale's
// terms checked and recorded by ./order-counter-terms.server.ts.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { orderItems, orders, type ShippingAddress } from "#database/orders-schema";
import { pushQueue, storeLocations } from "#database/schema";
import type { CheckoutInput, OrderLineRequest } from "~/lib/orders/checkout.schema";
import { couponRefusalMessage, SEND_WITHOUT_COUPON } from "~/lib/coupons/coupons";
import { deliveryFeeCents } from "~/lib/delivery/delivery";
import { zoneFeeCents } from "~/lib/delivery/zones";
import { maxInstallmentsFor } from "~/lib/payments/installments";
import type { OrderSource } from "~/lib/orders/order-source";
import type { ServingWhere } from "~/lib/stores/serving-store";
import { PAYMENT_METHODS } from "~/lib/payments/payment-methods";
import type { Settings } from "~/lib/group/settings";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { notifyOrderEvent } from "./order-events.server";
import { OrderRejectedError, priceLines, type AdmittedLine, type PricedLine, type Transaction } from "./order-lines.server";
import { holdUnitsOnline, reserveUnits, servingStoresFor, type Serving } from "./order-stock-hold.server";
import { checkCounterPayment, checkCounterTerms, recordCounterSale, spreadDiscount, type CounterSaleTerms } from "./order-counter-terms.server";
import { lockStockOf } from "../catalog/stock-moves.server";
import { decideCoupon, type RedeemedCoupon } from "../coupons/redeem.server";
import { newOrderNotice } from "../notifications/new-order-push.server";
import { deliverPushesSoon, queueStaffPush } from "../notifications/push-queue.server";
import { deliverOrderEmailsSoon, queueNewOrderEmail, wantsNewOrderEmail } from "./order-notifications.server";
import { deliverWhatsAppSoon, queueWhatsAppMessage, renewWhatsAppConsent } from "./whatsapp-messages.server";

export const KEY_REUSED_MESSAGE = "Este formulário já foi usado para outro pedido. Atualize a página e tente novamente.";

export type OrderRequest = {
  idempotencyKey: string;
  lines: OrderLineRequest[];
  /** Absent for the cart's quick 'Finalizar pelo WhatsApp', where the rest is agreed in the chat. */
  customer: CheckoutInput | null;
  userId: string | null;
  /** Where the shopper came from; absent: direct. */
  source?: OrderSource;
  /** The coupon the shopper typed, as typed; the server decides whether and how much it gives. */
  couponCode?: string | null;
  /**
   * A delivery's service and fee as app/server/delivery decided them (the checkout); absent, the
   * settings' flat fee by city (orders placed by scripts and older tests).
   */
  delivery?: { service: string; time: string; feeCents: number | null; freeAboveCents: number | null };
  /** A counter sale (app/server/counter): made by a clerk at a store, paid and handed over at once. */
  counter?: CounterSaleTerms;
};

/** What the key is bound to: everything that makes the order what it is, after validation. */
export function orderRequestHash({ lines, customer, userId, couponCode, counter }: Pick<OrderRequest, "lines" | "customer" | "userId" | "couponCode" | "counter">): string {
  // Without a coupon the hash is what it was before coupons, so a retry across an update still matches.
  const bound = counter ? { lines, userId, counter } : couponCode ? { lines, customer, userId, couponCode } : { lines, customer, userId };
  return createHash("sha256").update(JSON.stringify(bound)).digest("hex");
}

export type PlaceOrderOptions = {
  /**
   * Runs once per new order, inside its transaction, last (everything else of it written): a limit
   * throws OrderRejectedError here and the order is undone. Retries of a submission (same key) that find or
   * wait for its order never run it, so twenty concurrent retries count once.
   */
  admitNewOrder?: (tx: Transaction, order: { id: string; lines: readonly AdmittedLine[] }) => Promise<void>;
  /**
   * Runs before a typed coupon is decided (never for a retry that finds its order): takes one try from
   * the client's allowance of coupon codes, or throws OrderRejectedError past it. The try is given
   * back unless the answer is the coupon's refusal.
   */
  takeCouponTry?: () => Promise<{ giveBack: () => Promise<void> }>;
  /** Where new order ids come from (tests give ids whose codes collide). */
  newOrderId?: () => string;
  /**
   * Runs once per new shop order (not a counter sale), inside its transaction, last: what must commit
   * with the order or not at all (the payments domain's pending Pix charge).
   */
  withNewOrder?: (tx: Transaction, order: { id: string; totalCents: number; paymentMethod: string | null }) => Promise<void>;
  /** Runs once per new counter sale, inside its transaction: what must commit with the sale (its NFC-e in the fiscal queue). */
  withCounterSale?: (tx: Transaction, order: { id: string }) => Promise<void>;
};



/** The short code shoppers and staff quote ("#1A2B3C4D"): the order id's first 8 hex digits, upper case. */
export function orderCodeOf(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/**
 * New codes tried before giving up. A collision is about 1% by 10,000 orders (8 hex digits); three
 * in a row would take 10^-6 of that.
 */
const CODE_ATTEMPTS = 4;

function checkPayment(settings: Settings, customer: CheckoutInput) {
  const method = PAYMENT_METHODS.find((candidate) => candidate.value === customer.paymentMethod);
  if (!method || !settings.paymentMethods[method.key]) {
    throw new OrderRejectedError("Esta forma de pagamento não está disponível. Escolha outra.");
  }
  const max = maxInstallmentsFor(settings, customer.paymentMethod);
  if (customer.installments > max) {
    throw new OrderRejectedError(`Parcelamento em até ${max}x para esta forma de pagamento.`);
  }
}

/**
 * Records an order exactly once: prices come from the database, everything is written in one
 * transaction, and the same idempotency key (double click, retry, reload) returns the first order.
 */
export async function placeOrder(
  db: Database,
  settings: Settings,
  request: OrderRequest,
  { admitNewOrder, takeCouponTry, newOrderId = randomUUID, withNewOrder, withCounterSale }: PlaceOrderOptions = {},
): Promise<{ token: string; created: boolean }> {
  const requestHash = orderRequestHash(request);
  const existing = await findOrderByIdempotencyKey(db, request.idempotencyKey);
  if (existing) return sameRequestOrRefuse(existing, requestHash);

  let couponTry: { giveBack: () => Promise<void> } | null = null;
  let couponRefused = false;
  try {
    couponTry = request.couponCode && takeCouponTry ? await takeCouponTry() : null;
    const placed = await recordNewOrder(db, settings, request, requestHash, newOrderId, { admitNewOrder, withNewOrder, withCounterSale }, () => (couponRefused = true));
    if (placed.created) {
      deliverPushesSoon(db);
      deliverOrderEmailsSoon(db);
      deliverWhatsAppSoon(db);
    }
    return placed;
  } catch (error) {
    // A retry of this submission may have been refused only because its own order, placed meanwhile
    // by another send of it, took the coupon's use or the stock: it gets that order, whatever the refusal said.
    const placedMeanwhile = error instanceof OrderRejectedError ? await findOrderByIdempotencyKey(db, request.idempotencyKey) : null;
    if (!placedMeanwhile) throw error;
    couponRefused = false;
    return sameRequestOrRefuse(placedMeanwhile, requestHash);
  } finally {
    if (couponTry && !couponRefused) await couponTry.giveBack();
  }
}

/** placeOrder's transaction: the order, its items, its coupon and its notices, or a refusal (OrderRejectedError). */
async function recordNewOrder(
  db: Database,
  settings: Settings,
  request: OrderRequest,
  requestHash: string,
  newOrderId: () => string,
  { admitNewOrder, withNewOrder, withCounterSale }: Pick<PlaceOrderOptions, "admitNewOrder" | "withNewOrder" | "withCounterSale">,
  onCouponRefused: () => void,
): Promise<{ token: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const lines = await priceLines(tx, request.lines, { onlineShelf: !request.counter });
    const customer = request.customer;
    if (customer) checkPayment(settings, customer);

    const subtotalCents = lines.reduce((sum, line) => sum + (line.unitPriceCents ?? 0) * line.quantity, 0);
    const hasConsultItems = lines.some((line) => line.unitPriceCents === null);

    const counter = request.counter;
    const { counterStore, ...delivery } = await decideDelivery(tx, settings, request, subtotalCents);
    let { deliveryCents } = delivery;
    const { pickupLocationId, shippingAddress, deliveryMethod, deliveryService, deliveryTime } = delivery;

    // A counter sale's units come off its own store's shelf, whether or not that store serves online.
    // An online order's stores are planned here from the shelves as they are, without a lock: the
    // units are taken last, with the products locked, and planned again only if the shelves changed.
    const servingWhere = { town: shippingAddress?.city ?? null, pickupStoreId: pickupLocationId };
    const serving = counterStore
      ? { storeId: counterStore.id, storeOfVariant: new Map(lines.map((line) => [line.variantId, counterStore.id])) }
      : await servingStoresFor(tx, lines, servingWhere, { lock: false });

    const coupon = request.couponCode ? await redeemCoupon(tx, request, request.couponCode, lines, deliveryMethod === "pickup" ? "pickup" : deliveryCents, onCouponRefused) : null;
    if (coupon && coupon.deliveryWaivedCents > 0) deliveryCents = 0;
    if (counter) checkCounterTerms(settings, counter, subtotalCents);
    const lineDiscounts = counter?.discountCents ? spreadDiscount(counter.discountCents, lines) : lines.map((_, index) => coupon?.lineDiscountsCents[index] ?? 0);
    const totalCents = subtotalCents - lineDiscounts.reduce((sum, cents) => sum + cents, 0) + (deliveryCents ?? 0);
    if (counter) checkCounterPayment(counter, totalCents, hasConsultItems);

    const token = randomBytes(16).toString("base64url");
    const placed = await insertOrderRow(tx, newOrderId, requestHash, {
      publicToken: token,
      idempotencyKey: request.idempotencyKey,
      requestHash,
      channel: counter ? "balcao" : customer ? "checkout" : "cart",
      customerName: customer?.name ?? "",
      customerEmail: customer?.email ?? "",
      customerPhone: customer?.phone ?? "",
      customerCpf: customer?.cpf ?? counter?.cpf ?? "",
      userId: request.userId,
      deliveryMethod,
      pickupLocationId,
      fulfillingStoreId: serving.storeId,
      shippingAddress,
      subtotalCents,
      deliveryCents,
      deliveryService,
      deliveryTime,
      totalCents,
      hasConsultItems,
      couponId: coupon?.couponId ?? null,
      couponCode: coupon?.code ?? null,
      discountCents: coupon?.totalCents ?? counter?.discountCents ?? 0,
      paymentMethod: counter?.paymentMethod ?? customer?.paymentMethod ?? null,
      installments: customer?.installments ?? counter?.installments ?? 1,
      notes: customer?.notes ?? "",
      source: request.source ?? "direto",
      whatsappConsent: !counter && customer?.whatsappConsent === true,
      stockApplied: true,
      ...(counter
        ? {
            status: "delivered",
            clerkId: counter.clerk.id,
            clerkName: counter.clerk.name,
            cashReceivedCents: counter.cashReceivedCents,
            // The clerk is there: no e-mail about it.
            shopEmailedAt: sql`now()`,
          }
        : {}),
    });
    if ("existing" in placed) return placed.existing;
    const { id } = placed;
    const code = orderCodeOf(id);
    await writeLinesNoticesAndUnits(tx, settings, request, { id, code, totalCents, lines, lineDiscounts, serving, servingWhere, counterStore }, { withNewOrder, withCounterSale });
    // Then the client's count: one row every order of that address (or phone) updates, locked from
    // here to the commit.
    await admitNewOrder?.(tx, { id, lines });
    return { token, created: true };
  });
}

/** The order's lines, its notices (or a counter sale's record), and last its units, in the order's transaction. */
async function writeLinesNoticesAndUnits(
  tx: Transaction,
  settings: Settings,
  request: OrderRequest,
  order: {
    id: string;
    code: string;
    totalCents: number;
    lines: PricedLine[];
    lineDiscounts: number[];
    serving: Serving;
    servingWhere: ServingWhere;
    counterStore: { id: number; name: string } | null;
  },
  { withNewOrder, withCounterSale }: Pick<PlaceOrderOptions, "withNewOrder" | "withCounterSale">,
) {
  const { id, code, totalCents, lines, lineDiscounts, serving, servingWhere, counterStore } = order;
  await tx.insert(orderItems).values(
    lines.map(({ shopId: _shopId, ...line }, position) => ({
      ...line,
      orderId: id,
      position,
      discountCents: lineDiscounts[position] ?? 0,
      storeLocationId: serving.storeOfVariant.get(line.variantId) ?? serving.storeId,
    })),
  );
  // Open admin order pages on every app instance hear of it once this transaction commits.
  await notifyOrderEvent(tx, { type: "created", id, code });
  const counter = request.counter;
  if (counter && counterStore) {
    await recordCounterSale(tx, counter, { id, code, totalCents, storeName: counterStore.name, lines });
    await withCounterSale?.(tx, { id });
  } else {
    await queueShopperAndStaffNotices(tx, settings, { id, code, totalCents, customer: request.customer, lines, withNewOrder });
  }
  // Last, but for the client's count: from taking the units (the products' rows locked) to the
  // commit, every other order of these products waits, so nothing else is written in between
  // (docs/benchmarks.md, "The checkout under load").
  if (counter) await reserveUnits(tx, serving.storeOfVariant, lines);
  else if (await holdUnitsOnline(tx, { id, lines, serving, where: servingWhere })) {
    // Planned again: the Vendedores who hear of the order are those of the stores it has now.
    await tx.delete(pushQueue).where(and(eq(pushQueue.orderId, id), eq(pushQueue.kind, "new-order")));
    await queueStaffPush(tx, "new-order", newOrderNotice({ id, code, totalCents }, lines), { orderId: id });
  }
}

/**
 * The typed coupon, decided with its row locked until this order commits or rolls back (../coupons),
 * or the refusal (OrderRejectedError) saying the order can go without it.
 */
async function redeemCoupon(tx: Transaction, request: OrderRequest, couponCode: string, lines: PricedLine[], delivery: number | "pickup" | null, onCouponRefused: () => void): Promise<RedeemedCoupon> {
  // The products before the coupon's row, as every writer that locks both does (re-opening a
  // cancelled order takes its units, then its coupon's use back): the other way round, the two
  // could wait for each other. Only a coupon order locks them this early.
  await lockStockOf(tx, lines.map((line) => line.variantId));
  const decision = await decideCoupon(tx, couponCode, lines, delivery, { phone: request.customer?.phone ?? null, userId: request.userId }, { lock: true });
  if (decision.ok) return decision.coupon;
  onCouponRefused();
  throw new OrderRejectedError(`${couponRefusalMessage(decision.code, decision.refusal)} ${SEND_WITHOUT_COUPON}`);
}

type DeliveryDecision = {
  pickupLocationId: number | null;
  shippingAddress: ShippingAddress | null;
  deliveryCents: number | null;
  deliveryMethod: "delivery" | "pickup" | "arrange";
  deliveryService: string | null;
  deliveryTime: string | null;
  /** A counter sale's store (its units come off that shelf). */
  counterStore: { id: number; name: string } | null;
};

/** How the order reaches the shopper: the counter, a store's pick-up, a delivery (its fee), or agreed in the chat. */
async function decideDelivery(tx: Transaction, settings: Settings, request: OrderRequest, subtotalCents: number): Promise<DeliveryDecision> {
  const none = { pickupLocationId: null, shippingAddress: null, deliveryService: null, deliveryTime: null, counterStore: null };
  const { customer, counter } = request;
  if (counter) {
    // Handed over at the store's counter: a pick-up there, delivered the moment it is recorded.
    const counterStore = await storeLocationOrRefuse(tx, counter.storeLocationId, "Escolha a loja do balcão.");
    return { ...none, counterStore, pickupLocationId: counterStore.id, deliveryMethod: "pickup", deliveryCents: 0 };
  }
  if (customer?.deliveryMethod === "pickup") {
    const store = await storeLocationOrRefuse(tx, customer.pickupLocationId ?? 0, "Escolha uma loja válida para a retirada.");
    return { ...none, pickupLocationId: store.id, deliveryMethod: "pickup", deliveryCents: 0 };
  }
  if (!customer) return { ...none, deliveryMethod: "arrange", deliveryCents: null };
  const { address: street, number, complement, neighborhood, city, state, cep } = customer;
  const shippingAddress: ShippingAddress = { street, number, complement, neighborhood, city, state, cep };
  const decided = request.delivery;
  if (!decided) return { ...none, shippingAddress, deliveryMethod: "delivery", deliveryCents: deliveryFeeCents(settings, "delivery", city, subtotalCents) };
  const deliveryCents = decided.feeCents === null ? null : zoneFeeCents({ feeCents: decided.feeCents, freeAboveCents: decided.freeAboveCents }, subtotalCents);
  return { ...none, shippingAddress, deliveryMethod: "delivery", deliveryCents, deliveryService: decided.service, deliveryTime: decided.time || null };
}

/**
 * The order's row under a fresh id and code. No conflict target: a taken code is skipped like a taken
 * key, and told apart here: the same submission that won a race on another connection gets its order.
 */
async function insertOrderRow(
  tx: Transaction,
  newOrderId: () => string,
  requestHash: string,
  row: Omit<typeof orders.$inferInsert, "id" | "code" | "shopEmailedAt"> & { shopEmailedAt?: SQL },
): Promise<{ id: string } | { existing: { token: string; created: boolean } }> {
  for (let attempt = 1; ; attempt += 1) {
    const id = newOrderId();
    const inserted = await tx
      .insert(orders)
      .values({ ...row, id, code: orderCodeOf(id) })
      .onConflictDoNothing()
      .returning({ id: orders.id });
    if (inserted.length > 0) return { id };
    const winner = await findOrderByIdempotencyKey(tx, row.idempotencyKey);
    if (winner) return { existing: sameRequestOrRefuse(winner, requestHash) };
    // Otherwise the code (or, never seen, the id) was taken: another one.
    if (attempt === CODE_ATTEMPTS) throw new Error(`no free order code after ${CODE_ATTEMPTS} attempts`);
  }
}

/** An online order's notices, written with it: the staff's push, the shop's e-mail, the shopper's WhatsApp and the Pix charge. */
async function queueShopperAndStaffNotices(
  tx: Transaction,
  settings: Settings,
  { id, code, totalCents, customer, lines, withNewOrder }: { id: string; code: string; totalCents: number; customer: CheckoutInput | null; lines: PricedLine[] } & Pick<PlaceOrderOptions, "withNewOrder">,
) {
  // The push to the devices of the staff who may see it (a Vendedor: their store's orders only),
  // queued only if the order commits (app/server/notifications).
  await queueStaffPush(tx, "new-order", newOrderNotice({ id, code, totalCents }, lines), { orderId: id });
  // And the shop's e-mail, when it asked for one: also written with the order (./order-notifications.server.ts).
  if (wantsNewOrderEmail(settings)) await queueNewOrderEmail(tx, id);
  // The shopper's "order received" on WhatsApp, when she ticked the box (./whatsapp-messages.server.ts).
  if (customer?.whatsappConsent) {
    await renewWhatsAppConsent(tx, id);
    await queueWhatsAppMessage(tx, id, "pending");
  }
  await withNewOrder?.(tx, { id, totalCents, paymentMethod: customer?.paymentMethod ?? null });
}

async function storeLocationOrRefuse(tx: Transaction, id: number, refusal: string): Promise<{ id: number; name: string }> {
  const [location] = await tx.select({ id: storeLocations.id, name: storeLocations.name }).from(storeLocations).where(eq(storeLocations.id, id));
  if (!location) throw new OrderRejectedError(refusal);
  return location;
}

async function findOrderByIdempotencyKey(db: DatabaseOrTransaction, key: string) {
  const [row] = await db.select({ token: orders.publicToken, requestHash: orders.requestHash }).from(orders).where(eq(orders.idempotencyKey, key));
  return row ?? null;
}

/** A retry of the same request gets its order; the same key with anything else is refused (409). */
function sameRequestOrRefuse(existing: { token: string; requestHash: string | null }, requestHash: string) {
  if (existing.requestHash !== null && existing.requestHash !== requestHash) throw new OrderRejectedError(KEY_REUSED_MESSAGE);
  return { token: existing.token, created: false };
}
