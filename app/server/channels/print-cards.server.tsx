// The shop window's way to the product page: a QR code per product (its page with ?utm_source=qr, so
// the reports count the visits and orders it brings) and the printed cards that carry it (an A6 card
// per product, an A4 sheet of four), as standalone print-styled pages.
import { renderToStaticMarkup } from "react-dom/server";
import { PrintPage, type PriceCardData } from "./price-card-page.server";
import { UTM_SOURCE_PARAM } from "~/lib/channels/channels";
import { absoluteImageUrl, DEFAULT_MEDIA_URL, imageUrl } from "~/lib/catalog/images";
import { formatBRL } from "~/lib/format/money";
import { productPath } from "~/lib/pages/navigation";
import { stockOf } from "~/lib/catalog/variants";
import type { DatabaseOrTransaction } from "../db/database.server";
import { productSummariesByIds } from "../catalog/products.server";
import { qrCodeSvg } from "../media/qr-code.server";

/** Cards on one A4 print: more than a shop window needs at once, few enough to render at once. */
export const MAX_CARDS_PER_PRINT = 40;

/** The product page a QR code opens: the shop's public origin, tagged so the reports know it came from paper. */
export function productQrUrl(origin: string, productId: number): string {
  return `${origin}${productPath(productId)}?${UTM_SOURCE_PARAM}=qr`;
}

export function productQrSvg(origin: string, product: { id: number; name: string }): string {
  return qrCodeSvg(productQrUrl(origin, product.id), `QR code: ${product.name}`);
}

/** About 60 mm printed at 250 dpi: the largest stored width up to 640 (the smallest when all are larger). */
function cardImageWidth(widths: readonly number[]): number {
  const sorted = [...widths].sort((a, b) => a - b);
  return sorted.filter((width) => width <= 640).at(-1) ?? sorted[0]!;
}

/** The active products among `ids` as cards (their order kept, unknown ids skipped). */
/** `mediaUrl`: the configured base of image URLs (MEDIA_URL, or /media on `origin`). */
export async function priceCards(db: DatabaseOrTransaction, origin: string, ids: readonly number[], mediaUrl = DEFAULT_MEDIA_URL): Promise<PriceCardData[]> {
  // An inactive product's card too: the product list offers it, and printing before putting it on sale is the owner's call.
  const products = await productSummariesByIds(db, ids.slice(0, MAX_CARDS_PER_PRINT), { inactiveToo: true });
  return products.map((product) => ({
    id: product.id,
    name: product.name,
    price: product.priceCents === null ? "Consultar preço" : formatBRL(product.priceCents),
    oldPrice: product.oldPriceCents !== null && product.priceCents !== null && product.oldPriceCents > product.priceCents ? formatBRL(product.oldPriceCents) : null,
    // The sizes on the shelf in some colour.
    sizes: product.sizes.filter((size) => (product.colors.length ? product.colors : [null]).some((color) => stockOf(product, size, color) > 0)),
    imageUrl: product.image ? absoluteImageUrl(origin, imageUrl(product.image, cardImageWidth(product.image.widths), mediaUrl)) : null,
    qrSvg: productQrSvg(origin, product),
    url: productQrUrl(origin, product.id),
    shopName: product.shop.name,
  }));
}

/** The print page as a response: no-store, never indexed. */
export function printPageResponse(title: string, format: "a4" | "a6", cards: PriceCardData[]): Response {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<PrintPage title={title} format={format} cards={cards} />)}`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" } });
}
