// A coupon on an order: decided inside placeOrder's transaction with the coupon's row locked, so its
// limits (uses in total, per shopper, first purchase) are counted from committed orders one checkout at
// a time; the cart's preview asks the same questions without the lock. The arithmetic is app/lib/coupons.
import { and, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { coupons, orders, products } from "#database/schema";
import {
  applyCoupon,
  couponAppliedMessage,
  couponRefusalMessage,
  type CouponDelivery,
  type CouponDiscount,
  type CouponLine,
  type CouponPreview,
  type CouponRefusal,
} from "~/lib/coupons/coupons";
import { isCouponCodeShape, normalizeCouponCode } from "~/lib/coupons/coupon-code";
import { deliveryFeeCents, type DeliveryMethod } from "~/lib/delivery/delivery";
import { zoneFeeCents } from "~/lib/delivery/zones";
import { phoneKey as phoneDigits } from "~/lib/format/phone";
import type { Settings } from "~/lib/group/settings";
import type { DatabaseOrTransaction } from "../db/database.server";
import { couponRuleOf } from "./coupon-rule.server";

/** Who places the order: by phone (checkout) and by account (signed in); neither for a quick order signed out. */
export type CouponShopper = { phone: string | null; userId: string | null };

export type RedeemedCoupon = CouponDiscount & { couponId: number };

export type CouponDecision = { ok: true; coupon: RedeemedCoupon } | { ok: false; code: string; refusal: CouponRefusal };

/** This shopper's orders, by phone number or by account; null when the shopper cannot be told. */
function shopperOrders(shopper: CouponShopper): SQL | undefined {
  const conditions: SQL[] = [];
  const digits = shopper.phone ? phoneDigits(shopper.phone) : "";
  // orders.customer_phone_key is the same key, stored and indexed (database/contact-keys.ts).
  if (digits) conditions.push(eq(orders.customerPhoneKey, digits));
  if (shopper.userId) conditions.push(eq(orders.userId, shopper.userId));
  return conditions.length ? or(...conditions) : undefined;
}

/**
 * The coupon `input` on these lines for this shopper, or why not. With `lock` (inside the order's
 * transaction) the coupon's row is locked until the transaction ends: every checkout using it waits
 * for the one before to commit or roll back, then counts its uses from the committed orders
 * (READ COMMITTED takes a fresh snapshot per statement). A cancelled order's use is free again.
 */
export async function decideCoupon(
  tx: DatabaseOrTransaction,
  input: string,
  lines: CouponLine[],
  delivery: CouponDelivery,
  shopper: CouponShopper,
  {
    lock,
    now = new Date(),
    unknownShopper = "refuse",
  }: {
    lock: boolean;
    now?: Date;
    /** A coupon limited per shopper when neither phone nor account is known: refused (an order), or left to the order (a preview). */
    unknownShopper?: "refuse" | "leave-to-order";
  },
): Promise<CouponDecision> {
  const code = normalizeCouponCode(input);
  const refuse = (refusal: CouponRefusal): CouponDecision => ({ ok: false, code, refusal });
  if (!isCouponCodeShape(code)) return refuse({ reason: "unknown" });

  const query = tx.select().from(coupons).where(eq(coupons.code, code));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return refuse({ reason: "unknown" });
  if (!row.active) return refuse({ reason: "paused" });

  const result = applyCoupon(couponRuleOf(row), lines, delivery, now);
  if (!result.ok) return refuse(result.refusal);

  const limitedPerShopper = row.maxUsesPerShopper !== null || row.firstPurchaseOnly;
  const mine = shopperOrders(shopper);
  if (limitedPerShopper && !mine && unknownShopper === "refuse") return refuse({ reason: "needs-phone" });

  const uses = await usesOf(tx, row.id, mine);
  if (row.maxUses !== null && uses.total >= row.maxUses) return refuse({ reason: "used-up" });
  if (row.maxUsesPerShopper !== null && uses.mine >= row.maxUsesPerShopper) return refuse({ reason: "already-used" });
  if (row.firstPurchaseOnly && mine) {
    const [earlier] = await tx.select({ id: orders.id }).from(orders).where(and(mine, ne(orders.status, "cancelled"))).limit(1);
    if (earlier) return refuse({ reason: "first-purchase" });
  }
  return { ok: true, coupon: { ...result.discount, couponId: row.id } };
}

/** The coupon's uses (orders not cancelled), in all and by this shopper's orders. */
async function usesOf(tx: DatabaseOrTransaction, couponId: number, mine: SQL | undefined): Promise<{ total: number; mine: number }> {
  const [uses] = await tx
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      mine: mine ? sql<number>`count(*) filter (where ${mine})`.mapWith(Number) : sql<number>`0`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.couponId, couponId), ne(orders.status, "cancelled")));
  return { total: uses?.total ?? 0, mine: uses?.mine ?? 0 };
}

