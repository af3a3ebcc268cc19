// What every storefront page gets from its layout's loader (app/server/read-models/storefront-shell.server.ts):
// the header, footer, store cards and floating WhatsApp button read it. The same for every shopper:
// who is signed in comes apart, from /api/eu (./personal-view.ts).
import type { ShellUser } from "../account/personal-view";
import type { Settings } from "../group/settings";
import type { DeliverySummary } from "../delivery/zones";

/** The storefront layout route's id (app/routes.ts): its loader data is the shell. */
export const STOREFRONT_LAYOUT_ID = "storefront";

export type ShellLocation = {
  id: number;
  slug: string;
  name: string;
  city: string;
  category: string;
  address: string;
  phone: string;
  whatsapp: string;
  hours: string;
  instagram: string;
  lat: number;
  lng: number;
  highlight: string;
  description: string;
  shopSlug: string;
};

/** What the header, footer and floating button of every storefront page need. */
export type StorefrontShell = {
  settings: Settings;
  shops: { id: number; slug: string; name: string; shortName: string; description: string; slogan: string; color: string }[];
  locations: ShellLocation[];
  origin: string;
  /** The shop's own delivery by bairro (/admin/entregas) in words; null when it has no bairros. */
  delivery: DeliverySummary | null;
  /** Absolute URLs of the share pictures: the group's, and each shop's by slug (app/server/channels/share-images.server.ts). */
  shareImages: { group: string; shops: Record<string, string> };
};

/**
 * The shell as the storefront's components read it: who is signed in (null: nobody). Undefined in a
 * page asked for with a session cookie until /api/eu has answered; a page asked for without one says
 * null from the start.
 */
export type StorefrontView = StorefrontShell & { user?: ShellUser | null };
