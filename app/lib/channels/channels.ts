// The sales channels' vocabulary, shared by the feeds (app/server/channels) and the admin's
// "Canais de venda" page: where the feeds are, what Google category a category of the shop suggests,
// and how the product's gender and category read in the platforms' words.
import { normalizeSearchText } from "../format/search-text";

export const FEED_FORMATS = ["meta", "google"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const FEED_PATHS: Record<FeedFormat, string> = { meta: "/feeds/meta.csv", google: "/feeds/google.xml" };

/** Where a product page was reached from, as its link says: `?utm_source=qr`. */
export const UTM_SOURCE_PARAM = "utm_source";

/** The size and colour a product page opens with (the feeds' links preselect the item's variant). */
export const SIZE_PARAM = "tamanho";
export const COLOR_PARAM = "cor";

const APPAREL = "Apparel & Accessories";
const SHOES = "Apparel & Accessories > Shoes";
const CLOTHING = "Apparel & Accessories > Clothing";

/**
 * Google's product taxonomy (its English names, which Merchant Center accepts as they are) for the
 * shop's subcategories, then for its categories. The shoe shop's categories (Feminino, Masculino,
 * Infantil, Esportivo) are shoes unless the subcategory says otherwise. Keys are accent-free.
 */
const SUBCATEGORY_SUGGESTIONS: Record<string, string> = {
  sandalias: SHOES,
  tenis: SHOES,
  sapatos: SHOES,
  botas: SHOES,
  chinelos: SHOES,
  sapatilhas: SHOES,
  chuteiras: SHOES,
  corrida: SHOES,
  futebol: SHOES,
  roupas: CLOTHING,
  camisetas: CLOTHING,
  vestidos: CLOTHING,
  bolsas: "Apparel & Accessories > Handbags, Wallets & Cases > Handbags",
  acessorios: "Apparel & Accessories",
  brinquedos: "Toys & Games > Toys",
  bolas: "Sporting Goods",
  cozinha: "Home & Garden > Kitchen & Dining",
  "cama, mesa e banho": "Home & Garden > Linens & Bedding",
  decoracao: "Home & Garden > Decor",
};

const CATEGORY_SUGGESTIONS: Record<string, string> = {
  feminino: SHOES,
  masculino: SHOES,
  infantil: SHOES,
  esportivo: SHOES,
  kids: CLOTHING,
  magazine: CLOTHING,
  sports: "Sporting Goods",
  variedades: "Home & Garden",
};

/** The Google product category suggested for a category and subcategory ('' when none fits). */
export function suggestedGoogleCategory(category: string, subcategory: string): string {
  return SUBCATEGORY_SUGGESTIONS[normalizeSearchText(subcategory)] ?? CATEGORY_SUGGESTIONS[normalizeSearchText(category)] ?? "";
}

/** The key of a category × subcategory in the mapping (the same JSON pairing as variantKey). */
export function categoryMappingKey(category: string, subcategory: string): string {
  return JSON.stringify([category, subcategory]);
}

/** Apparel, shoes and accessories: Google refuses these without a gender and an age group (Brazil among the countries). */
export function isApparelCategory(googleCategory: string): boolean {
  return googleCategory === APPAREL || googleCategory.startsWith(`${APPAREL} >`);
}

export type ChannelGender = "female" | "male" | "unisex";
export type ChannelAgeGroup = "adult" | "kids";

/** The product's gender in both platforms' words ('' when the product has none). */
export function channelGender(gender: string): ChannelGender | "" {
  switch (normalizeSearchText(gender)) {
    case "feminino":
      return "female";
    case "masculino":
      return "male";
    case "unissex":
    case "infantil":
      return "unisex";
    default:
      return "";
  }
}

const KIDS_WORDS = new Set(["infantil", "kids"]);

/** Kids for the children's categories (or a product whose gender says Infantil); adult for other apparel. */
export function channelAgeGroup(category: string, gender: string): ChannelAgeGroup | "" {
  if (KIDS_WORDS.has(normalizeSearchText(category)) || KIDS_WORDS.has(normalizeSearchText(gender))) return "kids";
  return channelGender(gender) ? "adult" : "";
}

/** The share preview's drawing of the group ('grupo') or of one shop (its slug). */
export const GROUP_SHARE_IMAGE = "grupo";
