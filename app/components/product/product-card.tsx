import { useId, useState } from "react";
import { Link } from "react-router";
import { cartActions } from "~/components/cart-state/cart-store";
import { PRIMARY_ACTION } from "~/components/layout/primary-action";
import { useStorefront } from "~/components/layout/use-storefront";
import { CartIcon, WhatsAppIcon } from "~/components/ui/icons";
import type { ProductCardData } from "~/lib/catalog/catalog";
import { productPath } from "~/lib/pages/navigation";
import { colorInStock, firstInStock, firstSizeInStock, sizeStates } from "~/lib/catalog/variant-choice";
import { stockOf } from "~/lib/catalog/variants";
import { priceInquiryMessage, whatsappLink } from "~/lib/orders/whatsapp";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import { ADDED_FEEDBACK_MS, useTimedFlag } from "./use-timed-flag";


/** `size`: the size a list is filtered by (`?tamanho=`), the card's own choice from the start. */
export function ProductCard({ product, priority = false, size: listedSize }: { product: ProductCardData; priority?: boolean; size?: string | null }) {
  const id = useId();
  // The first size and colour on the shelf, so a tap on "Adicionar" adds something that exists.
  const [initial] = useState(() => firstInStock(product, listedSize));
  const [size, setSize] = useState(initial?.size ?? product.sizes[0] ?? null);
  const [color, setColor] = useState(initial?.color ?? product.colors[0] ?? null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [added, showAdded, hideAdded] = useTimedFlag(ADDED_FEEDBACK_MS);
  const href = productPath(product.id);
  // Sizes judged in the chosen colour; a colour is out only when all its sizes are (app/lib/variant-choice.ts).
  const sizes = sizeStates(product, color);

  function chooseSize(next: string) {
    setSize(next);
    setRefusal(null);
  }

  function chooseColor(next: string) {
    setColor(next);
    setRefusal(null);
    // The chosen size may be gone in this colour: move to one that is not.
    if (size !== null && stockOf(product, size, next) <= 0) setSize(firstSizeInStock(product, next) ?? size);
  }

  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="product-card">
      <Link to={href} prefetch="intent" className="relative block aspect-square bg-slate-50" tabIndex={-1} aria-hidden="true">
        <ProductImage
          image={product.image}
          alt=""
          // On a phone every card grid is two columns with a 12 px gap inside 16 px margins, and the card
          // has a 1 px border: the picture is half the screen less 24 px. Saying "50vw" made a 412 px,
          // 1.75× phone fetch the 480 px pictures (20 KB each) where the 320 px ones (10 KB) are sharp;
          // the list's first pictures are its largest paint.
          sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, calc(50vw - 24px)"
          className="h-full w-full object-cover"
          priority={priority}
        />
        {!product.inStock ? (
          <span className="absolute left-2 top-2 rounded bg-slate-800 px-2 py-0.5 text-xs font-bold text-white">Esgotado</span>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{product.shop.name}</p>
        <h3 className="text-sm font-semibold leading-snug text-slate-900 sm:text-base">
          <Link to={href} prefetch="intent" className="hover:underline">
            {product.name}
          </Link>
        </h3>
        <p className="line-clamp-2 text-xs text-slate-600 sm:text-sm">{product.description}</p>
        <Price priceCents={product.priceCents} oldPriceCents={product.oldPriceCents} discountPercent={product.discountPercent} />

        {product.priceCents !== null && (product.sizes.length > 0 || product.colors.length > 0) ? (
          <CardVariantSelects id={id} product={product} sizes={sizes} size={size} color={color} onSize={chooseSize} onColor={chooseColor} />
        ) : null}

        <div className="mt-auto pt-1">
          {product.priceCents === null ? (
            <CardPriceInquiry product={product} href={href} />
          ) : (
            <button
              type="button"
              disabled={!product.inStock}
              {...PRIMARY_ACTION}
              onClick={() => {
                const refused = cartActions.addWithinStock(product, { size, color });
                setRefusal(refused);
                if (refused) hideAdded();
                else showAdded();
              }}
              className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-3 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
            >
              <CartIcon className="h-4 w-4" />
              {!product.inStock ? "Esgotado" : added ? "Adicionado!" : "Adicionar"}
            </button>
          )}
          <span className="sr-only" role="status">
            {added ? `${product.name} adicionado ao carrinho` : ""}
          </span>
          <p role="alert" className={refusal ? "mt-2 text-xs font-semibold text-amber-900" : "sr-only"}>
            {refusal ?? ""}
          </p>
        </div>
      </div>
    </article>
  );
}

/** The card's size and colour, each a select; sold-out ones stay listed, marked, and cannot be chosen. */
function CardVariantSelects({ id, product, sizes, size, color, onSize, onColor }: {
  id: string;
  product: ProductCardData;
  sizes: ReturnType<typeof sizeStates>;
  size: string | null;
  color: string | null;
  onSize: (size: string) => void;
  onColor: (color: string) => void;
}) {
  return (
    <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2">
      {product.sizes.length > 0 ? (
        <div>
          <label htmlFor={`${id}-size`} className="sr-only">
            Tamanho
          </label>
          <select
            id={`${id}-size`}
            value={size ?? ""}
            onChange={(event) => onSize(event.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            {sizes.map((option) => (
              <option key={option.size} value={option.size} disabled={option.stock <= 0 && option.size !== size}>
                {`Tam. ${option.size}${option.stock <= 0 ? " – esgotado" : ""}`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {product.colors.length > 0 ? (
        <div className={product.sizes.length ? "" : "min-[400px]:col-span-2"}>
          <label htmlFor={`${id}-color`} className="sr-only">
            Cor
          </label>
          <select
            id={`${id}-color`}
            value={color ?? ""}
            onChange={(event) => onColor(event.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            {product.colors.map((option) => {
              const soldOut = !colorInStock(product, option);
              return (
                <option key={option} value={option} disabled={soldOut && option !== color}>
                  {`${option}${soldOut ? " – esgotado" : ""}`}
                </option>
              );
            })}
          </select>
        </div>
      ) : null}
    </div>
  );
}

/** No published price: the shop is asked on WhatsApp, with the product and its link. */
function CardPriceInquiry({ product, href }: { product: ProductCardData; href: string }) {
  const { settings, origin } = useStorefront();
  return (
    <a
      href={whatsappLink(
        settings.storeWhatsApp,
        priceInquiryMessage({ name: product.name, shopName: product.shop.name }, `${origin}${href}`),
      )}
      target="_blank"
      rel="noopener noreferrer"
      {...PRIMARY_ACTION}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-whatsapp-dark px-3 py-2.5 text-sm font-semibold text-white hover:bg-whatsapp-darker"
    >
      <WhatsAppIcon className="h-4 w-4" />
      Consultar Preço
    </a>
  );
}
