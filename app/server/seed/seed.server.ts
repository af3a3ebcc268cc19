import { sql } from "drizzle-orm";
import { deliveryZones, settings, shippingFallbackRates, shops, storeLocations } from "#database/schema";
import { SEED_DELIVERY_ZONES, SEED_FALLBACK_RATES } from "#database/seed/delivery";
import { SEED_PRODUCTS } from "#database/seed/products";
import { SEED_SHOPS, SEED_STORE_LOCATIONS } from "#database/seed/shops";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import type { ImageRef } from "~/lib/catalog/catalog";
import { createProduct } from "../catalog/products.server";
import { writeVariants } from "../catalog/variants.server";
import { demoVariantStock } from "../catalog/demo-variant-stock.server";
import type { Database } from "../db/database.server";
import { storeImage } from "../media/images.server";
import type { MediaStorage } from "../media/media-storage.server";
import { PRODUCT_VIEWS, renderProductArt } from "../catalog/product-art.server";

const SEED_LOCK = 727_002;

/**
 * First start: shops, store locations, delivery zones, default settings and the 20 sample products, in one
 * transaction. The settings row marks a seeded database, so a restart (or a second instance starting
 * at the same moment, held back by the lock) adds nothing, even after the shop deleted products.
 */
export async function seedDatabase(db: Database, storage: MediaStorage): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    // Asked again and again rather than waited for in one query: a wait behind another instance's seed
    // (seconds of image work, more on a busy machine) would outlast the pool's 15 s query timeout.
    while (!(await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${SEED_LOCK}) as locked`)).rows[0]?.locked) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [existing] = await tx.select({ id: settings.id }).from(settings).limit(1);
    if (existing) return { seeded: false };

    const shopRows = await tx
      .insert(shops)
      .values(SEED_SHOPS.map((shop, position) => ({ ...shop, position })))
      .returning();
    const shopBySlug = new Map(shopRows.map((shop) => [shop.slug, shop]));
    const shopFor = (slug: string) => {
      const shop = shopBySlug.get(slug);
      if (!shop) throw new Error(`seed: unknown shop ${slug}`);
      return shop;
    };

    const locationRows = await tx
      .insert(storeLocations)
      .values(
        SEED_STORE_LOCATIONS.map(({ shop, ...location }, position) => ({
          ...location,
          shopId: shopFor(shop).id,
          position,
        })),
      )
      .returning();
    const locationBySlug = new Map(locationRows.map((location) => [location.slug, location.id]));

    // A gallery per product: the front and an angle (PRODUCT_VIEWS), the front first (the cover).
    // Drawn side by side; stored one at a time, since each store writes a row through the one
    // connection this transaction holds, and pg refuses overlapping queries on a connection.
    const art = await Promise.all(
      SEED_PRODUCTS.map((product) => Promise.all(PRODUCT_VIEWS.map((view) => renderProductArt({ ...product, shopColor: shopFor(product.shop).color }, view)))),
    );
    const images: ImageRef[][] = [];
    for (const [index, product] of SEED_PRODUCTS.entries()) {
      const gallery: ImageRef[] = [];
      for (const picture of art[index]!) gallery.push(await storeImage(tx, storage, picture, product.name));
      images.push(gallery);
    }
    // Oldest first, so the newest-first lists open with the last products of the list.
    for (const [index, { shop, location, stock, ...product }] of SEED_PRODUCTS.entries()) {
      const id = await createProduct(tx, {
        ...product,
        demo: true,
        shopId: shopFor(shop).id,
        storeLocationId: location ? (locationBySlug.get(location) ?? null) : null,
        images: images[index]!.map((image) => image.key),
      });
      await writeVariants(tx, id, demoVariantStock(product, stock));
    }

    await tx.insert(deliveryZones).values(SEED_DELIVERY_ZONES);
    await tx.insert(shippingFallbackRates).values(SEED_FALLBACK_RATES);
    await tx.insert(settings).values({ id: 1, data: DEFAULT_SETTINGS });
    return { seeded: true };
  });
}

