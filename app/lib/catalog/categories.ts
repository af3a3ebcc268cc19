// What a product is (its category) and whom it is for: the admin's forms, the list's filter (sent by
// its loader) and the server read these. Apart from ./catalog.ts, whose shop slugs every storefront
// page's header needs, so that the first-load code does not carry them (docs/benchmarks.md).

export const CATEGORIES = [
  "Feminino",
  "Masculino",
  "Infantil",
  "Esportivo",
  "Variedades",
  "Magazine",
  "Kids",
  "Sports",
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * Whom a product is for. Google refuses apparel and shoes without a gender and an age group (both
 * are read from this: app/lib/channels/channels.ts); '' is a product for which it means nothing.
 */
export const PRODUCT_GENDERS = ["Feminino", "Masculino", "Unissex", "Infantil"] as const;
export type ProductGender = (typeof PRODUCT_GENDERS)[number];

/** The gender a category names (Feminino, Masculino; Infantil and Kids are Infantil); '' for the others. */
export function genderForCategory(category: string): ProductGender | "" {
  if (category === "Feminino" || category === "Masculino" || category === "Infantil") return category;
  return category === "Kids" ? "Infantil" : "";
}
