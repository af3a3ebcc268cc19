// Coupons' arithmetic and messages, client-safe: the server decides with them when it records an order
// (app/server/coupons), and the cart previews with the same functions. Money is integer centavos.
import { formatBRL } from "../format/money";
import { SHOP_TIME_ZONE } from "../format/shop-time";

export const COUPON_KINDS = ["percent", "fixed", "free_delivery"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const COUPON_KIND_LABELS: Record<CouponKind, string> = {
  percent: "Porcentagem",
  fixed: "Valor fixo",
  free_delivery: "Entrega grátis",
};

/** What decides a discount (the stored coupon minus its bookkeeping). */
export type CouponRule = {
  code: string;
  kind: CouponKind;
  percentOff: number | null;
  amountOffCents: number | null;
  /** A percentage or fixed amount that also waives the delivery fee (kind free_delivery waives it by its kind). */
  freeDelivery: boolean;
  minSubtotalCents: number;
  shopIds: number[];
  categories: string[];
  productIds: number[];
  /** "YYYY-MM-DD" in America/Recife, both days included; null: open. */
  validFrom: string | null;
  validUntil: string | null;
};

/** One cart line as the rule sees it: its price comes from the database (null: 'Consultar preço'). */
export type CouponLine = { productId: number; shopId: number; category: string; unitPriceCents: number | null; quantity: number };

/** Whether a line is one the coupon is for: it must match every scope list that is not empty. */
export function lineInScope(rule: Pick<CouponRule, "shopIds" | "categories" | "productIds">, line: CouponLine): boolean {
  return (
    (rule.shopIds.length === 0 || rule.shopIds.includes(line.shopId)) &&
    (rule.categories.length === 0 || rule.categories.includes(line.category)) &&
    (rule.productIds.length === 0 || rule.productIds.includes(line.productId))
  );
}

/**
 * Splits `totalCents` across lines in proportion to their amounts, in whole centavos that add up to
 * it exactly (largest remainders get the leftover centavos, earlier lines first on ties). No share is
 * above its line's amount when the total is not above their sum.
 */
export function splitDiscount(totalCents: number, amounts: number[]): number[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (sum <= 0 || totalCents <= 0) return amounts.map(() => 0);
  const total = Math.min(totalCents, sum);
  const shares = amounts.map((amount) => Math.floor((total * amount) / sum));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = amounts
    .map((amount, index) => ({ index, remainder: (total * amount) % sum }))
    .filter(({ index }) => amounts[index]! > 0)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** The calendar day in the shops' zone: "2026-12-31" until 23:59:59 there, whatever the server's clock. */
export function shopDay(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** "2026-12-31" → "31/12/2026" */
export function formatCouponDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

/** Why a coupon does not apply, with what the message needs. */
export type CouponRefusal =
  | { reason: "unknown" }
  | { reason: "paused" }
  | { reason: "expired"; until: string }
  | { reason: "not-yet"; from: string }
  | { reason: "minimum"; minimumCents: number; missingCents: number }
  | { reason: "not-for-these-items" }
  | { reason: "used-up" }
  | { reason: "already-used" }
  | { reason: "first-purchase" }
  | { reason: "needs-phone" }
  | { reason: "no-delivery-fee" }
  | { reason: "delivery-already-free" }
  | { reason: "pickup" };

export type CouponDiscount = {
  code: string;
  kind: CouponKind;
  /** A percentage or amount that also waives the delivery fee (whatever the fee was: none at a pick-up). */
  freeDelivery: boolean;
  /** One per line, in the cart's order; zero for lines outside the coupon's scope. */
  lineDiscountsCents: number[];
  /** The delivery fee the coupon waives (kind free_delivery, or a percentage/fixed amount with free delivery). */
  deliveryWaivedCents: number;
  /** Lines' discounts plus the waived fee. */
  totalCents: number;
};

export type CouponResult = { ok: true; discount: CouponDiscount } | { ok: false; refusal: CouponRefusal };

/**
 * How the order travels, as a coupon sees it: the delivery fee before the coupon; null: 'A combinar',
 * where a free-delivery coupon has nothing to waive (the shop does not deliver there at a set price);
 * "pickup": the shopper fetches it at a store, where there is no delivery to make free; "unknown":
 * the cart, before the shopper said where it goes (a free-delivery coupon is told with no amount).
 */
export type CouponDelivery = number | null | "pickup" | "unknown";

/**
 * The discount of `rule` on these lines, or why there is none, by the rule alone (the limits on uses
 * are the server's).
 */
export function applyCoupon(rule: CouponRule, lines: CouponLine[], delivery: CouponDelivery, now: Date): CouponResult {
  const today = shopDay(now);
  if (rule.validFrom && today < rule.validFrom) return { ok: false, refusal: { reason: "not-yet", from: rule.validFrom } };
  if (rule.validUntil && today > rule.validUntil) return { ok: false, refusal: { reason: "expired", until: rule.validUntil } };

  const amounts = lines.map((line) => (line.unitPriceCents ?? 0) * line.quantity);
  const subtotal = amounts.reduce((a, b) => a + b, 0);
  if (subtotal < rule.minSubtotalCents) {
    return { ok: false, refusal: { reason: "minimum", minimumCents: rule.minSubtotalCents, missingCents: rule.minSubtotalCents - subtotal } };
  }
  const eligible = amounts.map((amount, index) => (lineInScope(rule, lines[index]!) ? amount : 0));
  const eligibleTotal = eligible.reduce((a, b) => a + b, 0);
  if (eligibleTotal <= 0) return { ok: false, refusal: { reason: "not-for-these-items" } };

  if (rule.kind === "free_delivery") {
    // A pick-up would get R$ 0 off and still spend the shopper's use.
    if (delivery === "pickup") return { ok: false, refusal: { reason: "pickup" } };
    if (delivery === null) return { ok: false, refusal: { reason: "no-delivery-fee" } };
    // Free already (above the shop's free-delivery total): R$ 0 off would still spend the shopper's use.
    if (delivery === 0) return { ok: false, refusal: { reason: "delivery-already-free" } };
    const waived = delivery === "unknown" ? 0 : delivery;
    return {
      ok: true,
      discount: { code: rule.code, kind: rule.kind, freeDelivery: false, lineDiscountsCents: lines.map(() => 0), deliveryWaivedCents: waived, totalCents: waived },
    };
  }
  const wanted = rule.kind === "percent" ? Math.round((eligibleTotal * (rule.percentOff ?? 0)) / 100) : (rule.amountOffCents ?? 0);
  const lineDiscountsCents = splitDiscount(Math.min(wanted, eligibleTotal), eligible);
  // Beside a percentage or an amount, free delivery is a bonus: a pick-up or an 'A combinar' order still
  // gets the discount (which is what spends the use), with no fee to waive.
  const deliveryWaivedCents = rule.freeDelivery && typeof delivery === "number" ? delivery : 0;
  const totalCents = lineDiscountsCents.reduce((a, b) => a + b, 0) + deliveryWaivedCents;
  return { ok: true, discount: { code: rule.code, kind: rule.kind, freeDelivery: rule.freeDelivery, lineDiscountsCents, deliveryWaivedCents, totalCents } };
}

/**
 * "CUPOM10 aplicado: −R$ 15,99", for free delivery "FRETE aplicado: entrega grátis (−R$ 10,00)", and
 * both together "VERAO aplicado: −R$ 15,99 e entrega grátis (−R$ 10,00)".
 */
export function couponAppliedMessage(discount: Pick<CouponDiscount, "code" | "kind" | "freeDelivery" | "totalCents" | "deliveryWaivedCents">): string {
  const free = (cents: number) => (cents > 0 ? `entrega grátis (−${formatBRL(cents)})` : "entrega grátis");
  if (discount.kind === "free_delivery") return `${discount.code} aplicado: ${free(discount.totalCents)}`;
  const linesCents = discount.totalCents - discount.deliveryWaivedCents;
  if (discount.freeDelivery) return `${discount.code} aplicado: −${formatBRL(linesCents)} e ${free(discount.deliveryWaivedCents)}`;
  return `${discount.code} aplicado: −${formatBRL(linesCents)}`;
}

/** The shopper's reason, in pt-BR. */
export function couponRefusalMessage(code: string, refusal: CouponRefusal): string {
  switch (refusal.reason) {
    case "unknown":
      return `Cupom ${code} não encontrado. Confira o código.`;
    case "paused":
      return `O cupom ${code} não está disponível no momento.`;
    case "expired":
      return `O cupom ${code} expirou em ${formatCouponDay(refusal.until)}.`;
    case "not-yet":
      return `O cupom ${code} vale a partir de ${formatCouponDay(refusal.from)}.`;
    case "minimum":
      return `O cupom ${code} vale para compras a partir de ${formatBRL(refusal.minimumCents)}. Faltam ${formatBRL(refusal.missingCents)}.`;
    case "not-for-these-items":
      return `O cupom ${code} não vale para os itens do carrinho.`;
    case "used-up":
      return `O cupom ${code} esgotou: todos os usos já foram aproveitados.`;
    case "already-used":
      return `Você já usou o cupom ${code}.`;
    case "first-purchase":
      return `O cupom ${code} é só para a primeira compra.`;
    case "needs-phone":
      return `O cupom ${code} vale só no checkout, com seu telefone.`;
    case "no-delivery-fee":
      return `O cupom ${code} dá entrega grátis nas cidades onde a loja entrega.`;
    case "delivery-already-free":
      return `A entrega deste pedido já é grátis: o cupom ${code} não tiraria nada do total, e seu uso fica guardado para outra compra.`;
    case "pickup":
      return `Este cupom vale para entrega: o cupom ${code} não se aplica à retirada na loja.`;
  }
}

/** Said after a refusal when the order is being placed: nothing is lost, the shopper can go on without it. */
export const SEND_WITHOUT_COUPON = "Remova o cupom para enviar o pedido sem ele.";

/** What the cart and the checkout are told about a coupon before the order (the order decides again). */
export type CouponPreview =
  | { ok: true; code: string; message: string; lineDiscountsCents: number[]; linesCents: number; deliveryWaivedCents: number }
  | { ok: false; code: string; message: string };

export const COUPON_PREVIEW_PATH = "/api/cupom";

/**
 * Where the order goes, as the checkout knows it: the delivery option chosen (the shop's own by bairro,
 * a carrier, the table by state), so that the preview prices the fee as the order will.
 */
export type CouponPreviewWhere = {
  deliveryMethod: "delivery" | "pickup";
  city: string;
  phone: string;
  option?: { id: string; cep: string; state: string; neighborhood: string };
};

/** The preview's address: the code, the cart's lines as "productId×quantity", and where it goes when known. */
export function couponPreviewUrl(code: string, lines: { id: number; quantity: number }[], where: CouponPreviewWhere | null): string {
  const params = new URLSearchParams({ codigo: code, itens: lines.map((line) => `${line.id}x${line.quantity}`).join(",") });
  if (where) {
    params.set("entrega", where.deliveryMethod);
    params.set("cidade", where.city);
    if (where.phone) params.set("telefone", where.phone);
    if (where.deliveryMethod === "delivery" && where.option) {
      params.set("opcao", where.option.id);
      params.set("cep", where.option.cep);
      params.set("uf", where.option.state);
      params.set("bairro", where.option.neighborhood);
    }
  }
  return `${COUPON_PREVIEW_PATH}?${params}`;
}

/** "12x2,13x1" → lines, or null when it is not that (at most 50 lines, quantities 1–99). */
export function parsePreviewLines(text: string | null): { productId: number; quantity: number }[] | null {
  if (!text) return null;
  const parts = text.split(",");
  if (parts.length > 50) return null;
  const lines = parts.map((part) => /^(\d{1,9})x(\d{1,2})$/.exec(part));
  if (lines.some((match) => !match || Number(match[2]) < 1)) return null;
  return lines.map((match) => ({ productId: Number(match![1]), quantity: Number(match![2]) }));
}

/** The link that brings a coupon to the cart (a flyer's QR, a post, a WhatsApp message): `{origin}/?cupom=CODE`. */
export function couponLink(origin: string, code: string): string {
  return `${origin}/?cupom=${encodeURIComponent(code)}`;
}

/** The WhatsApp message a clerk shares a coupon with: what it gives and its link. */
export function couponShareText(code: string, discount: string, link: string): string {
  return `Cupom ${code}: ${discount} na Loja Erick. Use pelo link: ${link}`;
}
