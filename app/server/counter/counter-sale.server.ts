// The counter sale (/admin/balcao): a clerk sells at a store's counter from a phone. It is an order
// like the others, placed through placeOrder (prices, units taken in its transaction, idempotency),
// with the counter's terms: channel "balcao", the store, the clerk, paid and handed over at once.
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { media, orderItems, orders, productVariants, products, shops, storeLocations, users } from "#database/schema";
import type { ImageRef } from "~/lib/catalog/catalog";
import { clerkNameOf, type CounterLookup, type CounterReceipt, type CounterSaleInput } from "~/lib/counter/counter-sale";
import type { CurrentUser } from "../auth/guards.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { getSettings } from "../group/settings.server";
import { productSearchCondition } from "../catalog/product-search.server";
import { OrderRejectedError } from "../orders/order-lines.server";
import { placeOrder } from "../orders/order-placing.server";
import { listStores } from "../orders/order-store.server";
import { variantsByProduct } from "../catalog/variants.server";
import { unitsAt } from "../catalog/stock-moves.server";
import { fiscalDocumentsOf, issueFiscalDocumentsSoon, queueFiscalDocument } from "../fiscal/fiscal-documents.server";

/** A new key for one counter screen: a double tap or a resent form finds the sale it already made. */
export function newSaleKey(): string {
  return randomUUID();
}

export type CounterSaleResult = { ok: true; orderId: string; created: boolean } | { ok: false; message: string };

/** Records the sale once per key (a double tap finds the sale it made), or says why not in pt-BR. */
/** The sale's terms; the discount, CPF and instalments may be left out (none, none, at once). */
type CounterSaleRequest = Omit<CounterSaleInput, "discountCents" | "cpf" | "installments"> & Partial<Pick<CounterSaleInput, "discountCents" | "cpf" | "installments">>;

/**
 * `fiscal`: a provider is set up (config.fiscal): the sale's NFC-e is queued in its transaction and
 * issued after the commit (app/server/fiscal), never in the clerk's way.
 */
export async function sellAtCounter(db: Database, clerk: CurrentUser, sale: CounterSaleRequest, { fiscal = false }: { fiscal?: boolean } = {}): Promise<CounterSaleResult> {
  const settings = await getSettings(db);
  try {
    const placed = await placeOrder(db, settings, {
      idempotencyKey: `balcao:${sale.saleKey}`,
      lines: sale.lines,
      customer: null,
      userId: null,
      counter: {
        storeLocationId: sale.storeId,
        clerk: { id: clerk.id, name: clerk.name, email: clerk.email },
        paymentMethod: sale.payment,
        cashReceivedCents: sale.cashReceivedCents,
        discountCents: sale.discountCents,
        cpf: sale.cpf,
        installments: sale.installments,
      },
    }, fiscal ? { withCounterSale: (tx, order) => queueFiscalDocument(tx, order.id, "65") } : {});
    if (fiscal && placed.created) issueFiscalDocumentsSoon(db);
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.publicToken, placed.token));
    return { ok: true, orderId: order!.id, created: placed.created };
  } catch (error) {
    if (error instanceof OrderRejectedError) return { ok: false, message: error.message };
    throw error;
  }
}

/** The stores a counter can sell at, in the order /lojas lists them. */
/** The stores a clerk may sell or count at: every store, or only `onlyStoreId` (a Vendedor's). */
export async function listCounterStores(db: DatabaseOrTransaction, onlyStoreId: number | null = null): Promise<{ id: number; name: string; city: string }[]> {
  const stores = await listStores(db);
  return stores.filter((store) => onlyStoreId === null || store.id === onlyStoreId).map(({ id, name, city }) => ({ id, name, city }));
}

const SEARCH_LIMIT = 8;

/**
 * What the counter's screen asks: products by name (search as you type), by id (a price card's QR)
 * or by a variant's SKU or EAN (a barcode); active products only, with the store's units of each size × colour.
 */
