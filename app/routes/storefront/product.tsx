import { data, isRouteErrorResponse, redirect } from "react-router";
import { ProductUnavailable, type UnavailableProductView } from "~/components/product/detail/product-unavailable";
import { actionRefusal } from "~/lib/forms/action-result";
import { ProductDetail } from "~/components/product/detail/product-detail";
import { sizeGuideFor } from "~/components/product/detail/size-guide-data";
import { productCardData } from "~/lib/catalog/catalog";
import { fieldErrors, formValues } from "~/lib/forms/form-errors";
import { shareImageUrl } from "~/lib/catalog/images";
import { pageMeta } from "~/lib/pages/meta";
import { decimalPrice } from "~/lib/format/money";
import { productPath } from "~/lib/pages/navigation";
import { parseId } from "~/lib/forms/ids";
import { reviewSchema, reviewVisibilitySchema } from "~/lib/catalog/review.schema";
import { loginPath } from "~/lib/pages/safe-redirect";
import { shellFromMatches } from "~/lib/pages/storefront-meta";
import { getCurrentUser, requireStaffPermission } from "~/server/auth/guards.server";
import { getProduct, productsLike, relatedProducts, unavailableProduct } from "~/server/catalog/products.server";
import { readFormData } from "~/server/requests/form-data.server";
import { getRatingSummary, listReviews, saveReview, setReviewHidden } from "~/server/catalog/reviews.server";
import { personalViewFor } from "~/components/layout/personal-view";
import { sessionCookieSent } from "~/lib/account/personal-view";
import type { ReviewViewer } from "~/components/product/detail/reviews-section";
import type { Route } from "./+types/product";
import type { CachedPageHandle } from "~/lib/pages/page-caching";
import { COLOR_PARAM, SIZE_PARAM } from "~/lib/channels/channels";

// Kept by the page cache, stale when its product (or one it links) changes; one page per product,
// whatever size and colour a link names (the purchase panel applies them in the browser).
export const handle = { pageCache: { productParam: "id", browserParams: [SIZE_PARAM, COLOR_PARAM] } } satisfies CachedPageHandle;

export const RELATED_LIMIT = 4;
const META_DESCRIPTION_LENGTH = 155;

/** Where a review form comes back to: the Avaliações tab. */
const REVIEWS_HASH = "#avaliacoes";

