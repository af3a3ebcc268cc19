// The two feed formats written from the same items (feed-items.server.ts): Meta's CSV data feed
// (Commerce Manager, one catalogue for the WhatsApp Business catalogue, Instagram and Facebook) and
// Google Merchant Center's RSS 2.0 with the `g:` namespace. Each is a head, one chunk per item, a tail,
// so the generator can write them as it reads the catalogue.
import type { FeedFormat } from "~/lib/channels/channels";
import { guardFormula } from "../files/csv.server";
import { withoutControlCharacters } from "~/lib/format/plain-text";
import type { FeedItem } from "./feed-items.server";

type FeedWriter = {
  contentType: string;
  head: (channel: { title: string; link: string; description: string }) => string;
  item: (item: FeedItem) => string;
  /** A product's items (feed-items.server.ts): the text they share (description, pictures, brand…) escaped once. */
  items: (items: readonly FeedItem[]) => string;
  tail: string;
};

/**
 * `escape` of each value once per product: a product's items share most of their text (a description
 * of up to 5,000 characters, the pictures' links, the brand), and escaping it again for each size ×
 * colour was most of a feed's work.
 */
function onceEach(escape: (value: string) => string): (value: string) => string {
  const escaped = new Map<string, string>();
  return (value) => {
    let text = escaped.get(value);
    if (text === undefined) {
      text = escape(value);
      escaped.set(value, text);
    }
    return text;
  };
}

const META_COLUMNS = [
  "id",
  "item_group_id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "sale_price",
  "link",
  "image_link",
  "additional_image_link",
  "brand",
  "google_product_category",
  "gender",
  "age_group",
  "size",
  "color",
] as const;

/**
 * Every cell quoted (RFC 4180), commas between them, as Meta reads a data feed. The owner opens the
 * same file in Excel, which runs a cell starting with '=', '+', '-' or '@' as a formula
 * (=HYPERLINK(…), +cmd|…): those get the staff spreadsheet writer's leading apostrophe
 * (../files/csv.server.ts), which Excel hides; Meta shows it, on the rare title that starts so.
 */
function csvRow(cells: readonly string[]): string {
  return `${cells.map((cell) => `"${guardFormula(withoutControlCharacters(cell)).replace(/"/g, '""')}"`).join(",")}\r\n`;
}

function metaRow(item: FeedItem): string[] {
  return [
    item.id,
    item.itemGroupId ?? "",
    item.title,
    item.description,
    item.inStock ? "in stock" : "out of stock",
    "new",
    item.price,
    item.salePrice ?? "",
    item.link,
    item.imageLink,
    // Meta reads several additional images as one cell, separated by commas.
    item.additionalImageLinks.join(","),
    item.brand,
    item.googleCategory,
    item.gender,
    item.ageGroup,
    item.size,
    item.color,
  ];
}

/** XML's five predefined entities, which every parser reads (some leave numeric references alone). */
const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text as XML character data: markup characters escaped, characters XML 1.0 cannot hold removed. */
function xmlText(text: string): string {
  return withoutControlCharacters(text)
    .replace(/[\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    .replace(/[&<>"']/g, (char) => XML_ENTITIES[char]!);
}

function elementOf(name: string, value: string | null): string {
  return value ? `<g:${name}>${xmlText(value)}</g:${name}>` : "";
}

function googleItem(item: FeedItem, element: (name: string, value: string | null) => string = elementOf): string {
  return [
    "<item>",
    element("id", item.id),
    element("item_group_id", item.itemGroupId),
    element("title", item.title),
    element("description", item.description),
    element("link", item.link),
    element("image_link", item.imageLink),
    ...item.additionalImageLinks.map((link) => element("additional_image_link", link)),
    element("availability", item.inStock ? "in_stock" : "out_of_stock"),
    element("condition", "new"),
    element("price", item.price),
    element("sale_price", item.salePrice),
    element("brand", item.brand),
    // The shop's products carry no GTIN or manufacturer part number.
    element("identifier_exists", "no"),
    element("google_product_category", item.googleCategory),
    element("gender", item.gender),
    element("age_group", item.ageGroup),
    element("size", item.size),
    element("color", item.color),
    "</item>\n",
  ].join("");
}

export const FEED_WRITERS: Record<FeedFormat, FeedWriter> = {
  meta: {
    contentType: "text/csv; charset=utf-8",
    head: () => csvRow(META_COLUMNS),
    item: (item) => csvRow(metaRow(item)),
    items: (items) => {
      // Each cell as csvRow writes it, once per distinct value.
      const cell = onceEach((value) => csvRow([value]).slice(0, -"\r\n".length));
      return items.map((item) => `${metaRow(item).map(cell).join(",")}\r\n`).join("");
    },
    tail: "",
  },
  google: {
    contentType: "application/xml; charset=utf-8",
    head: ({ title, link, description }) =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n` +
      `<title>${xmlText(title)}</title>\n<link>${xmlText(link)}</link>\n<description>${xmlText(description)}</description>\n`,
    item: (item) => googleItem(item),
    items: (items) => {
      const byName = new Map<string, (value: string) => string>();
      const element = (name: string, value: string | null) => {
        if (!value) return "";
        let escape = byName.get(name);
        if (!escape) {
          escape = onceEach((text) => elementOf(name, text));
          byName.set(name, escape);
        }
        return escape(value);
      };
      return items.map((item) => googleItem(item, element)).join("");
    },
    tail: "</channel>\n</rss>\n",
  },
};