export async function findCounterProducts(
  db: DatabaseOrTransaction,
  storeId: number | null,
  query: { q?: string; productId?: number; sku?: string },
): Promise<CounterLookup> {
  let variantId: number | null = null;
  let condition;
  if (query.productId) condition = eq(products.id, query.productId);
  else if (query.sku) {
    const [variant] = await db
      .select({ id: productVariants.id, productId: productVariants.productId })
      .from(productVariants)
      // The reader reads the shop's own code (SKU, Code 128) or the maker's EAN-13: either finds the variant, the EAN first.
      .where(sql`lower(${productVariants.sku}) = lower(${query.sku}) or ${productVariants.ean} = ${query.sku.trim()}`)
      .orderBy(sql`${productVariants.ean} = ${query.sku.trim()} desc`, asc(productVariants.id))
      .limit(1);
    if (!variant) return { products: [], variantId: null };
    variantId = variant.id;
    condition = eq(products.id, variant.productId);
  } else {
    condition = productSearchCondition(query.q ?? "");
    if (!condition) return { products: [], variantId: null };
  }
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      shopName: shops.name,
      priceCents: products.priceCents,
      sizes: products.sizes,
      colors: products.colors,
      cover: { key: media.key, width: media.width, height: media.height, widths: media.widths, alt: media.alt },
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(media, eq(media.key, sql`${products.images}[1]`))
    .where(and(eq(products.active, true), condition))
    .orderBy(asc(products.name), asc(products.id))
    .limit(SEARCH_LIMIT);
  const variants = await variantsByProduct(db, rows.map((row) => row.id));
  const allVariantIds = [...variants.values()].flat().map((variant) => variant.id);
  const shelf = storeId === null ? new Map<number, Map<number, number>>() : await unitsAt(db, allVariantIds, [storeId]);
  return {
    variantId,
    products: rows.map((row) => {
      // In the order the product lists its sizes and colours, as its page and the stock grid show them.
      const ordered = [...(variants.get(row.id) ?? [])].sort(
        (a, b) => row.sizes.indexOf(a.size) - row.sizes.indexOf(b.size) || row.colors.indexOf(a.color) - row.colors.indexOf(b.color),
      );
      return {
        id: row.id,
        name: row.name,
        shopName: row.shopName,
        priceCents: row.priceCents,
        image: row.cover?.key ? (row.cover as ImageRef) : null,
        variants: ordered.map((variant) => ({ id: variant.id, size: variant.size, color: variant.color, sku: variant.sku, stock: (storeId === null ? undefined : shelf.get(variant.id)?.get(storeId)) ?? 0 })),
      };
    }),
  };
}

/** A counter sale's receipt, with its NFC-e when fiscal documents are on (`fiscal`); null when the order is not one. */
export async function counterReceipt(db: DatabaseOrTransaction, orderId: string, { fiscal = false }: { fiscal?: boolean } = {}): Promise<CounterReceipt | null> {
  const [order] = await db
    .select({
      id: orders.id,
      code: orders.code,
      createdAt: orders.createdAt,
      status: orders.status,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      totalCents: orders.totalCents,
      paymentMethod: orders.paymentMethod,
      installments: orders.installments,
      cpf: orders.customerCpf,
      cashReceivedCents: orders.cashReceivedCents,
      clerkId: orders.clerkId,
      clerkName: orders.clerkName,
      clerkAccountName: users.name,
      clerkAccountEmail: users.email,
      storeName: storeLocations.name,
      storeAddress: storeLocations.address,
      storePhone: storeLocations.phone,
    })
    .from(orders)
    .leftJoin(storeLocations, eq(storeLocations.id, orders.fulfillingStoreId))
    .leftJoin(users, eq(users.id, orders.clerkId))
    .where(and(eq(orders.id, orderId), eq(orders.channel, "balcao")));
  if (!order) return null;
  const items = await db
    .select({ name: orderItems.name, size: orderItems.size, color: orderItems.color, quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [order.id]))
    .orderBy(asc(orderItems.position));
  return {
    orderId: order.id,
    code: order.code,
    createdAt: order.createdAt.toISOString(),
    store: { name: order.storeName ?? "", address: order.storeAddress ?? "", phone: order.storePhone ?? "" },
    clerkName: clerkNameOf(order, { name: order.clerkAccountName, email: order.clerkAccountEmail }) ?? "",
    items: items.map((item) => ({ ...item, unitPriceCents: item.unitPriceCents ?? 0 })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    totalCents: order.totalCents,
    paymentMethod: order.paymentMethod ?? "",
    installments: order.installments,
    cashReceivedCents: order.cashReceivedCents,
    cpf: order.cpf,
    cancelled: order.status === "cancelled",
    fiscal: fiscal ? ((await fiscalDocumentsOf(db, order.id)).find((document) => document.model === "65") ?? null) : null,
    fiscalOn: fiscal,
  };
}
