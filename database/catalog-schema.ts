// The catalogue and the shop: shops, store locations, products and their images, the settings row.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  uniqueIndex,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** PostgreSQL's text search document; written by a trigger (migration 0010), never by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The four shops (brands). Each has a storefront route such as /calcados, a fact of the code
 * (SHOP_SLUGS in app/lib/catalog.ts, matched by `slug`); what shoppers read of a shop is here.
 */
export const shops = pgTable("shops", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  /** The name where the group's is understood: the storefront's menu ('Calçados' for 'Erick Calçados'). */
  shortName: text("short_name").notNull(),
  description: text("description").notNull(),
  slogan: text("slogan").notNull(),
  color: text("color").notNull(),
  position: integer("position").notNull().default(0),
});

/** The physical stores listed on /lojas. */
export const storeLocations = pgTable("store_locations", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  shopId: integer("shop_id")
    .notNull()
    .references(() => shops.id),
  city: text("city").notNull(),
  category: text("category").notNull(),
  address: text("address").notNull(),
  phone: text("phone").notNull(),
  whatsapp: text("whatsapp").notNull(),
  hours: text("hours").notNull(),
  instagram: text("instagram").notNull().default(""),
  lat: doublePrecision("lat").notNull(),
  lng: doublePrecision("lng").notNull(),
  highlight: text("highlight").notNull().default(""),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
  /**
   * Its shelf counts for the storefront: the site sells the units of the stores that serve online
   * (product_variants.stock is their sum). Edited with the store in /admin/configuracoes.
   */
  servesOnline: boolean("serves_online").notNull().default(true),
  /**
   * The store as a fiscal establishment (docs/fiscal.md): its CNPJ (also what picks the receiving
   * store of a supplier's NF-e, docs/receiving.md), Inscrição Estadual, tax regime, the series of
   * its NFC-e and NF-e, and the CSC the NFC-e's QR code needs. Edited by the Dono only; '' unset.
   */
  cnpj: text("cnpj").notNull().default(""),
  stateRegistration: text("state_registration").notNull().default(""),
  taxRegime: text("tax_regime").notNull().default("simples"),
  nfceSeries: integer("nfce_series").notNull().default(1),
  nfeSeries: integer("nfe_series").notNull().default(1),
  cscId: text("csc_id").notNull().default(""),
  cscToken: text("csc_token").notNull().default(""),
});

/** The NCM a product of a category takes when its own is blank: set once by the owner (docs/fiscal.md). */
export const categoryFiscalDefaults = pgTable("category_fiscal_defaults", {
  category: text("category").primaryKey(),
  ncm: text("ncm").notNull(),
});

/** Images after the media pipeline: files live under DATA_DIR/media as `{key}-{width}.webp`. */
export const media = pgTable("media", {
  key: text("key").primaryKey(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  widths: integer("widths").array().notNull(),
  alt: text("alt").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    subcategory: text("subcategory").notNull().default(""),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    storeLocationId: integer("store_location_id").references(() => storeLocations.id),
    brand: text("brand").notNull().default(""),
    material: text("material").notNull().default(""),
    gender: text("gender").notNull().default(""),
    /** Centavos; null means "Consultar Preço". */
    priceCents: integer("price_cents"),
    oldPriceCents: integer("old_price_cents"),
    /** The sizes and colours offered, in the order shown: the axes of the stock grid (product_variants). */
    sizes: text("sizes").array().notNull().default(sql`'{}'::text[]`),
    colors: text("colors").array().notNull().default(sql`'{}'::text[]`),
    /**
     * The sum of the variants' stock, written by the database (trigger erick_product_stock, migration
     * 0011) whenever a variant changes, never by the app: lists filter and sort by it without a join.
     */
    stock: integer("stock").notNull().default(0),
    /**
     * Set by migration 0011 on products whose one stock number was spread over several variants: the
     * dashboard asks a clerk to check the grid, and saving the product clears it.
     */
    stockNeedsReview: boolean("stock_needs_review").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    active: boolean("active").notNull().default(true),
    /**
     * One of the first start's invented products (database/seed/products.ts), with invented stock: the
     * start and the dashboard remind the owner until "Remover produtos de demonstração" removes them.
     */
    demo: boolean("demo").notNull().default(false),
    /**
     * A unit boxed, as a carrier quote needs it (Melhor Envio); null: its category's default
     * (app/server/delivery/packages.server.ts), field by field.
     */
    weightGrams: integer("weight_grams"),
    heightCm: integer("height_cm"),
    widthCm: integer("width_cm"),
    lengthCm: integer("length_cm"),
    /**
     * What a fiscal note needs of the product (docs/fiscal.md): NCM ('' = its category's default in
     * category_fiscal_defaults), CFOP inside and outside PE, origem, CSOSN (Simples) or CST, CEST.
     */
    ncm: text("ncm").notNull().default(""),
    cfopInState: text("cfop_in_state").notNull().default("5102"),
    cfopOutOfState: text("cfop_out_of_state").notNull().default("6102"),
    taxOrigin: text("tax_origin").notNull().default("0"),
    taxSituation: text("tax_situation").notNull().default("102"),
    cest: text("cest").notNull().default(""),
    /** Media keys, first is the cover. */
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    /**
     * Written by the database on every insert and update (trigger erick_product_search, migration
     * 0010), never by the app: the name, category, subcategory, brand, gender, shop name and
     * description, lower-case and accent-free (for LIKE with the trigram index), and the same as a
     * Portuguese text search document (stemmed words; the name weighs most, the description least).
     */
    searchText: text("search_text").notNull().default(""),
    searchVector: tsvector("search_vector"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("products_price_not_negative", sql`${table.priceCents} is null or ${table.priceCents} >= 0`),
    check("products_old_price_not_negative", sql`${table.oldPriceCents} is null or ${table.oldPriceCents} >= 0`),
    check("products_stock_not_negative", sql`${table.stock} >= 0`),
    index("products_search_trgm").using("gin", sql`${table.searchText} gin_trgm_ops`),
    index("products_search_vector").using("gin", table.searchVector),
    index("products_shop_idx").on(table.shopId, table.id),
    index("products_category_idx").on(table.category, table.id),
    index("products_price_idx").on(table.priceCents),
    // The home page's newest featured products: read in id order, stop after the few shown.
    index("products_featured_idx").on(table.id).where(sql`${table.featured}`),
  ],
);

/**
 * The size × colour a product offers: one row each (size or colour '' when the product has none; a
 * product with neither has one variant '' × ''). Price stays on the product; the units are per store
 * in variant_stock. `stock` is the storefront's: the sum of the units at the stores that serve online,
 * written by the database (trigger erick_variant_stock, migration 0025), never by the app.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull().default(""),
    color: text("color").notNull().default(""),
    stock: integer("stock").notNull().default(0),
    sku: text("sku").notNull().default(""),
    /** The GTIN under its barcode ('' none), check digit validated: notes carry it, receiving matches by it. */
    ean: text("ean").notNull().default(""),
  },
  (table) => [
    check("product_variants_stock_not_negative", sql`${table.stock} >= 0`),
    uniqueIndex("product_variants_product_option_idx").on(table.productId, table.size, table.color),
    // The list filter 'Tamanho': products with this size on the shelf.
    index("product_variants_size_idx").on(table.size, table.productId).where(sql`${table.stock} > 0`),
    // The dashboard's 'Estoque baixo': variants with 0–3 left.
    index("product_variants_low_idx").on(table.stock).where(sql`${table.stock} <= 3`),
    // The counter's barcode reader and a supplier note's items find a variant by its EAN: one variant each (0051).
    uniqueIndex("product_variants_ean_idx").on(table.ean).where(sql`${table.ean} <> ''`),
  ],
);

