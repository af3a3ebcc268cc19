import { Link, redirect } from "react-router";
import { ProductCard } from "~/components/product/product-card";
import { ChevronRightIcon } from "~/components/ui/icons";
import { ServerIsland } from "~/components/ui/server-island";
import { productCardData } from "~/lib/catalog/catalog";
import { pageMeta } from "~/lib/pages/meta";
import { FOUNDED_YEAR } from "~/lib/group/settings";
import { shellFromMatches } from "~/lib/pages/storefront-meta";
import { featuredProducts } from "~/server/catalog/products.server";
import type { Route } from "./+types/home";
import type { CachedPageHandle } from "~/lib/pages/page-caching";

// Kept by the page cache; its featured products may change with any product.
export const handle = { pageCache: { listsShop: () => null } } satisfies CachedPageHandle;

export const FEATURED_ON_HOME = 4;

export async function loader({ request, context }: Route.LoaderArgs) {
  // A flyer's or a post's link (/?cupom=CODE) takes the coupon to the cart, whose page keeps it.
  const coupon = new URL(request.url).searchParams.get("cupom");
  if (coupon !== null) throw redirect(`/carrinho?cupom=${encodeURIComponent(coupon.slice(0, 100))}`);
  return { featured: (await featuredProducts(context.db, FEATURED_ON_HOME)).map(productCardData) };
}

export function meta({ matches }: Route.MetaArgs) {
  const shell = shellFromMatches(matches);
  const name = shell?.settings.storeName ?? "Grupo Erick";
  return pageMeta({
    title: `${name}: calçados, variedades, kids e sports`,
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

      <section className="container-page py-12" aria-labelledby="destaques">
        <div className="flex items-end justify-between gap-4">
          <h2 id="destaques" className="text-2xl font-bold">
            Produtos em Destaque
          </h2>
          <Link to="/produtos" className="flex shrink-0 items-center gap-1 whitespace-nowrap font-semibold text-brand-700 hover:underline">
            Ver Todos
            <ChevronRightIcon className="h-4 w-4" />
          </Link>
        </div>
        {loaderData.featured.length ? (
          <div className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
            {loaderData.featured.map((product, index) => (
              <ProductCard key={product.id} product={product} priority={index < 2} />
            ))}
          </div>
        ) : (
          <p className="mt-6 text-slate-600">Nenhum produto em destaque no momento.</p>
        )}
      </section>

      <ServerIsland id="inicio-lojas" load={loadShopsAndVisit} />
    </>
  );
}
