import { normalizeSearchText } from "~/lib/format/search-text";

/** Words that mark a product as footwear, in normalised form (no accents, lower case). */
const FOOTWEAR_WORDS = [
  "tenis",
  "sapatenis",
  "sandalia",
  "sapato",
  "sapatilha",
  "scarpin",
  "bota",
  "botina",
  "chinelo",
  "chuteira",
  "rasteira",
  "tamanco",
  "mocassim",
  "mule",
  "slide",
  "calcado",
];

type ProductLike = { name: string; subcategory: string; shop: { slug: string } };

/** The shoe shop sells only footwear; elsewhere (sports, kids) the name or subcategory tells. */
export function isFootwear(product: ProductLike): boolean {
  if (product.shop.slug === "calcados") return true;
  const words = normalizeSearchText(`${product.name} ${product.subcategory}`).split(/[^a-z]+/);
  return words.some((word) => FOOTWEAR_WORDS.includes(word) || FOOTWEAR_WORDS.includes(word.replace(/s$/, "")));
}

/**
 * Brazilian shoe numbering: the foot length that fits each size. Brands vary by a few millimetres,
 * so the guide says "aproximado".
 */
export const SHOE_SIZES: { size: string; footCm: string }[] = [
  { size: "17", footCm: "10,8" },
  { size: "18", footCm: "11,5" },
  { size: "19", footCm: "12,1" },
  { size: "20", footCm: "12,8" },
  { size: "21", footCm: "13,5" },
  { size: "22", footCm: "14,1" },
  { size: "23", footCm: "14,8" },
  { size: "24", footCm: "15,4" },
  { size: "25", footCm: "16,1" },
  { size: "26", footCm: "16,8" },
  { size: "27", footCm: "17,4" },
  { size: "28", footCm: "18,1" },
  { size: "29", footCm: "18,7" },
  { size: "30", footCm: "19,4" },
  { size: "31", footCm: "20,1" },
  { size: "32", footCm: "20,7" },
  { size: "33", footCm: "21,4" },
  { size: "34", footCm: "22,0" },
  { size: "35", footCm: "22,7" },
  { size: "36", footCm: "23,4" },
  { size: "37", footCm: "24,0" },
  { size: "38", footCm: "24,7" },
  { size: "39", footCm: "25,3" },
  { size: "40", footCm: "26,0" },
  { size: "41", footCm: "26,7" },
  { size: "42", footCm: "27,3" },
  { size: "43", footCm: "28,0" },
  { size: "44", footCm: "28,7" },
  { size: "45", footCm: "29,3" },
  { size: "46", footCm: "30,0" },
];

/** Adult clothing, measured on the body. */
export const ADULT_CLOTHING_SIZES: { size: string; chestCm: string; waistCm: string }[] = [
  { size: "PP", chestCm: "80–84", waistCm: "62–66" },
  { size: "P", chestCm: "85–90", waistCm: "67–72" },
  { size: "M", chestCm: "91–96", waistCm: "73–78" },
  { size: "G", chestCm: "97–102", waistCm: "79–86" },
  { size: "GG", chestCm: "103–110", waistCm: "87–94" },
  { size: "XG", chestCm: "111–118", waistCm: "95–104" },
];

/** Children's clothing is numbered by age; height is the better guide. */
export const KIDS_CLOTHING_SIZES: { size: string; age: string; heightCm: string }[] = [
  { size: "1", age: "1 ano", heightCm: "75–80" },
  { size: "2", age: "2 anos", heightCm: "81–92" },
  { size: "4", age: "3 a 4 anos", heightCm: "93–104" },
  { size: "6", age: "5 a 6 anos", heightCm: "105–116" },
  { size: "8", age: "7 a 8 anos", heightCm: "117–128" },
  { size: "10", age: "9 a 10 anos", heightCm: "129–140" },
  { size: "12", age: "11 a 12 anos", heightCm: "141–152" },
  { size: "14", age: "13 a 14 anos", heightCm: "153–160" },
  { size: "16", age: "15 a 16 anos", heightCm: "161–168" },
];

export type SizeGuide =
  | { kind: "shoes"; rows: typeof SHOE_SIZES }
  | { kind: "adult-clothing"; rows: typeof ADULT_CLOTHING_SIZES }
  | { kind: "kids-clothing"; rows: typeof KIDS_CLOTHING_SIZES };

/** Only the rows of the sizes the product comes in, when the table knows them all; else the whole table. */
function rowsFor<Row extends { size: string }>(table: Row[], sizes: string[]): Row[] {
  const known = table.filter((row) => sizes.includes(row.size));
  return sizes.length > 0 && known.length === sizes.length ? known : table;
}

export function sizeGuideFor(product: ProductLike & { sizes: string[] }): SizeGuide {
  if (isFootwear(product)) return { kind: "shoes", rows: rowsFor(SHOE_SIZES, product.sizes) };
  if (product.sizes.length > 0 && product.sizes.every((size) => /^\d+$/.test(size))) {
    return { kind: "kids-clothing", rows: rowsFor(KIDS_CLOTHING_SIZES, product.sizes) };
  }
  return { kind: "adult-clothing", rows: rowsFor(ADULT_CLOTHING_SIZES, product.sizes) };
}