/**
 * The shelf of each store: the units of a size × colour it holds (a missing row is 0). Orders, the
 * counter, transfers and the product form move them through app/server/catalog/stock-moves.server.ts
 * (docs/decisions/0025-stock-per-store.md).
 */
export const variantStock = pgTable(
  "variant_stock",
  {
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    storeLocationId: integer("store_location_id")
      .notNull()
      .references(() => storeLocations.id),
    units: integer("units").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.variantId, table.storeLocationId] }),
    check("variant_stock_units_not_negative", sql`${table.units} >= 0`),
    // The dashboard's 'Estoque baixo' per store.
    index("variant_stock_low_idx").on(table.storeLocationId, table.units).where(sql`${table.units} <= 3`),
  ],
);

/** One row (id = 1) holding the settings document edited on /admin/configuracoes. */
export const settings = pgTable(
  "settings",
  {
    id: integer("id").primaryKey().default(1),
    data: jsonb("data").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by"),
  },
  (table) => [check("settings_single_row", sql`${table.id} = 1`)],
);

/**
 * The shop's address as last learnt without PUBLIC_URL (app/server/shop/public-origin.server.ts):
 * the first start's, then the one an admin signed in at. One row (id = 1).
 */
export const publicOrigin = pgTable(
  "public_origin",
  {
    id: integer("id").primaryKey().default(1),
    origin: text("origin").notNull(),
    /** "start" (the first start's guess) or "owner" (typed and confirmed in /admin/configuracoes); any other (an address learnt from a sign-in by an earlier version) is ignored. */
    source: text("source").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("public_origin_single_row", sql`${table.id} = 1`)],
);

/**
 * Every word of the products' names, categories, brands and shops (trigger erick_product_search): the
 * vocabulary a misspelt search is compared with, by trigram similarity ("tênus" → "tênis"). `word` is
 * lower-case and accent-free; `display` is the word as the shop writes it. Words of deleted products
 * stay: a suggestion is only shown when it finds products.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    display: text("display").notNull(),
  },
  (table) => [index("search_words_trgm").using("gin", sql`${table.word} gin_trgm_ops`)],
);

/**
 * The storefront's change counter: a row per statement that changed what the storefront or the feeds
 * show (the same triggers as the change notifications, migration 0021), never updated, so writers never
 * wait on each other. A snapshot's count of them (plus those folded into `storefrontChangesFolded`)
 * grows with every change it sees: the catalogue feeds' ETag (app/server/channels/feed-version.server.ts).
 */
export const storefrontChanges = pgTable("storefront_changes", {
  // Counted, never looked up: no key, so a restore (app/server/ops/backup.server.ts), whose loads fire
  // the triggers that add rows, never collides with the rows it restores.
  id: bigserial("id", { mode: "number" }).notNull(),
});

/** The rows of storefront_changes folded into a number, so that counting them stays cheap. One row (id = 1). */
export const storefrontChangesFolded = pgTable(
  "storefront_changes_folded",
  {
    id: integer("id").primaryKey().default(1),
    count: bigint("count", { mode: "number" }).notNull().default(0),
  },
  (table) => [check("storefront_changes_folded_single_row", sql`${table.id} = 1`)],
);
