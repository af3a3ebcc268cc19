import { useState } from "react";
import { cartActions } from "~/components/cart/cart-store";
import { useStorefront } from "~/components/layout/use-storefront";
import { ADDED_FEEDBACK_MS } from "~/components/product/product-card";
import { useTimedFlag } from "~/components/product/use-timed-flag";
import { CartIcon, WhatsAppIcon } from "~/components/ui/icons";
import type { ProductSummary } from "~/lib/catalog";
import { priceInquiryMessage, whatsappLink } from "~/lib/whatsapp";
import { OptionButtons } from "./option-buttons";
import { QuantityStepper } from "./quantity-stepper";
import { SizeGuideButton } from "./size-guide-dialog";
import type { SizeGuide } from "./size-guide-data";

export const SIZE_WARNING_MS = 3_000;
export const MISSING_SIZE_MESSAGE = "Por favor, selecione um tamanho";

/**
 * Colour, size, quantity and the add button. Unlike the card, the detail page preselects no size:
 * the shopper picks one on purpose before adding.
 */
export function PurchasePanel({ product, url, sizeGuide }: { product: ProductSummary; url: string; sizeGuide: SizeGuide | null }) {
  const { settings } = useStorefront();
  const [color, setColor] = useState<string | null>(product.colors[0] ?? null);
  const [size, setSize] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [added, showAdded, hideAdded] = useTimedFlag(ADDED_FEEDBACK_MS);
  const [sizeWarning, showSizeWarning, hideSizeWarning] = useTimedFlag(SIZE_WARNING_MS);
  const priced = product.priceCents !== null;
  const guideButton = sizeGuide ? <SizeGuideButton guide={sizeGuide} /> : null;

  function addToCart() {
    if (product.sizes.length > 0 && size === null) {
      hideAdded();
      showSizeWarning();
      return;
    }
    cartActions.add(product, { size, color, quantity });
    showAdded();
  }

  return (
    <div className="space-y-5">
      {/* Choices only when the product can go in the cart; otherwise the options are listed for reference. */}
      {priced && product.inStock ? (
        <>
          {product.colors.length > 0 ? (
            <OptionButtons label="Cor" options={product.colors} value={color} onChange={setColor} />
          ) : null}
          {product.sizes.length > 0 ? (
            <OptionButtons
              label="Tamanho"
              options={product.sizes}
              value={size}
              onChange={(option) => {
                setSize(option);
                hideSizeWarning();
              }}
              aside={guideButton}
              minWidth
              attention={sizeWarning}
            />
          ) : null}
          <QuantityStepper value={quantity} onChange={setQuantity} />
        </>
      ) : (
        <AvailableOptions product={product} aside={guideButton} />
      )}

      <div>
        <p role="alert" className={sizeWarning ? "mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900" : "sr-only"}>
          {sizeWarning ? MISSING_SIZE_MESSAGE : ""}
        </p>
        <div className="flex">
          {priced ? (
            <button
              type="button"
              onClick={addToCart}
              disabled={!product.inStock}
              className={`flex min-h-12 flex-1 items-center justify-center gap-2 rounded-lg px-4 py-3 font-bold text-white disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 ${
                added ? "bg-green-700" : "bg-brand-600 hover:bg-brand-700"
              }`}
            >
              <CartIcon className="h-5 w-5" />
              {!product.inStock ? "Esgotado" : added ? "Adicionado ao Carrinho!" : "Adicionar ao Carrinho"}
            </button>
          ) : (
            <a
              href={whatsappLink(settings.storeWhatsApp, priceInquiryMessage({ name: product.name, shopName: product.shop.name }, url))}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-h-12 flex-1 items-center justify-center gap-2 rounded-lg bg-whatsapp-dark px-4 py-3 font-bold text-white hover:bg-whatsapp-darker"
            >
              <WhatsAppIcon className="h-5 w-5" />
              Consultar Preço
            </a>
          )}
        </div>
        <span className="sr-only" role="status">
          {added ? `${quantity} × ${product.name} adicionado ao carrinho` : ""}
        </span>
      </div>
    </div>
  );
}

/** Nothing to choose (no published price, or sold out): the sizes and colours are listed as facts. */
function AvailableOptions({ product, aside }: { product: ProductSummary; aside: React.ReactNode }) {
  if (product.colors.length === 0 && product.sizes.length === 0) return null;
  return (
    <div className="space-y-2 text-sm">
      {product.colors.length > 0 ? (
        <p>
          <span className="font-semibold">Cores: </span>
          <span className="text-slate-700">{product.colors.join(", ")}</span>
        </p>
      ) : null}
      {product.sizes.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p>
            <span className="font-semibold">Tamanhos: </span>
            <span className="text-slate-700">{product.sizes.join(", ")}</span>
          </p>
          {aside}
        </div>
      ) : null}
    </div>
  );
}
