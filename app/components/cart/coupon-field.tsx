import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { MAX_COUPON_CODE_LENGTH } from "~/lib/coupons/coupon-code";
import type { CouponPreview } from "~/lib/coupons/coupons";
import { couponActions } from "../cart-state/coupon-store";

/** The URL parameter of a flyer's or a post's link (/?cupom=CODE, sent on to /carrinho?cupom=CODE). */
export const COUPON_PARAM = "cupom";

/**
 * 'Cupom de desconto' in the cart and at checkout: applied at once with what it gives, or the reason
 * it does not. Not a form of its own (at checkout it sits inside the order's form): the applied code
 * travels in the order's hidden `couponCode` field, and the server decides again.
 */
export function CouponField({ code, preview }: { code: string; preview: CouponPreview | null }) {
  const [typed, setTyped] = useState(code);
  const [searchParams, setSearchParams] = useSearchParams();
  const fromLink = searchParams.get(COUPON_PARAM);

  // A link's code replaces the one kept, once; the parameter leaves the address so a reload keeps the shopper's choice.
  useEffect(() => {
    if (fromLink === null) return;
    couponActions.keep(fromLink);
    setTyped(fromLink.toUpperCase());
    setSearchParams(
      (params) => {
        params.delete(COUPON_PARAM);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [fromLink, setSearchParams]);

  useEffect(() => setTyped(code), [code]);

  function apply() {
    if (typed.trim()) couponActions.keep(typed);
  }

  return (
    <div className="mt-4 border-t border-slate-200 pt-4" data-testid="coupon">
      <label htmlFor="coupon-code" className="block text-sm font-semibold">
        Cupom de desconto
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="coupon-code"
          value={typed}
          maxLength={MAX_COUPON_CODE_LENGTH}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-describedby="coupon-result"
          onChange={(event) => setTyped(event.target.value.toUpperCase())}
          onKeyDown={(event) => {
            // Enter applies the coupon; at checkout it must not send the order.
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            }
          }}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 uppercase"
        />
        <button type="button" onClick={apply} className="rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50">
          Aplicar
        </button>
      </div>
      <div id="coupon-result" aria-live="polite" className="mt-2 text-sm">
        {code && preview ? (
          <div className="flex items-start justify-between gap-2">
            <p data-testid="coupon-message" className={preview.ok ? "font-semibold text-green-800" : "font-medium text-red-700"}>
              {preview.message}
            </p>
            <button
              type="button"
              onClick={() => {
                couponActions.clear();
                setTyped("");
              }}
              className="shrink-0 text-slate-600 underline"
            >
              Remover
            </button>
          </div>
        ) : code ? (
          <p className="text-slate-600">Conferindo o cupom…</p>
        ) : null}
      </div>
    </div>
  );
}
