import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { products, productVariants, storeLocations } from "./catalog-schema";
import { emailKey, phoneKey } from "./contact-keys";
import { coupons } from "./coupons-schema";

export type ShippingAddress = {
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  cep: string;
};

/** Every order sent by WhatsApp from the site, recorded before WhatsApp opens. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey(),
    /** First 8 characters of the id, upper-case: what shoppers and clerks read out. */
    code: text("code").notNull().unique(),
    /** Unguessable key of the public order page /pedido/{token}. */
    publicToken: text("public_token").notNull().unique(),
    /** Sent by the form: a retried or double submission finds the order it already made. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /**
     * SHA-256 of what was sent with the key (lines, customer, account): the same key with anything
     * else is refused instead of answered with this order. Null for orders placed before it existed.
     */
    requestHash: text("request_hash"),
    /** checkout | cart | balcao (a counter sale at a store, app/server/counter). */
    channel: text("channel").notNull(),
    status: text("status").notNull().default("pending"),
    customerName: text("customer_name").notNull().default(""),
    customerEmail: text("customer_email").notNull().default(""),
    customerPhone: text("customer_phone").notNull().default(""),
    customerCpf: text("customer_cpf").notNull().default(""),
    userId: text("user_id"),
    /**
     * Who the order's phone and e-mail are, as /admin/clientes matches them (./contact-keys.ts): kept by
     * PostgreSQL on every write, so listing customers over 100,000 orders does not recompute them.
     */
    customerPhoneKey: text("customer_phone_key").generatedAlwaysAs(phoneKey(sql.raw("customer_phone"))),
    customerEmailKey: text("customer_email_key").generatedAlwaysAs(emailKey(sql.raw("customer_email"))),
    /** delivery | pickup | arrange (cart quick path: agreed in the chat). */
    deliveryMethod: text("delivery_method").notNull(),
    pickupLocationId: integer("pickup_location_id").references(() => storeLocations.id, { onDelete: "set null" }),
    /**
     * The store that serves the order: its units come off this store's shelf (a pick-up, the store
     * chosen; a delivery, the store the rule picked). Changeable in the order window.
     */
    fulfillingStoreId: integer("fulfilling_store_id").references(() => storeLocations.id, { onDelete: "set null" }),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>(),
    subtotalCents: integer("subtotal_cents").notNull(),
    /** null: 'A combinar'. */
    deliveryCents: integer("delivery_cents"),
    /**
     * How it travels, as the shopper chose it (app/server/delivery): "Entrega local — Centro",
     * "SEDEX (Correios)", "Tabela por estado"; null: pick-up, agreed in the chat, or placed before it existed.
     */
    deliveryService: text("delivery_service"),
    /** The time the shopper was promised, in words ("em até 2 dias úteis"). */
    deliveryTime: text("delivery_time"),
    /** The carrier's tracking code, typed by the clerk in the order window. */
    trackingCode: text("tracking_code"),
    totalCents: integer("total_cents").notNull(),
    hasConsultItems: boolean("has_consult_items").notNull().default(false),
    /** The coupon used (null: none, or deleted since), and its code as the shopper typed it, upper-case. */
    couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    /** All the coupon took off: the lines' discounts plus a delivery fee it waived. */
    discountCents: integer("discount_cents").notNull().default(0),
    /**
     * The order had demo products (set when they are removed, before its lines lose them): kept, shown
     * apart, and left out of the dashboard's and the reports' figures.
     */
    demoProducts: boolean("demo_products").notNull().default(false),
    paymentMethod: text("payment_method"),
    installments: integer("installments").notNull().default(1),
    notes: text("notes").notNull().default(""),
    /** Where the shopper came from (app/lib/order-source.ts): whatsapp, qr, google, instagram or direto. */
    source: text("source").notNull().default("direto"),
    /** The shopper ticked "Quero receber atualizações do pedido pelo WhatsApp" (never ticked for her); "PARAR" turns it off. */
    whatsappConsent: boolean("whatsapp_consent").notNull().default(false),
    /** When the shop was e-mailed about this order (alone, or in a digest); null: not yet. */
    shopEmailedAt: timestamp("shop_emailed_at", { withTimezone: true }),
    /**
     * The order holds its units: taken when it was placed (or re-opened), given back when it is cancelled,
     * never twice (app/server/orders/order-admin.server.ts). False on a cancelled order, and on a pending one
     * placed before stock was held at placing that the shelf could not cover (migration 0021).
     */
    stockApplied: boolean("stock_applied").notNull().default(false),
    /** The staff account that made a counter sale, and its name then (null: an online order). */
    clerkId: text("clerk_id"),
    clerkName: text("clerk_name"),
    /** Cash handed over at the counter, for the change on the receipt (null: not paid in cash there). */
    cashReceivedCents: integer("cash_received_cents"),
    /**
     * The client address a shopper's order came from (the cart's quick order has no phone): the units
     * one address holds at once in pending orders are limited (app/server/orders/order-limits.server.ts).
     * Null for counter sales and orders placed before it existed.
     */
    clientAddress: text("client_address"),
    /**
     * The units this order counts against its client (address and phone) while it is pending with its
     * units held: set when the checkout admits it; 0 for orders the checkout did not admit. A trigger
     * keeps client_held_units in step (migration 0056).
     */
    heldUnits: integer("held_units").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("orders_status_known", sql`${table.status} in ('pending','processing','shipped','delivered','cancelled')`),
    check("orders_channel_known", sql`${table.channel} in ('checkout','cart','balcao')`),
    check("orders_source_known", sql`${table.source} in ('whatsapp','qr','google','instagram','direto')`),
    check("orders_totals_not_negative", sql`${table.subtotalCents} >= 0 and ${table.totalCents} >= 0`),
    check("orders_discount_not_negative", sql`${table.discountCents} >= 0`),
    index("orders_created_idx").on(table.createdAt),
    index("orders_status_idx").on(table.status, table.createdAt),
    index("orders_user_idx").on(table.userId, table.createdAt),
    index("orders_customer_phone_key_idx").on(table.customerPhoneKey),
    index("orders_customer_email_key_idx").on(table.customerEmailKey),
    index("orders_coupon_idx").on(table.couponId),
    index("orders_held_since_idx").on(table.createdAt).where(sql`${table.status} = 'pending' and ${table.stockApplied}`),
  ],
);

