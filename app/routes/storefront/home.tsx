import { Link, redirect } from "react-router";
import { ProductCard } from "~/components/product/product-card";
import { ChevronRightIcon } from "~/components/ui/icons";
import { ServerIsland } from "~/components/ui/server-island";
import { productCardData } from "~/lib/catalog/catalog";
import { pageMeta } from "~/lib/pages/meta";
import { FOUNDED_YEAR } from "~/lib/group/settings";
import { shellFromMatches } from "~/lib/pages/storefront-meta";
import { featuredProducts, listProducts } from "~/server/catalog/products.server";
import { parseProductFilters } from "~/lib/catalog/product-filters";
import type { Route } from "./+types/home";
import type { CachedPageHandle } from "~/lib/pages/page-caching";

// Kept by the page cache; its featured products may change with any product.
export const handle = { pageCache: { listsShop: () => null } } satisfies CachedPageHandle;

export const FEATURED_ON_HOME = 4;

export async function loader({ request, context }: Route.LoaderArgs) {
  // A flyer's or a post's link (/?cupom=CODE) takes the coupon to the cart, whose page keeps it.
  const coupon = new URL(request.url).searchParams.get("cupom");
  if (coupon !== null) throw redirect(`/carrinho?cupom=${encodeURIComponent(coupon.slice(0, 100))}`);
  const featured = await featuredProducts(context.db, FEATURED_ON_HOME);
  if (featured.length > 0) return { heading: "Produtos em Destaque", products: featured.map(productCardData) };
  // Nothing marked as featured: the newest products, rather than telling shoppers there is nothing to show.
  const newest = await listProducts(context.db, parseProductFilters(new URLSearchParams()));
  return { heading: "Novidades", products: newest.products.slice(0, FEATURED_ON_HOME).map(productCardData) };
}

export function meta({ matches }: Route.MetaArgs) {
  const shell = shellFromMatches(matches);
  const name = shell?.settings.storeName ?? "Grupo Erick";
  // pageMeta adds " | {name}" to the title: the name once.
  return pageMeta({
    title: "Calçados, variedades, kids e sports",
    description: `Lojas Erick em Barreiros e Sirinhaém (PE) desde ${FOUNDED_YEAR}. Calçados, variedades, artigos infantis e esportivos. Peça pelo WhatsApp.`,
    url: shell ? `${shell.origin}/` : undefined,
    image: shell?.shareImages.group,
    siteName: name,
  });
}

// The home page's sections that need no code in the browser (the opening, the shops, the benefits,
// the visit): the server's markup, not hydrated (components/ui/server-island.tsx).
const loadHero = () => import("~/components/home/home-sections").then((module) => module.HomeHero);
const loadShopsAndVisit = () => import("~/components/home/home-sections").then((module) => module.HomeShopsAndVisit);

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ServerIsland id="inicio-abertura" load={loadHero} />

      {loaderData.products.length ? (
        <section className="container-page py-12" aria-labelledby="destaques">
          <div className="flex items-end justify-between gap-4">
            <h2 id="destaques" className="text-2xl font-bold">
              {loaderData.heading}
            </h2>
            <Link to="/produtos" className="flex shrink-0 items-center gap-1 whitespace-nowrap font-semibold text-brand-700 hover:underline">
              Ver Todos
              <ChevronRightIcon className="h-4 w-4" />
            </Link>
          </div>
          <div className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
            {loaderData.products.map((product, index) => (
              <ProductCard key={product.id} product={product} priority={index < 2} />
            ))}
          </div>
        </section>
      ) : null}

      <ServerIsland id="inicio-lojas" load={loadShopsAndVisit} />
    </>
  );
}
