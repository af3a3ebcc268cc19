import { CartView } from "~/components/cart/cart-view";
import { pageMeta } from "~/lib/pages/meta";
import { shellFromMatches } from "~/lib/pages/storefront-meta";
import type { Route } from "./+types/cart";
import type { CachedPageHandle } from "~/lib/pages/page-caching";

// Kept by the page cache: the cart itself is in the browser.
export const handle = { pageCache: {} } satisfies CachedPageHandle;

export function meta({ matches }: Route.MetaArgs) {
  const shell = shellFromMatches(matches);
  return [
    ...pageMeta({
      title: "Carrinho",
      description: "Revise os itens do seu carrinho e finalize o pedido pelo WhatsApp.",
      url: shell ? `${shell.origin}/carrinho` : undefined,
      siteName: shell?.settings.storeName,
    }),
    { name: "robots", content: "noindex" },
  ];
}

export default function Cart() {
  return <CartView />;
}
