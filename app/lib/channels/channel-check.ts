// What /admin/canais says of the catalogue's check (app/server/channels/channel-admin.server.ts), apart
// from app/lib/channels.ts so that the storefront's pages, which read that module, do not carry it.

/** Why a product is not in the feeds, as the admin reads it. */
export const LEFT_OUT_REASONS = {
  "no-image": "sem foto",
  "no-price": "sem preço (Consultar Preço)",
  "no-description": "sem descrição",
} as const;
export type LeftOutReason = keyof typeof LEFT_OUT_REASONS;

/**
 * What Google refuses in a product the feeds list: apparel and shoes sold in Brazil need a gender and
 * an age group (the age group is read from the gender and the category). The Meta catalogue takes them.
 */
export const GOOGLE_REFUSES = {
  gender: "sem gênero",
} as const;
export type GoogleRefusal = keyof typeof GOOGLE_REFUSES;

/** Recommended fields a listed product lacks, as the admin reads them. */
export const MISSING_RECOMMENDED = {
  brand: "marca (vai o nome da loja)",
  "second-image": "segunda foto",
  "google-category": "categoria do Google",
} as const;
export type MissingRecommended = keyof typeof MISSING_RECOMMENDED;
