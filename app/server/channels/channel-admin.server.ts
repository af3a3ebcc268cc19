// /admin/canais: the catalogue checked as the feeds read it (what is left out and why, what lacks a
// recommended field), and the admin's channel choices: products and shops left out of the feeds, and
// the Google category of each category × subcategory. Every change is recorded in the audit log.
import { and, asc, count, eq, sql } from "drizzle-orm";
import { channelCategoryMappings, channelExcludedProducts, channelExcludedShops, products, shops } from "#database/schema";
import type { GoogleRefusal, LeftOutReason, MissingRecommended } from "~/lib/channels/channel-check";
import { categoryMappingKey, suggestedGoogleCategory } from "~/lib/channels/channels";
import type { ChannelChange } from "~/lib/channels/channels.schema";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import { categoryMappings, feedCatalogPages, googleCategoryOf } from "./feed-catalog.server";
import { feedEntry } from "./feed-items.server";

/** Products listed by name on the page per kind of problem; the counts cover all of them. */
const LISTED_PER_PROBLEM = 200;

export type ProductProblem<Reason extends string> = { id: number; name: string; reasons: Reason[] };

export type ChannelCheck = {
  listedProducts: number;
  items: number;
  leftOut: { total: number; products: ProductProblem<LeftOutReason>[] };
  missing: { total: number; products: ProductProblem<MissingRecommended>[] };
  /** Listed, but Google refuses them (apparel without a gender). */
  googleRefuses: { total: number; products: ProductProblem<GoogleRefusal>[] };
  excluded: { id: number; name: string; by: "product" | "shop" }[];
};

