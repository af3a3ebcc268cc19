// Orders written straight to the database, with the dates and statuses a test needs (placeOrder always
// makes a pending order dated now), for tests of what reads orders; and a checkout form to place one.
import { randomBytes, randomUUID } from "node:crypto";
import type { Pool } from "pg";
import { orderItems, orders } from "#database/schema";
import type { CheckoutInput } from "~/lib/orders/checkout.schema";
import type { OrderStatus } from "~/lib/orders/order-status";
import type { Database } from "~/server/db/database.server";
import { orderCodeOf } from "~/server/orders/order-placing.server";

export type FixtureItem = {
  productId?: number | null;
  /** The size × colour the line takes its units from (product_variants.id); none: stock never moves. */
  variantId?: number | null;
  size?: string | null;
  color?: string | null;
  name: string;
  category?: string;
  shopName?: string;
  unitPriceCents: number | null;
  quantity: number;
  /** A coupon's share of the line (0 unless said); the order's total is that much less. */
  discountCents?: number;
};

export type FixtureOrder = {
  status?: OrderStatus;
  createdAt: string | Date;
  customerName?: string;
  customerEmail?: string;
  customerPhone?: string;
  /** "checkout" unless said: "cart" is the cart's quick order, "balcao" a counter sale. */
  channel?: "checkout" | "cart" | "balcao";
  paymentMethod?: string | null;
  deliveryCents?: number;
  /** "delivery" unless said. */
  deliveryMethod?: "delivery" | "pickup" | "arrange";
  items: FixtureItem[];
  userId?: string | null;
};

/** Inserts an order and its items; the total is the items' sum plus the delivery fee. Returns its id and code. */
export async function insertOrder(db: Database, order: FixtureOrder): Promise<{ id: string; code: string; totalCents: number }> {
  const id = randomUUID();
  const code = orderCodeOf(id);
  const subtotalCents = order.items.reduce((sum, item) => sum + (item.unitPriceCents ?? 0) * item.quantity, 0);
  const deliveryCents = order.deliveryCents ?? 0;
  const discountCents = order.items.reduce((sum, item) => sum + (item.discountCents ?? 0), 0);
  const createdAt = new Date(order.createdAt);
  await db.insert(orders).values({
    id,
    code,
    publicToken: randomBytes(16).toString("base64url"),
    idempotencyKey: randomBytes(16).toString("hex"),
    channel: order.channel ?? "checkout",
    status: order.status ?? "pending",
    customerName: order.customerName ?? "Cliente Teste",
    customerEmail: order.customerEmail ?? "",
    customerPhone: order.customerPhone ?? "",
    userId: order.userId ?? null,
    deliveryMethod: order.deliveryMethod ?? "delivery",
    subtotalCents,
    deliveryCents,
    totalCents: subtotalCents - discountCents + deliveryCents,
    discountCents,
    hasConsultItems: order.items.some((item) => item.unitPriceCents === null),
    paymentMethod: order.paymentMethod === undefined ? "pix" : order.paymentMethod,
    createdAt,
    updatedAt: createdAt,
  });
  await db.insert(orderItems).values(
    order.items.map((item, position) => ({
      orderId: id,
      productId: item.productId ?? null,
      variantId: item.variantId ?? null,
      size: item.size ?? null,
      color: item.color ?? null,
      position,
      name: item.name,
      category: item.category ?? "Feminino",
      shopName: item.shopName ?? "Erick Calçados",
      unitPriceCents: item.unitPriceCents,
      quantity: item.quantity,
      discountCents: item.discountCents ?? 0,
    })),
  );
  return { id, code, totalCents: subtotalCents - discountCents + deliveryCents };
}

/** A complete checkout form for a delivery in Barreiros paid by PIX; spread it to change a field. */
export const CHECKOUT_CUSTOMER: CheckoutInput = {
  name: "Maria da Silva",
  email: "maria@example.com",
  phone: "(81) 99999-8888",
  cpf: "",
  deliveryMethod: "delivery",
  pickupLocationId: undefined,
  cep: "55560-000",
  address: "Rua da Praia",
  number: "10",
  complement: "",
  neighborhood: "Centro",
  city: "Barreiros",
  state: "PE",
  deliveryOption: "local",
  paymentMethod: "pix",
  installments: 1,
  notes: "",
};

/** A checkout's fields as the page posts them: every value a string, the ones not set left out. */
export function checkoutFormFields(customer: CheckoutInput = CHECKOUT_CUSTOMER): Record<string, string> {
  return Object.fromEntries(Object.entries(customer).flatMap(([field, value]) => (value === undefined ? [] : [[field, String(value)]])));
}

export type OrderLine = { productId: number; size: string | null; color: string | null; quantity: number };

/**
 * One unit of a seeded product that any order may take (active, priced, its first size and colour),
 * with `stock` units of that size and colour so that a test placing many orders never runs out. As the checkout form
 * sends it: JSON in `lines`.
 */
export async function orderableLine(pool: Pick<Pool, "query">, { stock = 10_000 } = {}): Promise<{ line: OrderLine; lines: string }> {
  // At the product's own store: every delivery and the cart's orders are served from there when no store in the town has it.
  const { rows } = await pool.query<{ id: number; size: string | null; color: string | null }>(
    `with chosen as (
       select p.id, p.sizes[1] as size, p.colors[1] as color, v.id as variant_id, erick_product_home_store(p.id) as store
       from products p join product_variants v on v.product_id = p.id and v.size = coalesce(p.sizes[1], '') and v.color = coalesce(p.colors[1], '')
       where p.id = (select min(id) from products where active and price_cents is not null)
     ), stocked as (
       insert into variant_stock (variant_id, store_location_id, units) select variant_id, store, $1 from chosen
       on conflict (variant_id, store_location_id) do update set units = greatest(variant_stock.units, excluded.units)
     )
     select id, size, color from chosen`,
    [stock],
  );
  const row = rows[0]!;
  const line = { productId: row.id, size: row.size, color: row.color, quantity: 1 };
  return { line, lines: JSON.stringify([line]) };
}
