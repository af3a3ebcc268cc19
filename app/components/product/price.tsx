import { formatBRL } from "~/lib/format/money";

/** Price, struck-through old price and discount badge; 'Consulte' when the price is not published. */
export function Price({
  priceCents,
  oldPriceCents,
  discountPercent,
  size = "md",
}: {
  priceCents: number | null;
  oldPriceCents: number | null;
  discountPercent: number | null;
  size?: "md" | "lg";
}) {
  if (priceCents === null) {
    return (
      <span className="inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">Consulte</span>
    );
  }
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      {oldPriceCents !== null && oldPriceCents > priceCents ? (
        <s className="text-sm text-slate-500">
          <span className="sr-only">De </span>
          {formatBRL(oldPriceCents)}
        </s>
      ) : null}
      <span className={`font-bold text-slate-900 ${size === "lg" ? "text-3xl" : "text-lg"}`}>
        {oldPriceCents !== null && oldPriceCents > priceCents ? <span className="sr-only">Por </span> : null}
        {formatBRL(priceCents)}
      </span>
      {discountPercent ? (
        <span className="rounded bg-brand-600 px-1.5 py-0.5 text-xs font-bold text-white">-{discountPercent}%</span>
      ) : null}
    </div>
  );
}
