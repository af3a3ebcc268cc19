// The storefront's own addresses. The header's links bring this module into the shell chunk every page
// loads, and a module there carries every export any other chunk uses: the admin's product addresses
// (admin-product-paths.ts) and the map links (map-links.ts) are modules of their own.
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

/** The storefront route of each shop. */
export function shopPath(shopSlug: string): string {
  return `/${shopSlug}`;
}

export function productPath(productId: number): string {
  return `/produto/${productId}`;
}
