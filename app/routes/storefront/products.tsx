import { useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { ProductCard } from "~/components/product/product-card";
import { FilterIcon, WhatsAppIcon } from "~/components/ui/icons";
import { whatsappLink } from "~/lib/orders/whatsapp";
import { PRICE_BANDS, productCardData, SHOP_SLUGS, type ShopSlug } from "~/lib/catalog/catalog";
import { CATEGORIES } from "~/lib/catalog/categories";
import { pageMeta } from "~/lib/pages/meta";
import { shopPath } from "~/lib/pages/navigation";
import { filtersToSearch, hasActiveFilters, listedShop, parseProductFilters, sizeGroups, type ProductFilters } from "~/lib/catalog/product-filters";
import { shellFromMatches } from "~/lib/pages/storefront-meta";
import { suggestSearch } from "~/server/catalog/product-search.server";
import { inStockSizes, listProducts } from "~/server/catalog/products.server";
import { storefrontShops } from "~/server/read-models/storefront-shell.server";
import type { Route } from "./+types/products";
import { countLabel, pluralForm } from "~/lib/format/plural";
import type { CachedPageHandle } from "~/lib/pages/page-caching";

function presetShopFor(pathname: string): ShopSlug | null {
  return SHOP_SLUGS.find((slug) => pathname === shopPath(slug)) ?? null;
}

// Kept by the page cache: the list of the shop its loader reads from the address (every shop's without one).
export const handle = {
  pageCache: { listsShop: (url) => listedShop(url.searchParams, presetShopFor(url.pathname)) },
} satisfies CachedPageHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const presetShop = presetShopFor(url.pathname);
  const filters = parseProductFilters(url.searchParams, presetShop);
  const [first, sizes, shops] = await Promise.all([listProducts(context.db, filters), inStockSizes(context.db), storefrontShops(context.db, context.groupDataCache)]);
  let page = first;
  // Nothing for what was typed: the products of the nearest words the catalogue knows ("tênus" → "tênis").
  let suggestion: { display: string } | null = null;
  if (page.total === 0 && filters.q) {
    const suggested = await suggestSearch(context.db, filters.q);
    const alternative = suggested ? await listProducts(context.db, { ...filters, q: suggested.query }) : null;
    if (suggested && alternative && alternative.total > 0) {
      page = alternative;
      suggestion = { display: suggested.display };
    }
  }
  const { total, totalCapped } = page;
  // Filters other than the search: only then does an empty result offer to clear them.
  const narrowed = hasActiveFilters({ ...filters, q: "" }, presetShop);
  // The list's name: its shop's, else its category's.
  const shop = shops.find((candidate) => candidate.slug === filters.shop);
  const listName = shop?.name ?? filters.category ?? "Todos os Produtos";
  // The page's links, made here: the list's JavaScript does not carry the query's rules (docs/benchmarks.md).
  const linkFor = (changes: Partial<ProductFilters>) =>
    `${url.pathname}${filtersToSearch({ ...filters, page: page.page, ...changes }, { includeShop: !presetShop })}`;
  return {
    ...page,
    products: page.products.map(productCardData),
    filters: { ...filters, page: page.page },
    presetShop,
    path: url.pathname,
    suggestion: suggestion && { ...suggestion, href: linkFor({ q: suggestion.display, page: 1 }) },
    links: {
      self: linkFor({}),
      previous: page.page > 1 ? linkFor({ page: page.page - 1 }) : null,
      next: page.page < page.pageCount ? linkFor({ page: page.page + 1 }) : null,
      // The search kept, every other filter cleared.
      withoutFilters: linkFor({ category: null, shop: presetShop, price: "all", size: null, page: 1 }),
    },
    // The page's heading, title and description (meta), written here for the same reason as its links.
    heading: filters.q ? `Resultados para “${filters.q}”` : listName,
    title: filters.q ? `Busca: ${filters.q}` : listName,
    description: shop?.description ?? `${listName} nas lojas Erick de Barreiros e Sirinhaém. Peça pelo WhatsApp.`,
    // Written here, not in the page's JavaScript (docs/decisions/0003-javascript-budget.md).
    resultCount: suggestion
      ? `Nenhum produto encontrado para “${filters.q}”. Mostrando ${countLabel(total, "produto", "produtos")} para “${suggestion.display}”.`
      : `${
          totalCapped ? `mais de ${total.toLocaleString("pt-BR")} produtos encontrados` : `${countLabel(total, "produto", "produtos")} ${pluralForm(total, "encontrado", "encontrados")}`
        }${filters.q ? ` para “${filters.q}”` : ""}`,
    // Past the counting limit the last page is unknown.
    pageLabel: totalCapped ? `Página ${page.page}` : `Página ${page.page} de ${page.pageCount}`,
    narrowed,
    emptyHint: narrowed ? "Tente outra busca ou limpe os filtros." : filters.q ? "Tente outra palavra, ou pergunte à loja." : "Volte em breve: a loja está renovando o catálogo.",
    // What the shopper's WhatsApp message says when the search found nothing.
    inquiry: filters.q ? `Olá! Procurei “${filters.q}” no site e não encontrei. Vocês têm?` : null,
    // The selects' choices travel with the data: the list's JavaScript does not carry the tables.
    categories: CATEGORIES,
    priceBands: PRICE_BANDS,
    // The chosen size stays an option after it sells out, so the select still shows what filters the list.
    sizeGroups: sizeGroups(filters.size && !sizes.includes(filters.size) ? [filters.size, ...sizes] : sizes),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const shell = shellFromMatches(matches);
  return pageMeta({
    title: loaderData.title,
    description: loaderData.description,
    url: shell ? `${shell.origin}${loaderData.links.self}` : undefined,
    // A shop's page (or a list filtered to one shop) shows that shop's picture.
    image: loaderData.filters.shop ? shell?.shareImages.shops[loaderData.filters.shop] : shell?.shareImages.group,
    siteName: shell?.settings.storeName,
  });
}

export default function Products({ loaderData, matches }: Route.ComponentProps) {
  const { products, pageCount, filters, path, suggestion, links, heading, resultCount, pageLabel, narrowed, emptyHint, inquiry } = loaderData;
  const shell = shellFromMatches(matches);
  const shops = shell?.shops ?? [];
  const navigation = useNavigation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const loading = navigation.state === "loading" && navigation.location.pathname === path;

  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{heading}</h1>
          <p className="mt-1 text-sm text-slate-600" role="status" data-testid="result-count">
            {resultCount}
          </p>
          {suggestion ? (
            <p className="mt-1 text-base" data-testid="did-you-mean">
              Você quis dizer{" "}
              <Link to={suggestion.href} className="font-semibold text-brand-700 underline">
                {suggestion.display}
              </Link>
              ?
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => setFiltersOpen((open) => !open)}
          aria-expanded={filtersOpen}
          aria-controls="filtros"
          className="flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold lg:hidden"
        >
          <FilterIcon className="h-4 w-4" />
          {filtersOpen ? "Ocultar filtros" : "Filtros"}
        </button>
      </div>

      <div className="mt-6 lg:grid lg:grid-cols-[16rem_1fr] lg:gap-8">
        <aside id="filtros" className={`${filtersOpen ? "block" : "hidden"} mb-6 lg:mb-0 lg:block`} aria-label="Filtros">
          <ListFilters key={links.self} choices={loaderData} shops={shops} onApply={() => setFiltersOpen(false)} />
        </aside>

        <section aria-labelledby="lista-produtos" className={loading ? "opacity-60 transition-opacity" : undefined}>
          {/* The cards' names are h3s: this keeps the outline h1 > h2 > h3 for screen-reader users. */}
          <h2 id="lista-produtos" className="sr-only">
            Produtos
          </h2>
          {products.length === 0 ? (
            <EmptyList emptyHint={emptyHint} clearFiltersLink={narrowed ? links.withoutFilters : null} inquiryLink={inquiry && shell ? whatsappLink(shell.settings.storeWhatsApp, inquiry) : null} />
          ) : (
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 xl:grid-cols-4">
              {products.map((product, index) => (
                <ProductCard key={`${product.id}:${filters.size}`} product={product} priority={index < 2} size={filters.size} />
              ))}
            </div>
          )}

          {pageCount > 1 ? (
            <nav aria-label="Paginação" className="mt-8 flex items-center justify-center gap-3 text-sm">
              {links.previous ? (
                <Link to={links.previous} className="rounded-lg border border-slate-300 px-4 py-2 font-semibold" rel="prev">
                  Anterior
                </Link>
              ) : null}
              <span>{pageLabel}</span>
              {links.next ? (
                <Link to={links.next} className="rounded-lg border border-slate-300 px-4 py-2 font-semibold" rel="next">
                  Próxima
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      </div>
    </div>
  );
}

type ListFiltersProps = {
  /** The list's loader data: its filters and the selects' choices. */
  choices: Pick<Route.ComponentProps["loaderData"], "path" | "filters" | "presetShop" | "categories" | "priceBands" | "sizeGroups" | "narrowed">;
  shops: { slug: string; name: string }[];
  onApply: () => void;
};

/** The list's filters: the search typed, the selects applied as they change, and the way back to the whole list. */
function ListFilters({ choices, shops, onApply }: ListFiltersProps) {
  const { path, filters, presetShop, categories, priceBands, sizeGroups, narrowed } = choices;
  const submit = useSubmit();
  return (
    <Form
      method="get"
      action={path}
      onChange={(event) => {
        const form = event.currentTarget;
        // Typing in the search box submits on Enter; the selects apply at once.
        if ((event.target as HTMLElement).tagName === "SELECT") submit(form, { preventScrollReset: true });
      }}
      // 'Aplicar filtros' (or Enter) on a phone: the panel closes, the list opens with its count.
      onSubmit={onApply}
      className="space-y-4 rounded-xl border border-slate-200 p-4"
    >
      <div>
        <label htmlFor="filtro-busca" className="block text-sm font-semibold">
          Buscar
        </label>
        <input
          id="filtro-busca"
          type="search"
          name="q"
          defaultValue={filters.q}
          maxLength={100}
          placeholder="Nome ou descrição"
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
        />
      </div>
      <FilterSelect label="Categoria" name="categoria" value={filters.category ?? ""}>
        <option value="">Todas as categorias</option>
        {categories.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </FilterSelect>
      {presetShop ? null : (
        <FilterSelect label="Loja" name="loja" value={filters.shop ?? ""}>
          <option value="">Todas as lojas</option>
          {shops.map((shop) => (
            <option key={shop.slug} value={shop.slug}>
              {shop.name}
            </option>
          ))}
        </FilterSelect>
      )}
      <FilterSelect label="Preço" name="preco" value={filters.price}>
        {priceBands.map((band) => (
          <option key={band.value} value={band.value}>
            {band.label}
          </option>
        ))}
      </FilterSelect>
      {sizeGroups.length > 0 ? (
        <FilterSelect label="Tamanho" name="tamanho" value={filters.size ?? ""}>
          <option value="">Todos os tamanhos</option>
          {sizeGroups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.sizes.map((size) => (
                <option key={size}>{size}</option>
              ))}
            </optgroup>
          ))}
        </FilterSelect>
      ) : null}
      <div className="flex flex-col gap-2">
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Aplicar filtros
        </button>
        {narrowed ? (
          <Link to={path} className="rounded-lg border border-slate-300 px-4 py-2 text-center font-semibold text-slate-800">
            Limpar filtros
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** Nothing listed: why, the filters to clear, and a question to the shop about what was searched for. */
function EmptyList({ emptyHint, clearFiltersLink, inquiryLink }: { emptyHint: string; clearFiltersLink: string | null; inquiryLink: string | null }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center">
      <p className="text-lg font-semibold">Nenhum produto encontrado</p>
      <p className="mt-1 text-sm text-slate-600">{emptyHint}</p>
      {clearFiltersLink ? (
        <Link to={clearFiltersLink} className="mt-4 inline-block rounded-lg border border-slate-300 px-4 py-2 font-semibold">
          Limpar filtros
        </Link>
      ) : null}
      {inquiryLink ? (
        <a
          href={inquiryLink}
          target="_blank"
          rel="noopener noreferrer"
          className="mx-auto mt-4 flex w-fit items-center gap-2 rounded-lg bg-whatsapp-dark px-4 py-2 font-semibold text-white"
        >
          <WhatsAppIcon className="h-4 w-4" />
          Não achou? Pergunte pelo WhatsApp
        </a>
      ) : null}
    </div>
  );
}

function FilterSelect({ label, name, value, children }: { label: string; name: string; value: string; children: React.ReactNode }) {
  const id = `filtro-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2">
        {children}
      </select>
    </div>
  );
}
