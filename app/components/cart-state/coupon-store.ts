import { useEffect, useState, useSyncExternalStore } from "react";
import { createLocalStorageStore } from "~/components/ui/local-storage-store";
import type { Cart } from "~/lib/cart/cart";
import { couponCodeFromStored, normalizeCouponCode } from "~/lib/coupons/coupon-code";
import { couponPreviewUrl, type CouponPreview, type CouponPreviewWhere } from "~/lib/coupons/coupons";

// The coupon the shopper applied, kept in the browser beside the cart (its own key, so the header's
// cart badge, on every page, does not carry coupon code): the cart and the checkout read it.
const COUPON_STORAGE_KEY = "erick_coupon";

const store = createLocalStorageStore(COUPON_STORAGE_KEY, couponCodeFromStored);

export const couponActions = {
  keep: (code: string) => store.write(normalizeCouponCode(code).slice(0, 100)),
  clear: () => store.write(""),
};

/**
 * The kept code and what the server says it gives these lines (asked again when the cart or the
 * delivery changes). `preview` is null while there is no code or the answer is on its way.
 */
export function useCoupon(cart: Cart, where: CouponPreviewWhere | null) {
  const code = useSyncExternalStore(store.subscribe, store.read, () => "");
  const [preview, setPreview] = useState<CouponPreview | null>(null);
  const url = code && cart.length ? couponPreviewUrl(code, cart, where) : null;

  useEffect(() => {
    if (!url) {
      setPreview(null);
      return;
    }
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (response) => setPreview((await response.json()) as CouponPreview))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setPreview({ ok: false, code, message: "Não conseguimos conferir o cupom agora. Tente de novo." });
        void error;
      });
    return () => controller.abort();
  }, [url, code]);

  return { code, preview: preview && preview.code === code ? preview : null };
}
