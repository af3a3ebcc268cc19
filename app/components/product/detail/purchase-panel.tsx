import { useLayoutEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { cartActions } from "~/components/cart-state/cart-store";
import { PRIMARY_ACTION } from "~/components/layout/primary-action";
import { useStorefront } from "~/components/layout/use-storefront";
import { ADDED_FEEDBACK_MS, useTimedFlag } from "~/components/product/use-timed-flag";
import { CartIcon, WhatsAppIcon } from "~/components/ui/icons";
import type { ProductSummary } from "~/lib/catalog/catalog";
import { COLOR_PARAM, SIZE_PARAM } from "~/lib/channels/channels";
import { colorInStock, sizeStates } from "~/lib/catalog/variant-choice";
import { linkedChoice } from "~/lib/catalog/linked-choice";
import { addLimit, shownStockCap, stockNote, stockOf, variantIndex } from "~/lib/catalog/variants";
import { pickupTodayText, type PickupTown } from "~/lib/stores/pickup-today";
import { priceInquiryMessage, whatsappLink } from "~/lib/orders/whatsapp";
import { OptionButtons } from "./option-buttons";
import { QuantityStepper } from "./quantity-stepper";
import { SizeGuideButton } from "./size-guide-dialog";
import type { SizeGuide } from "./size-guide-data";

export const SIZE_WARNING_MS = 3_000;
export const MISSING_SIZE_MESSAGE = "Por favor, selecione um tamanho";

const list = new Intl.ListFormat("pt-BR", { style: "long", type: "conjunction" });

type PurchasePanelProps = {
  product: ProductSummary;
  url: string;
  sizeGuide: SizeGuide | null;
  /** "Retire hoje: Barreiros (2)": where the chosen size × colour is on a shelf today. */
  pickupTowns?: readonly PickupTown[];
};

/**
 * Colour, size, quantity and the add button. Unlike the card, the detail page preselects no size:
 * the shopper picks one on purpose before adding, unless the link named it (`?tamanho=38&cor=Preto`,
 * as the catalogue feeds link each item) and it is on the shelf. It preselects a colour with units
 * (or the linked one), and sizes are judged in the chosen colour (app/lib/catalog/variant-choice.ts).
 */
export function PurchasePanel({ product, url, sizeGuide, pickupTowns = [] }: PurchasePanelProps) {
  const { color, size, quantity, chosen, limit, added, sizeWarning, warning, chooseColor, chooseSize, changeQuantity, refuseAtLimit, addToCart } =
    usePurchaseChoice(product);
  const priced = product.priceCents !== null;
  const guideButton = sizeGuide ? <SizeGuideButton guide={sizeGuide} /> : null;
  const sizes = sizeStates(product, color);
  const pickupToday = chosen !== null ? pickupTodayText(pickupTowns, variantIndex(product, size, color), shownStockCap(product.maxUnitsPerLine)) : null;

  return (
    <div className="space-y-5">
      {/* Choices only when the product can go in the cart; otherwise the options are listed for reference. */}
      {priced && product.inStock ? (
        <>
          {product.colors.length > 0 ? (
            <OptionButtons
              label="Cor"
              options={product.colors}
              value={color}
              onChange={chooseColor}
              unavailable={(option) => (colorInStock(product, option) ? null : "Esgotado")}
            />
          ) : null}
          {product.sizes.length > 0 ? (
            <OptionButtons
              label="Tamanho"
              options={product.sizes}
              value={size}
              onChange={chooseSize}
              aside={guideButton}
              minWidth
              attention={sizeWarning}
              unavailable={(option) => {
                const state = sizes.find((candidate) => candidate.size === option);
                if (!state || state.stock > 0) return null;
                return state.otherColors.length ? `Esgotado em ${color}; disponível em ${list.format(state.otherColors)}` : "Esgotado";
              }}
            />
          ) : null}
          <SizesElsewhere sizes={sizes} color={color} />
          <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
            <QuantityStepper value={quantity} max={limit?.max} onChange={changeQuantity} onLimit={refuseAtLimit} />
            {pickupToday ? (
              <p className="w-full text-sm font-semibold text-green-800" data-testid="pickup-today">
                {pickupToday}
              </p>
            ) : null}
            {chosen !== null && stockNote(chosen) === "Últimas unidades" ? (
              <p className="pb-2.5 text-sm font-semibold text-amber-800" data-testid="stock-note">
                Últimas unidades
              </p>
            ) : null}
          </div>
        </>
      ) : (
        <AvailableOptions product={product} aside={guideButton} />
      )}

      <div>
        <p role="alert" className={warning ? "mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900" : "sr-only"}>
          {warning ?? ""}
        </p>
        <div className="flex">
          {priced ? (
            <AddToCartButton inStock={product.inStock} added={added} onAdd={addToCart} />
          ) : (
            <PriceInquiryLink product={product} url={url} />
          )}
        </div>
        <span className="sr-only" role="status">
          {added ? `${quantity} × ${product.name} adicionado ao carrinho` : ""}
        </span>
      </div>
    </div>
  );
}

/**
 * The shopper's colour, size and quantity, and the add to the cart: a size asked for when the product
 * has sizes, a quantity kept within the chosen variant's units, and what was refused said.
 */
function usePurchaseChoice(product: ProductSummary) {
  const [searchParams] = useSearchParams();
  const [color, setColor] = useState<string | null>(() => product.colors.find((option) => colorInStock(product, option)) ?? product.colors[0] ?? null);
  const [size, setSize] = useState<string | null>(null);
  // The link's size and colour, applied once the page is in the browser: the server renders one page
  // per product whatever a link names (the page cache keeps one page: `browserParams` in the route),
  // and a layout effect runs before the hydrated page is first painted again.
  const linkedColor = searchParams.get(COLOR_PARAM);
  const linkedSize = searchParams.get(SIZE_PARAM);
  useLayoutEffect(() => {
    const linked = linkedChoice(product, linkedColor, linkedSize, color);
    if (linked.color !== undefined) setColor(linked.color);
    if (linked.size !== undefined) setSize(linked.size);
    // Only when the product or the link changes: the shopper's own choices afterwards are theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product.id, linkedColor, linkedSize]);
  const [quantity, setQuantity] = useState(1);
  const [stockRefusal, setStockRefusal] = useState<string | null>(null);
  const [added, showAdded, hideAdded] = useTimedFlag(ADDED_FEEDBACK_MS);
  const [sizeWarning, showSizeWarning, hideSizeWarning] = useTimedFlag(SIZE_WARNING_MS);
  const chosen = product.sizes.length === 0 || size !== null ? stockOf(product, size, color) : null;
  const limit = chosen !== null && chosen > 0 ? addLimit(chosen, product) : null;

  /** A new size or colour with fewer units than the quantity: the quantity comes down, and says why. */
  function keepQuantityWithin(available: number | null) {
    const within = available !== null && available > 0 ? addLimit(available, product) : null;
    if (within && quantity > within.max) {
      setQuantity(within.max);
      setStockRefusal(within.message);
    } else {
      setStockRefusal(null);
    }
  }

  function chooseColor(option: string) {
    setColor(option);
    // The chosen size may be gone in the new colour: the shopper picks again.
    const keptSize = size !== null && stockOf(product, size, option) <= 0 ? null : size;
    setSize(keptSize);
    keepQuantityWithin(product.sizes.length === 0 || keptSize !== null ? stockOf(product, keptSize, option) : null);
  }

  function chooseSize(option: string) {
    setSize(option);
    keepQuantityWithin(stockOf(product, option, color));
    hideSizeWarning();
  }

  function changeQuantity(next: number) {
    setQuantity(next);
    setStockRefusal(null);
  }

  function refuseAtLimit() {
    if (limit) setStockRefusal(limit.message);
  }

  function addToCart() {
    if (product.sizes.length > 0 && size === null) {
      hideAdded();
      showSizeWarning();
      return;
    }
    const refusal = cartActions.addWithinStock(product, { size, color, quantity });
    setStockRefusal(refusal);
    if (refusal) hideAdded();
    else showAdded();
  }

  const warning = sizeWarning ? MISSING_SIZE_MESSAGE : stockRefusal;
  return { color, size, quantity, chosen, limit, added, sizeWarning, warning, chooseColor, chooseSize, changeQuantity, refuseAtLimit, addToCart };
}

/** Sizes gone in this colour that another colour still has: said in words under the buttons too. */
function SizesElsewhere({ sizes, color }: { sizes: ReturnType<typeof sizeStates>; color: string | null }) {
  const elsewhere = sizes.filter((state) => state.otherColors.length > 0);
  if (elsewhere.length === 0) return null;
  return (
    <ul className="-mt-3 space-y-0.5 text-xs text-slate-600" data-testid="sizes-elsewhere">
      {elsewhere.map((state) => (
        <li key={state.size}>
          Tam. {state.size}: esgotado em {color}, disponível em {list.format(state.otherColors)}
        </li>
      ))}
    </ul>
  );
}

/** The add button: green for a moment once added; sold out, disabled. */
function AddToCartButton({ inStock, added, onAdd }: { inStock: boolean; added: boolean; onAdd: () => void }) {
  return (
    <button
      type="button"
      onClick={onAdd}
      {...PRIMARY_ACTION}
      disabled={!inStock}
      className={`flex min-h-12 flex-1 items-center justify-center gap-2 rounded-lg px-4 py-3 font-bold text-white disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 ${
        added ? "bg-green-700" : "bg-brand-600 hover:bg-brand-700"
      }`}
    >
      <CartIcon className="h-5 w-5" />
      {!inStock ? "Esgotado" : added ? "Adicionado ao Carrinho!" : "Adicionar ao Carrinho"}
    </button>
  );
}

/** No published price: the shop is asked on WhatsApp, with the product and its link. */
function PriceInquiryLink({ product, url }: { product: ProductSummary; url: string }) {
  const { settings } = useStorefront();
  return (
    <a
      href={whatsappLink(settings.storeWhatsApp, priceInquiryMessage({ name: product.name, shopName: product.shop.name }, url))}
      target="_blank"
      rel="noopener noreferrer"
      {...PRIMARY_ACTION}
      className="flex min-h-12 flex-1 items-center justify-center gap-2 rounded-lg bg-whatsapp-dark px-4 py-3 font-bold text-white hover:bg-whatsapp-darker"
    >
      <WhatsAppIcon className="h-5 w-5" />
      Consultar Preço
    </a>
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