/** The whole catalogue through the feeds' own reading (feedEntry), one page at a time. */
export async function checkCatalogue(db: Database, origin: string): Promise<ChannelCheck> {
  const check: ChannelCheck = {
    listedProducts: 0,
    items: 0,
    leftOut: { total: 0, products: [] },
    missing: { total: 0, products: [] },
    googleRefuses: { total: 0, products: [] },
    excluded: [],
  };
  await db.transaction(
    async (tx) => {
      for await (const page of feedCatalogPages(tx)) {
        for (const product of page) {
          if (product.excludedBy) {
            if (product.excludedBy === "product" || check.excluded.length < LISTED_PER_PROBLEM) {
              check.excluded.push({ id: product.id, name: product.name, by: product.excludedBy });
            }
            continue;
          }
          const entry = feedEntry(product, origin, "check");
          if (!entry.listed) {
            check.leftOut.total += 1;
            if (check.leftOut.products.length < LISTED_PER_PROBLEM) check.leftOut.products.push({ id: product.id, name: product.name, reasons: entry.reasons });
            continue;
          }
          check.listedProducts += 1;
          check.items += entry.items.length;
          if (entry.googleRefuses.length > 0) {
            check.googleRefuses.total += 1;
            if (check.googleRefuses.products.length < LISTED_PER_PROBLEM) {
              check.googleRefuses.products.push({ id: product.id, name: product.name, reasons: entry.googleRefuses });
            }
          }
          if (entry.missing.length > 0) {
            check.missing.total += 1;
            if (check.missing.products.length < LISTED_PER_PROBLEM) check.missing.products.push({ id: product.id, name: product.name, reasons: entry.missing });
          }
        }
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  return check;
}

export type ShopChannelState = { id: number; name: string; excluded: boolean };

export async function shopsInChannels(db: DatabaseOrTransaction): Promise<ShopChannelState[]> {
  return db
    .select({ id: shops.id, name: shops.name, excluded: sql<boolean>`${channelExcludedShops.shopId} is not null` })
    .from(shops)
    .leftJoin(channelExcludedShops, eq(channelExcludedShops.shopId, shops.id))
    .orderBy(asc(shops.position), asc(shops.id));
}

export type CategoryMappingRow = {
  category: string;
  subcategory: string;
  products: number;
  /** What the feeds send now. */
  googleCategory: string;
  suggested: string;
  /** The admin corrected this pair (not the suggestion, nor the category's own correction). */
  corrected: boolean;
};

/** Every category × subcategory of the active products, with the Google category the feeds send. */
export async function categoryMappingRows(db: DatabaseOrTransaction): Promise<CategoryMappingRow[]> {
  const [pairs, mappings] = await Promise.all([
    db
      .select({ category: products.category, subcategory: products.subcategory, products: count() })
      .from(products)
      .where(eq(products.active, true))
      .groupBy(products.category, products.subcategory)
      .orderBy(asc(products.category), asc(products.subcategory)),
    categoryMappings(db),
  ]);
  return pairs.map((pair) => ({
    ...pair,
    googleCategory: googleCategoryOf(mappings, pair.category, pair.subcategory),
    suggested: suggestedGoogleCategory(pair.category, pair.subcategory),
    corrected: mappings.has(categoryMappingKey(pair.category, pair.subcategory)),
  }));
}

/** Applies one of the page's changes; false when the product or shop does not exist. */
export async function applyChannelChange(db: Database, change: ChannelChange, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    switch (change.intent) {
      case "exclude-product":
      case "include-product": {
        const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, change.productId));
        if (!product) return false;
        const excluded = change.intent === "exclude-product";
        const before = await tx.select().from(channelExcludedProducts).where(eq(channelExcludedProducts.productId, change.productId));
        if (excluded) await tx.insert(channelExcludedProducts).values({ productId: change.productId }).onConflictDoNothing();
        else await tx.delete(channelExcludedProducts).where(eq(channelExcludedProducts.productId, change.productId));
        await recordAdminChange(tx, actor, {
          action: "channels.product",
          entityType: "product",
          entityId: change.productId,
          entityLabel: product.name,
          before: { inChannels: before.length === 0 },
          after: { inChannels: !excluded },
        });
        return true;
      }
      case "exclude-shop":
      case "include-shop": {
        const [shop] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, change.shopId));
        if (!shop) return false;
        const excluded = change.intent === "exclude-shop";
        const before = await tx.select().from(channelExcludedShops).where(eq(channelExcludedShops.shopId, change.shopId));
        if (excluded) await tx.insert(channelExcludedShops).values({ shopId: change.shopId }).onConflictDoNothing();
        else await tx.delete(channelExcludedShops).where(eq(channelExcludedShops.shopId, change.shopId));
        await recordAdminChange(tx, actor, {
          action: "channels.shop",
          entityType: "channels",
          entityId: change.shopId,
          entityLabel: shop.name,
          before: { inChannels: before.length === 0 },
          after: { inChannels: !excluded },
        });
        return true;
      }
      case "category": {
        const where = and(eq(channelCategoryMappings.category, change.category), eq(channelCategoryMappings.subcategory, change.subcategory));
        const [before] = await tx.select({ googleCategory: channelCategoryMappings.googleCategory }).from(channelCategoryMappings).where(where);
        // Empty: back to the suggestion.
        if (change.googleCategory === "") {
          await tx.delete(channelCategoryMappings).where(where);
        } else {
          await tx
            .insert(channelCategoryMappings)
            .values({ category: change.category, subcategory: change.subcategory, googleCategory: change.googleCategory })
            .onConflictDoUpdate({
              target: [channelCategoryMappings.category, channelCategoryMappings.subcategory],
              set: { googleCategory: change.googleCategory, updatedAt: new Date() },
            });
        }
        await recordAdminChange(tx, actor, {
          action: "channels.category",
          entityType: "channels",
          entityId: null,
          entityLabel: [change.category, change.subcategory].filter(Boolean).join(" › "),
          before: { googleCategory: before?.googleCategory ?? null },
          after: { googleCategory: change.googleCategory || null },
        });
        return true;
      }
    }
  });
}
