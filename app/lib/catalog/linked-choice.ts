// What a catalogue feed's link (`?cor=Preto&tamanho=38`) chooses on the product page. Apart from
// variant-choice.ts, which the product cards share in every list's JavaScript: only the product page
// needs this.
import { stockOf } from "./variants";
import type { StockGrid } from "./variant-choice";

/**
 * What a link's `?cor=` and `?tamanho=` (a catalogue feed's item) choose on the product page: the
 * colour when the product has it, the size when the product has it on the shelf in the colour then
 * chosen (`defaultColor` when the link names none it has); undefined leaves the page's own choice.
 */
export function linkedChoice(product: StockGrid, linkedColor: string | null, linkedSize: string | null, defaultColor: string | null): { color?: string; size?: string } {
  const color = linkedColor !== null && product.colors.includes(linkedColor) ? linkedColor : undefined;
  const judgedIn = color ?? defaultColor;
  const size = linkedSize !== null && product.sizes.includes(linkedSize) && stockOf(product, linkedSize, judgedIn) > 0 ? linkedSize : undefined;
  return { color, size };
}
