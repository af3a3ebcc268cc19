import type { z } from "zod";
import type { settingsSchema } from "./settings.schema";

export const EXCHANGE_DAYS = 15;
export const FOUNDED_YEAR = 1995;
export const SLOGAN = "Seu caminhar a gente faz!";

/** The settings document; its schema and defaults live in settings.schema.ts (kept out of page bundles). */
export type Settings = z.infer<typeof settingsSchema>;

/** "@erick" → "https://www.instagram.com/erick/" */
export function instagramUrl(handle: string): string {
  return `https://www.instagram.com/${handle.replace(/^@/, "")}/`;
}

/** A store location as /admin/configuracoes edits it. */
export type EditableLocation = {
  id: number;
  name: string;
  address: string;
  phone: string;
  whatsapp: string;
  hours: string;
  lat: number;
  lng: number;
  /** Its shelf counts for the storefront (store_locations.serves_online). */
  servesOnline: boolean;
};
