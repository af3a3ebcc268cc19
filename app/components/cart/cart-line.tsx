import { useState } from "react";
import { Link } from "react-router";
import { ProductImage } from "~/components/product/product-image";
import { MinusIcon, PlusIcon, TrashIcon } from "~/components/ui/icons";
import { MAX_LINE_QUANTITY, type CartItem } from "~/lib/cart/cart";
import { formatBRL } from "~/lib/format/money";
import { productPath } from "~/lib/pages/navigation";

export function CartLine({
  item,
  limit,
  onQuantity,
  onRemove,
}: {
  item: CartItem;
  /** The variant's units on the shelf and the refusal past them; null until the cart's re-check answers. */
  limit: { available: number; message: string } | null;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const href = productPath(item.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Two sizes or colours of one product are two lines: each control names its own.
  const lineName = [item.name, item.size && `tamanho ${item.size}`, item.color && `cor ${item.color}`].filter(Boolean).join(", ");

  return (
    <li className="flex gap-3 py-4 sm:gap-4" data-testid="cart-line">
      <Link to={href} className="block h-20 w-20 shrink-0 overflow-hidden rounded-lg bg-slate-50 sm:h-24 sm:w-24" tabIndex={-1} aria-hidden="true">
        <ProductImage image={item.image} alt="" sizes="96px" className="h-full w-full object-cover" />
      </Link>

      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <CartLineHeading item={item} href={href} lineName={lineName} onRemove={onRemove} />

        <div className="flex flex-wrap items-center justify-between gap-2">
          <div role="group" aria-label={`Quantidade de ${lineName}`} className="flex items-center rounded-lg border border-slate-300">
            <button
              type="button"
              onClick={() => {
                setRefusal(null);
                onQuantity(item.quantity - 1);
              }}
              aria-label={`Diminuir quantidade de ${lineName}`}
              title={item.quantity === 1 ? "Remover" : undefined}
              className="rounded-l-lg p-2.5 text-slate-700 hover:bg-slate-100"
            >
              <MinusIcon className="h-4 w-4" />
            </button>
            <span className="min-w-9 text-center font-semibold tabular-nums" data-testid="line-quantity">
              {item.quantity}
            </span>
            <button
              type="button"
              onClick={() => {
                // Past the shelf the + says so instead of growing (the button stays: a disabled one would not explain).
                if (limit && item.quantity + 1 > limit.available) setRefusal(limit.message);
                else onQuantity(item.quantity + 1);
              }}
              disabled={item.quantity >= MAX_LINE_QUANTITY}
              aria-label={`Aumentar quantidade de ${lineName}`}
              className="rounded-r-lg p-2.5 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300"
            >
              <PlusIcon className="h-4 w-4" />
            </button>
          </div>
          <p className="font-bold text-slate-900" data-testid="line-subtotal">
            {item.priceCents === null ? (
              <span className="text-sm font-semibold text-amber-900">Consultar preço</span>
            ) : (
              <>
                <span className="sr-only">Subtotal: </span>
                {formatBRL(item.priceCents * item.quantity)}
              </>
            )}
          </p>
        </div>
        <p role="alert" className={refusal ? "text-sm font-semibold text-amber-900" : "sr-only"}>
          {refusal ?? ""}
        </p>
      </div>
    </li>
  );
}

/** What the line is (shop, name, options, unit price) and the button that takes it out of the cart. */
function CartLineHeading({ item, href, lineName, onRemove }: { item: CartItem; href: string; lineName: string; onRemove: () => void }) {
  const options = [item.size && `Tamanho: ${item.size}`, item.color && `Cor: ${item.color}`].filter(Boolean);
  return (
    <div className="flex items-start justify-between gap-2">
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{item.shopName}</p>
        <h3 className="font-semibold leading-snug text-slate-900">
          <Link to={href} className="hover:underline">
            {item.name}
          </Link>
        </h3>
        {options.length ? <p className="text-sm text-slate-600">{options.join(" · ")}</p> : null}
        <p className="text-sm text-slate-600">
          {item.priceCents === null ? "Consultar preço" : `${formatBRL(item.priceCents)} cada`}
        </p>
      </div>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remover ${lineName}`}
        title="Remover"
        className="-mr-2 -mt-1 shrink-0 rounded-full p-2 text-slate-500 hover:bg-red-50 hover:text-brand-700"
      >
        <TrashIcon className="h-5 w-5" />
      </button>
    </div>
  );
}