/**
 * The same for every shopper (the page cache serves it to all): the shopper's own review and the
 * staff's view of hidden reviews come in the browser, from /api/eu (clientLoader below).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = parseId(params.id);
  // In parallel: the product and its rating (one aggregate query).
  const [product, summary = null] = id === null ? [null] : await Promise.all([getProduct(context.db, id), getRatingSummary(context.db, id)]);
  // Unknown, removed or mistyped: "Produto indisponível" with products like it (the ErrorBoundary below),
  // 410 for one that was on sale (search engines drop it), 404 for one that never was.
  if (!product) {
    const { removed, category } = await unavailableProduct(context.db, id);
    const similar = (await productsLike(context.db, category, RELATED_LIMIT, context.categoryNewestCache)).map(productCardData);
    throw data({ removed, similar } satisfies UnavailableProductView, { status: removed ? 410 : 404 });
  }
  return {
    product,
    // Only this product's table, built here: the size tables stay out of the page's JavaScript.
    sizeGuide: product.sizes.length > 0 ? sizeGuideFor(product) : null,
    // Not awaited: the related products and the review list stream in after the page.
    related: relatedProducts(context.db, product, RELATED_LIMIT, context.categoryNewestCache).then((list) => list.map(productCardData)),
    reviews: listReviews(context.db, product.id),
    summary,
    viewer: null as ReviewViewer,
    reviewSaved: new URL(request.url).searchParams.get("avaliacao") === "salva",
    // The share preview's picture, at MEDIA_URL or /media: made here, so the page's JavaScript does not carry it.
    shareImage: product.images[0] ? shareImageUrl(product.images[0], context.config.mediaUrl) : null,
  };
}

/** After hydration and each review sent: the shopper's own review, and for staff the hidden ones too. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const [page, { product: personal }] = await Promise.all([serverLoader(), personalViewFor(request)]);
  if (!personal) return page;
  const viewer: ReviewViewer = { isAdmin: personal.isAdmin, ownReview: personal.ownReview };
  return { ...page, viewer, reviews: personal.staffReviews ? Promise.resolve(personal.staffReviews) : page.reviews };
}
// Only a page asked for with a session cookie has someone's review to show (lib/personal-view.ts).
clientLoader.hydrate = sessionCookieSent();

/** intent=review: a signed-in shopper's review (new or edited); intent=hide-review: staff who manage products. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = parseId(params.id);
  if (id === null) throw new Response("Produto não encontrado.", { status: 404 });
  const values = formValues(await readFormData(request));

  if (values.intent === "hide-review") {
    // Moderating reviews is product work: a role without "products" (Vendedor) gets the 403.
    const admin = await requireStaffPermission(request, context, "products");
    const parsed = reviewVisibilitySchema.safeParse(values);
    if (!parsed.success) throw new Response("Pedido inválido.", { status: 400 });
    const found = await setReviewHidden(context.db, { productId: id, ...parsed.data }, admin);
    if (!found) throw new Response("Avaliação não encontrada.", { status: 404 });
    return redirect(`${productPath(id)}${REVIEWS_HASH}`);
  }

  if (values.intent === "review") {
    const user = await getCurrentUser(request, context);
    if (!user) throw redirect(loginPath(productPath(id)));
    const parsed = reviewSchema.safeParse(values);
    if (!parsed.success) return data(actionRefusal(fieldErrors(parsed.error)), { status: 400 });
    const saved = await saveReview(context.db, { ...parsed.data, productId: id, userId: user.id });
    if (!saved) throw redirect("/produtos");
    return redirect(`${productPath(id)}?avaliacao=salva${REVIEWS_HASH}`);
  }

  throw new Response("Pedido inválido.", { status: 400 });
}

/** Cut at a word boundary so search results and share previews do not end mid-word. */
function metaDescription(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= META_DESCRIPTION_LENGTH) return clean;
  const cut = clean.slice(0, META_DESCRIPTION_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[,.;:]$/, "")}…`;
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  const shell = shellFromMatches(matches);
  // Only an unexpected error (shown by an error boundary) leaves no loader data.
  const product = loaderData?.product;
  if (!product) {
    const title = isRouteErrorResponse(error) ? "Produto indisponível" : "Produto";
    return [...pageMeta({ title, description: "", siteName: shell?.settings.storeName }), { name: "robots", content: "noindex" }];
  }
  const tags = pageMeta({
    title: product.name,
    description: metaDescription(product.description),
    url: shell ? `${shell.origin}${productPath(product.id)}` : undefined,
    // Relative (/media/…) or already absolute (MEDIA_URL): either way what previews need.
    image: shell && loaderData.shareImage ? new URL(loaderData.shareImage, shell.origin).href : (shell?.shareImages.shops[product.shop.slug] ?? shell?.shareImages.group),
    type: "product",
    siteName: shell?.settings.storeName,
  });
  if (product.priceCents !== null) {
    tags.push(
      { property: "product:price:amount", content: decimalPrice(product.priceCents) },
      { property: "product:price:currency", content: "BRL" },
    );
  }
  tags.push({ property: "product:availability", content: product.inStock ? "in stock" : "out of stock" });
  return tags;
}

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  const { product, sizeGuide, related, reviews, summary, viewer, reviewSaved } = loaderData;
  // Keyed by id: moving to a related product starts with fresh choices and the first photo.
  return (
    <ProductDetail
      key={product.id}
      product={product}
      sizeGuide={sizeGuide}
      related={related}
      reviews={{ summary, reviews, viewer, result: actionData, saved: reviewSaved }}
    />
  );
}

/** A product that is not (or no longer) on sale: the loader's 404 or 410, with products like it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || (error.status !== 404 && error.status !== 410) || !error.data?.similar) throw error;
  return <ProductUnavailable {...(error.data as UnavailableProductView)} />;
}
