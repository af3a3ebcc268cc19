// What one product becomes in the catalogue feeds: an item per size × colour it sells (all sharing
// the product's item_group_id), or the reasons it cannot be listed. Both feeds and the admin's check
// of the catalogue read products through here, so what the admin is told is what the platforms get.
import type { GoogleRefusal, LeftOutReason, MissingRecommended } from "~/lib/channels/channel-check";
import { channelAgeGroup, channelGender, COLOR_PARAM, isApparelCategory, SIZE_PARAM, type ChannelAgeGroup, type ChannelGender } from "~/lib/channels/channels";
import { decimalPrice } from "~/lib/format/money";
import { productPath } from "~/lib/pages/navigation";
import { oneLine } from "~/lib/format/plain-text";
import { variantIndex, variantOptions } from "~/lib/catalog/variants";

/** Google's limits (Meta's are longer: an id of 100, a title of 200, a description of 9,999). */
export const ID_MAX_LENGTH = 50;
export const TITLE_MAX_LENGTH = 150;
export const DESCRIPTION_MAX_LENGTH = 5000;
/** Google takes 10 additional images, Meta 20. */
export const ADDITIONAL_IMAGES_MAX = 10;

export type FeedProduct = {
  id: number;
  name: string;
  description: string;
  category: string;
  subcategory: string;
  brand: string;
  gender: string;
  priceCents: number | null;
  oldPriceCents: number | null;
  sizes: string[];
  colors: string[];
  shopName: string;
  /** Keys of the product's images that exist in `media`, cover first. */
  imageKeys: string[];
  variants: { id: number; size: string; color: string; stock: number }[];
  /** The Google product category: the admin's mapping, else the suggestion ('' when neither). */
  googleCategory: string;
};

export type FeedItem = {
  id: string;
  /** Null for a product sold as one item (no sizes, no colours). */
  itemGroupId: string | null;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  inStock: boolean;
  /** `129.90 BRL`: the regular price. */
  price: string;
  /** The price now, when the product is on sale (its old price is higher). */
  salePrice: string | null;
  brand: string;
  googleCategory: string;
  gender: ChannelGender | "";
  ageGroup: ChannelAgeGroup | "";
  size: string;
  color: string;
};

export type FeedEntry =
  | { listed: true; items: FeedItem[]; missing: MissingRecommended[]; googleRefuses: GoogleRefusal[] }
  | { listed: false; reasons: LeftOutReason[] };

/** The absolute URL of an image's square derivative (app/server/channels/square-images.server.ts). */
export function squareImagePath(key: string): string {
  return `/feeds/imagens/${key}.jpg`;
}

/** `12990` → `129.90 BRL`: a dot and two decimals, as both platforms read prices. */
export function feedPrice(cents: number): string {
  return `${decimalPrice(cents)} BRL`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * Plain text of a description that may hold HTML pasted from elsewhere: tags become spaces, entities
 * their characters, line breaks and runs of spaces one space, cut at a word within `max` characters.
 */
export function plainDescription(text: string, max = DESCRIPTION_MAX_LENGTH): string {
  const plain = oneLine(
    text
      // A tag whose closing bracket was lost at the end goes too.
      .replace(/<[^>]*(?:>|$)/g, " ")
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
        if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? entity;
        const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
      })
      // Brackets written as entities ('&lt;script&gt;') would read as markup to the platforms' checks.
      .replace(/[<>]/g, " "),
  );
  return cutAtWord(plain, max);
}

