/** The storefront's main links, in the spec's order. */
export const MAIN_NAV = [
  { to: "/", label: "INÍCIO" },
  { to: "/produtos", label: "PRODUTOS" },
  { to: "/calcados", label: "CALÇADOS" },
  { to: "/variedades", label: "VARIEDADES" },
  { to: "/kids", label: "MAGAZINE E KIDS" },
  { to: "/sports", label: "SPORTS" },
  { to: "/lojas", label: "NOSSAS LOJAS" },
] as const;

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

/** Google Maps directions to a point, opened in the maps app on phones. */
export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

export function mapEmbedUrl(lat: number, lng: number): string {
  return `https://maps.google.com/maps?q=${lat},${lng}&z=16&output=embed`;
}
