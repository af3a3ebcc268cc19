import type { StorefrontShell } from "~/lib/pages/storefront-shell";
import { listShops, listStoreLocations } from "../catalog/products.server";
import type { AppConfig } from "../config.server";
import { shareImageUrls } from "../channels/share-images.server";
import type { DatabaseOrTransaction } from "../db/database.server";
import { getSettings } from "../group/settings.server";
import { listDeliveryZones } from "../delivery/delivery-zones.server";
import { deliverySummary } from "~/lib/delivery/zones";
import { publicOriginFrom, readStoredOrigin, type StoredOrigin } from "../group/public-origin.server";

type GroupData = Pick<StorefrontShell, "settings" | "shops" | "locations" | "delivery"> & { storedOrigin: StoredOrigin | null };

/**
 * The shell's group data (settings, shops, store locations), kept between requests: every storefront
 * page needs it, and it changes rarely. It follows the page cache (server/page-cache.ts) on the same
 * LISTEN connection: any change to the storefront's tables drops it, and while the connection is
 * down (or before it is up) nothing is kept and every request reads the database.
 */
export class GroupDataCache {
  private enabled = false;
  private kept: Promise<GroupData> | null = null;

  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    this.clear();
  }

  clear() {
    this.kept = null;
  }

  /** A read started before a change is used by the requests that awaited it, never kept for later ones. */
  read(load: () => Promise<GroupData>): Promise<GroupData> {
    if (!this.enabled) return load();
    if (this.kept) return this.kept;
    const reading = load();
    this.kept = reading;
    reading.catch(() => {
      if (this.kept === reading) this.kept = null;
    });
    return reading;
  }
}

async function readGroupData(db: DatabaseOrTransaction): Promise<GroupData> {
  const [settings, shops, locations, storedOrigin, zones] = await Promise.all([
    getSettings(db),
    listShops(db),
    listStoreLocations(db),
    readStoredOrigin(db),
    listDeliveryZones(db),
  ]);
  return {
    storedOrigin,
    settings,
    delivery: deliverySummary(zones),
    shops: shops.map(({ id, slug, name, shortName, description, slogan, color }) => ({ id, slug, name, shortName, description, slogan, color })),
    locations: locations.map((location) => ({
      id: location.id,
      slug: location.slug,
      name: location.name,
      city: location.city,
      category: location.category,
      address: location.address,
      phone: location.phone,
      whatsapp: location.whatsapp,
      hours: location.hours,
      instagram: location.instagram,
      lat: location.lat,
      lng: location.lng,
      highlight: location.highlight,
      description: location.description,
      shopSlug: location.shopSlug,
    })),
  };
}

/** The group's shops as the shell has them: from the cache between changes, else read (one query). */
export async function storefrontShops(db: DatabaseOrTransaction, cache?: GroupDataCache): Promise<StorefrontShell["shops"]> {
  return cache ? (await cache.read(() => readGroupData(db))).shops : listShops(db);
}

export async function loadStorefrontShell(
  db: DatabaseOrTransaction,
  config: AppConfig,
  cache?: GroupDataCache,
): Promise<StorefrontShell> {
  const { storedOrigin, ...shopData } = await (cache ? cache.read(() => readGroupData(db)) : readGroupData(db));
  return {
    ...shopData,
    origin: publicOriginFrom(config, storedOrigin),
    shareImages: shareImageUrls(publicOriginFrom(config, storedOrigin), shopData.settings.storeName, shopData.shops),
  };
}
