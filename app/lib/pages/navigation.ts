import { SHOP_SLUGS } from "../catalog/catalog";

export type NavLink = { to: string; label: string };

/**
 * The storefront's main links (the header's menus, the sitemap): the catalogue, a link per shop in
 * SHOP_SLUGS order labelled with the shop's short name from the database, the stores. A shop with no
 * row has no link.
 */
export function mainNav(shops: readonly { slug: string; shortName: string }[]): NavLink[] {
  const shopLinks = SHOP_SLUGS.flatMap((slug) => {
    const shop = shops.find((candidate) => candidate.slug === slug);
    return shop ? [{ to: shopPath(slug), label: shop.shortName.toLocaleUpperCase("pt-BR") }] : [];
  });
  return [{ to: "/", label: "INÍCIO" }, { to: "/produtos", label: "PRODUTOS" }, ...shopLinks, { to: "/lojas", label: "NOSSAS LOJAS" }];
}

/** The page number of every paginated list, storefront and admin alike: `?pagina=2`. */
export const PAGE_PARAM = "pagina";

/** The storefront route of each shop. */
export function shopPath(shopSlug: string): string {
  return `/${shopSlug}`;
}

export function productPath(productId: number): string {
  return `/produto/${productId}`;
}

/** The product's form in the admin. */
export function productEditPath(productId: number): string {
  return `/admin/produtos/editar/${productId}`;
}

/** The product's price card with its QR code, to print (the print page of /admin/canais with this product chosen). */
export function productPrintPath(productId: number, format: "a6" | "a4" = "a6"): string {
  return `/admin/canais/cartazes?produtos=${productId}&formato=${format}`;
}

/** The product's QR code alone, as an SVG file for the shop's own artwork. */
export function productQrPath(productId: number): string {
  return `/admin/canais/qr/${productId}`;
}

/** Google Maps directions to a point, opened in the maps app on phones. */
export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

export function mapEmbedUrl(lat: number, lng: number): string {
  return `https://maps.google.com/maps?q=${lat},${lng}&z=16&output=embed`;
}
