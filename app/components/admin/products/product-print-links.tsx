import { productPrintPath, productQrPath } from "~/lib/pages/admin-product-paths";

const link = "rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50";

/**
 * The product's price card and QR code from its own form: plain links (the print pages are documents
 * of their own, outside the admin's app), the cards in a new tab, the QR code downloaded.
 */
export function ProductPrintLinks({ productId }: { productId: number }) {
  return (
    <nav aria-label="Imprimir" className="mt-2 flex flex-wrap gap-2">
      <a href={productPrintPath(productId, "a6")} target="_blank" rel="noopener" className={link}>
        Imprimir etiqueta A6<span className="sr-only"> (abre em nova aba)</span>
      </a>
      <a href={productPrintPath(productId, "a4")} target="_blank" rel="noopener" className={link}>
        Cartaz A4<span className="sr-only"> (abre em nova aba)</span>
      </a>
      <a href={productQrPath(productId)} download className={link}>
        Baixar QR code
      </a>
    </nav>
  );
}
