import { redirect } from "react-router";
import { ProductDetail } from "~/components/product/detail/product-detail";
import { shareImageUrl } from "~/lib/images";
import { pageMeta } from "~/lib/meta";
import { decimalPrice } from "~/lib/money";
import { productPath } from "~/lib/navigation";
import { shellFromMatches } from "~/lib/storefront-meta";
import { getProduct, relatedProducts } from "~/server/catalog.server";
import type { Route } from "./+types/product";

export const RELATED_LIMIT = 4;
const META_DESCRIPTION_LENGTH = 155;

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : null;
  const product = id === null ? null : await getProduct(context.db, id);
  // Unknown, removed or mistyped products: the list is the most useful place to land (spec section 2).
  if (!product) throw redirect("/produtos");
  // Not awaited: the related products stream in after the page.
  return { product, related: relatedProducts(context.db, product, RELATED_LIMIT) };
}

/** Cut at a word boundary so search results and share previews do not end mid-word. */
function metaDescription(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= META_DESCRIPTION_LENGTH) return clean;
  const cut = clean.slice(0, META_DESCRIPTION_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[,.;:]$/, "")}…`;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const shell = shellFromMatches(matches);
  // Only an unexpected error (shown by an error boundary) leaves no loader data.
  const product = loaderData?.product;
  if (!product) return pageMeta({ title: "Produto", description: "", siteName: shell?.settings.storeName });
  const cover = product.images[0];
  const tags = pageMeta({
    title: product.name,
    description: metaDescription(product.description),
    url: shell ? `${shell.origin}${productPath(product.id)}` : undefined,
    image: shell && cover ? `${shell.origin}${shareImageUrl(cover)}` : undefined,
    type: "product",
    siteName: shell?.settings.storeName,
  });
  if (product.priceCents !== null) {
    tags.push(
      { property: "product:price:amount", content: decimalPrice(product.priceCents) },
      { property: "product:price:currency", content: "BRL" },
    );
  }
  return tags;
}

export default function Product({ loaderData }: Route.ComponentProps) {
  // Keyed by id: moving to a related product starts with fresh choices and the first photo.
  return <ProductDetail key={loaderData.product.id} product={loaderData.product} related={loaderData.related} />;
}
