// A product's addresses in the admin (apart from navigation.ts, which says why).

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