function cutAtWord(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  const cut = characters.slice(0, max - 1).join("");
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** Lower-case letters and digits joined by '-': 'Azul Marinho' → 'azul-marinho'. */
function idPart(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * Ids that stay the same when the product is edited: `{product}-{size}-{colour}` ('123-38-preto'),
 * or `{product}-v{variant}` where that would be too long or two options would read alike ('P' and 'p').
 */
function variantIds(productId: number, variants: FeedProduct["variants"]): string[] {
  const readable = variants.map((variant) => [productId, idPart(variant.size), idPart(variant.color)].filter((part) => part !== "").join("-"));
  return readable.map((id, index) => {
    const clash = readable.indexOf(id) !== index || readable.lastIndexOf(id) !== index;
    return id.length > ID_MAX_LENGTH || clash || (variants.length > 1 && id === String(productId)) ? `${productId}-v${variants[index]!.id}` : id;
  });
}

function itemTitle(name: string, variant: { size: string; color: string }): string {
  const options = [variant.color, variant.size ? `Tam. ${variant.size}` : ""].filter(Boolean).join(", ");
  const title = oneLine(name);
  return cutAtWord(options ? `${title} – ${options}` : title, TITLE_MAX_LENGTH);
}

function productLink(origin: string, productId: number, variant: { size: string; color: string }, utmSource: string): string {
  const query = new URLSearchParams();
  if (variant.size) query.set(SIZE_PARAM, variant.size);
  if (variant.color) query.set(COLOR_PARAM, variant.color);
  query.set("utm_source", utmSource);
  return `${origin}${productPath(productId)}?${query}`;
}

/**
 * The product's items, or why it cannot be listed. `origin`: the shop's public origin; `utmSource`:
 * what its links tell the shop's reports about where a visit came from.
 */
export function feedEntry(product: FeedProduct, origin: string, utmSource: string): FeedEntry {
  const description = plainDescription(product.description);
  const reasons: LeftOutReason[] = [];
  if (product.imageKeys.length === 0) reasons.push("no-image");
  if (product.priceCents === null) reasons.push("no-price");
  if (description === "") reasons.push("no-description");
  if (reasons.length > 0 || product.priceCents === null) return { listed: false, reasons };

  const onSale = product.oldPriceCents !== null && product.oldPriceCents > product.priceCents;
  const price = feedPrice(onSale ? product.oldPriceCents! : product.priceCents);
  const salePrice = onSale ? feedPrice(product.priceCents) : null;
  const brand = oneLine(product.brand) || oneLine(product.shopName);
  const gender = channelGender(product.gender);
  const ageGroup = channelAgeGroup(product.category, product.gender);
  const [cover, ...others] = product.imageKeys.map((key) => `${origin}${squareImagePath(key)}`);

  // The grid's options in the order the shop lists them; a variant row for an option the product no
  // longer offers is not sold.
  const stockByIndex = new Map(product.variants.map((variant) => [variantIndex(product, variant.size, variant.color), variant]));
  const variants = variantOptions(product).flatMap((option, index) => {
    const stored = stockByIndex.get(index);
    return stored ? [{ ...option, id: stored.id, stock: stored.stock }] : [];
  });
  const ids = variantIds(product.id, variants);
  const grouped = product.sizes.length > 0 || product.colors.length > 0;
  const items = variants.map(
    (variant, index): FeedItem => ({
      id: ids[index]!,
      itemGroupId: grouped ? String(product.id) : null,
      title: itemTitle(product.name, variant),
      description,
      link: productLink(origin, product.id, variant, utmSource),
      imageLink: cover!,
      additionalImageLinks: others.slice(0, ADDITIONAL_IMAGES_MAX),
      inStock: variant.stock > 0,
      price,
      salePrice,
      brand,
      googleCategory: product.googleCategory,
      gender,
      ageGroup,
      size: oneLine(variant.size),
      color: oneLine(variant.color),
    }),
  );

  const missing: MissingRecommended[] = [];
  if (!oneLine(product.brand)) missing.push("brand");
  const googleRefuses: GoogleRefusal[] = [];
  if (isApparelCategory(product.googleCategory) && (!gender || !ageGroup)) googleRefuses.push("gender");
  if (product.imageKeys.length < 2) missing.push("second-image");
  if (!product.googleCategory) missing.push("google-category");
  return { listed: true, items, missing, googleRefuses };
}