/**
 * Whether a cancelled order being re-opened may have its coupon's use back: false when the coupon's
 * uses, in all or by this order's shopper, went to other orders while it was cancelled. The coupon's
 * row is locked as a checkout locks it, so a checkout and a re-opening cannot both take the last use.
 */
export async function couponUseStillFree(tx: DatabaseOrTransaction, order: { couponId: number; shopper: CouponShopper }): Promise<boolean> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, order.couponId)).for("update");
  if (!row) return true;
  const uses = await usesOf(tx, row.id, shopperOrders(order.shopper));
  if (row.maxUses !== null && uses.total >= row.maxUses) return false;
  return row.maxUsesPerShopper === null || uses.mine < row.maxUsesPerShopper;
}

/** The clerk's reason when a re-opening is refused by couponUseStillFree. */
export function couponUseGoneMessage(code: string): string {
  return `O cupom ${code} deste pedido já foi usado em outro pedido depois do cancelamento. O pedido continua cancelado: registre um novo pedido sem o cupom, ou aumente o limite do cupom em Cupons e tente de novo.`;
}

/** The cart's lines as a coupon sees them, priced from the database (inactive or unknown products left out). */
export async function couponLinesOf(
  db: DatabaseOrTransaction,
  lines: { productId: number; quantity: number }[],
): Promise<CouponLine[]> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id, shopId: products.shopId, category: products.category, priceCents: products.priceCents, active: products.active })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.filter((row) => row.active).map((row) => [row.id, row]));
  return lines.flatMap((line) => {
    const product = byId.get(line.productId);
    return product
      ? [{ productId: product.id, shopId: product.shopId, category: product.category, unitPriceCents: product.priceCents, quantity: line.quantity }]
      : [];
  });
}

/**
 * The cart's and the checkout's question "what would this coupon give?", answered as placeOrder would
 * without locking anything. Without a phone or an account the limits per shopper wait for the order;
 * before the shopper chose how it travels a free-delivery coupon is told as "entrega grátis" with no amount.
 */
export async function previewCoupon(
  db: DatabaseOrTransaction,
  settings: Settings,
  request: {
    code: string;
    lines: { productId: number; quantity: number }[];
    deliveryMethod: DeliveryMethod | null;
    city: string;
    phone: string | null;
    userId: string | null;
    /** The fee of the delivery the order would get (delivery-options' decideDelivery); without it, the flat fee. */
    deliveryDecision?: { feeCents: number | null; freeAboveCents: number | null } | null;
  },
): Promise<CouponPreview> {
  const lines = await couponLinesOf(db, request.lines);
  const subtotal = lines.reduce((sum, line) => sum + (line.unitPriceCents ?? 0) * line.quantity, 0);
  const shopper = { phone: request.phone, userId: request.userId };
  const decided = request.deliveryDecision;
  // As placeOrder prices it: the zone's or the carrier's fee with its free-above rule, null when agreed on WhatsApp.
  const fee = decided
    ? decided.feeCents === null
      ? null
      : zoneFeeCents({ feeCents: decided.feeCents, freeAboveCents: decided.freeAboveCents }, subtotal)
    : request.deliveryMethod
      ? deliveryFeeCents(settings, request.deliveryMethod, request.city, subtotal)
      : 0;
  const delivery = request.deliveryMethod === "pickup" ? "pickup" : request.deliveryMethod ? fee : "unknown";
  const decision = await decideCoupon(db, request.code, lines, delivery, shopper, { lock: false, unknownShopper: "leave-to-order" });
  if (!decision.ok) return { ok: false, code: decision.code, message: couponRefusalMessage(decision.code, decision.refusal) };
  return previewOf(decision.coupon);
}

function previewOf(coupon: RedeemedCoupon): CouponPreview {
  const linesCents = coupon.lineDiscountsCents.reduce((sum, cents) => sum + cents, 0);
  return {
    ok: true,
    code: coupon.code,
    message: couponAppliedMessage(coupon),
    lineDiscountsCents: coupon.lineDiscountsCents,
    linesCents,
    deliveryWaivedCents: coupon.deliveryWaivedCents,
  };
}