/**
 * The units each client holds at once in pending orders (key "address|…" or "phone|…", the phone as
 * orders.customer_phone_key): the sum of its held orders' held_units, kept by a trigger on orders
 * (migration 0056) so the checkout reads one row instead of summing them (order-limits.server.ts).
 */
export const clientHeldUnits = pgTable("client_held_units", {
  key: text("key").primaryKey(),
  units: integer("units").notNull().default(0),
});

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    /** The size × colour sold: its stock is what the order takes and gives back (null: removed since). */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /**
     * The store whose shelf the line's units come off and go back to: the order's store for orders placed
     * since stock per store; for older orders, the product's own store (migration 0025).
     */
    storeLocationId: integer("store_location_id").references(() => storeLocations.id, { onDelete: "set null" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    category: text("category").notNull(),
    shopName: text("shop_name").notNull(),
    size: text("size"),
    color: text("color"),
    unitPriceCents: integer("unit_price_cents"),
    quantity: integer("quantity").notNull(),
    /** The coupon's share of this line (the line's total never goes below zero). */
    discountCents: integer("discount_cents").notNull().default(0),
  },
  (table) => [
    check("order_items_quantity_positive", sql`${table.quantity} > 0`),
    check("order_items_discount_not_negative", sql`${table.discountCents} >= 0`),
    index("order_items_order_idx").on(table.orderId, table.position),
    index("order_items_product_idx").on(table.productId),
    index("order_items_variant_idx").on(table.variantId),
  ],
);

/**
 * What happened to an order after it was placed, oldest first: each status change, and each time a
 * clerk opened 'Avisar cliente no WhatsApp' (kind 'whatsapp', with the status the message told). The
 * shopper's page shows the status changes; the admin shows both, with who did them.
 */
export const orderHistory = pgTable(
  "order_history",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    status: text("status").notNull(),
    /** The staff account (null when it was deleted since, or the change came from a script). */
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    /** Why, when the shop did it by itself: 'hold-expired' (nobody confirmed or paid it in time: app/lib/holds/order-holds.ts). */
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("order_history_kind_known", sql`${table.kind} in ('status','whatsapp')`),
    check("order_history_status_known", sql`${table.status} in ('pending','processing','shipped','delivered','cancelled')`),
    index("order_history_order_idx").on(table.orderId, table.createdAt, table.id),
  ],
);
