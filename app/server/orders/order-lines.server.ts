// An order's lines as the database prices them, and the refusals a shopper can act on: shared by
// placing an order (./order-placing.server.ts), holding its units (./order-stock-hold.server.ts) and
// its limits (./order-limits.server.ts).
import { eq, inArray } from "drizzle-orm";
import { products, shops } from "#database/schema";
import { countLabel } from "~/lib/format/plural";
import { variantKey, variantLabel } from "~/lib/catalog/variants";
import type { OrderLineRequest } from "~/lib/orders/checkout.schema";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { variantsByProduct } from "../catalog/variants.server";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A refusal the shopper can act on; the message is shown as it is, with `status` (409 unless said). */
export class OrderRejectedError extends Error {
  constructor(
    message: string,
    readonly status: 409 | 429 = 409,
    /** Seconds until trying again makes sense (a limit). */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

export type PricedLine = {
  productId: number;
  variantId: number;
  name: string;
  category: string;
  shopId: number;
  shopName: string;
  size: string | null;
  color: string | null;
  unitPriceCents: number | null;
  quantity: number;
};

/** A new order's line as a limit sees it (./order-limits.server.ts): what it takes, and how to name it. */
export type AdmittedLine = Pick<PricedLine, "variantId" | "name" | "size" | "color" | "quantity">;

/** "Tênis X" or "Tênis X (Tam. 38 / Preto)": how a refusal names what was asked for. */
export function lineName(name: string, line: { size: string | null; color: string | null }): string {
  const label = variantLabel(line);
  return label ? `"${name}" (${label})` : `"${name}"`;
}

/**
 * Checks every line against the database and prices it from there: the browser's prices are never
 * read. Refuses unknown or inactive products, sizes or colours the product does not have, and sold-out
 * sizes or more units than the shelf holds of a size × colour (lines of the same variant add up).
 * `onlineShelf` false (a counter sale): the storefront's units are not asked, the counter's store is
 * (its take refuses what that store lacks).
 */
export async function priceLines(tx: DatabaseOrTransaction, lines: OrderLineRequest[], { onlineShelf = true } = {}): Promise<PricedLine[]> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      active: products.active,
      priceCents: products.priceCents,
      sizes: products.sizes,
      colors: products.colors,
      shopId: products.shopId,
      shopName: shops.name,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const variants = await variantsByProduct(tx, ids);
  const unitsByVariant = new Map<number, number>();

  return lines.map((line) => {
    const product = byId.get(line.productId);
    if (!product || !product.active) {
      throw new OrderRejectedError("Um dos produtos do carrinho não está mais disponível. Remova-o e tente novamente.");
    }
    if (product.sizes.length ? !line.size || !product.sizes.includes(line.size) : line.size !== null) {
      throw new OrderRejectedError(`Escolha um tamanho disponível para "${product.name}".`);
    }
    if (product.colors.length ? !line.color || !product.colors.includes(line.color) : line.color !== null) {
      throw new OrderRejectedError(`Escolha uma cor disponível para "${product.name}".`);
    }
    const wanted = variantKey(line.size ?? "", line.color ?? "");
    const variant = variants.get(product.id)?.find((candidate) => variantKey(candidate.size, candidate.color) === wanted);
    if (!variant || (onlineShelf && variant.stock <= 0)) throw new OrderRejectedError(`${lineName(product.name, line)} está esgotado.`);
    const units = (unitsByVariant.get(variant.id) ?? 0) + line.quantity;
    unitsByVariant.set(variant.id, units);
    if (onlineShelf && units > variant.stock) {
      throw new OrderRejectedError(
        `Temos só ${countLabel(variant.stock, "unidade", "unidades")} de ${lineName(product.name, line)}. Ajuste a quantidade.`,
      );
    }
    return {
      productId: product.id,
      variantId: variant.id,
      name: product.name,
      category: product.category,
      shopId: product.shopId,
      shopName: product.shopName,
      size: line.size,
      color: line.color,
      unitPriceCents: product.priceCents,
      quantity: line.quantity,
    };
  });
}

/** "… está esgotado." or "Temos só 2 unidades de …": the refusal for a line the shelf cannot cover. */
export function shortageMessage(name: string, available: number): string {
  return available === 0 ? `${name} está esgotado.` : `Temos só ${countLabel(available, "unidade", "unidades")} de ${name}. Ajuste a quantidade.`;
}

