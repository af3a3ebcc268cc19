import type { ShellUser, StorefrontShell } from "~/lib/storefront-shell";
import { listShops, listStoreLocations } from "../catalog/products.server";
import type { AppConfig } from "../config.server";
import type { DatabaseOrTransaction } from "../db/database.server";
import { getSettings } from "./settings.server";

export async function loadStorefrontShell(
  db: DatabaseOrTransaction,
  config: AppConfig,
  request: Request,
  user: ShellUser | null = null,
): Promise<StorefrontShell> {
  const [settings, shops, locations] = await Promise.all([getSettings(db), listShops(db), listStoreLocations(db)]);
  return {
    settings,
    shops: shops.map(({ id, slug, name, description, slogan, color }) => ({ id, slug, name, description, slogan, color })),
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
    origin: publicOrigin(config, request),
    user: user && { name: user.name, email: user.email, role: user.role },
  };
}

/** The absolute origin for share previews and sitemaps: PUBLIC_URL, else the request's own. */
export function publicOrigin(config: AppConfig, request: Request): string {
  return config.publicUrl ?? new URL(request.url).origin;
}
