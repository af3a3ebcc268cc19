import { Suspense } from "react";
import { lazyExport } from "~/components/ui/lazy-export";
import { Link } from "react-router";
import { useStorefront } from "~/components/layout/use-storefront";
import { Price } from "~/components/product/price";
import { JsonLd } from "~/components/ui/json-ld";
import type { ProductCardData } from "~/lib/catalog/catalog";
import { formatBRL, instalmentCents } from "~/lib/format/money";
import { productPath, shopPath } from "~/lib/pages/navigation";
import { formatAverage, reviewCountLabel } from "~/lib/catalog/review-form";
import { jsonLdHtml, productJsonLd } from "~/lib/pages/structured-data";
import type { ProductDetail as Product } from "~/lib/catalog/catalog";
import { Breadcrumb } from "./breadcrumb";
import { DeliveryNotes } from "./delivery-notes";
import { FavoriteButton } from "./favorite-button";
import { Gallery } from "./gallery";
import { ProductSpecs } from "./product-specs";
import { ProductTabs } from "./product-tabs";
import { PurchasePanel } from "./purchase-panel";
import { RatingStars } from "./rating-stars";
import { RelatedProducts } from "./related-products";
import type { ReviewsProps } from "./reviews-section";
import { ShareButton } from "./share-button";
import { UTM_SOURCE_PARAM } from "~/lib/channels/channels";
import type { SizeGuide } from "./size-guide-data";
import { useMediaUrl } from "../media-url";

/** The whole detail page: photos on top on a phone, beside the buying column on a desktop. */
/**
 * The reviews (a hidden tab, with its form) are rendered by the server but their code is not part of
 * the page's first load: the browser hydrates them when their chunk arrives, showing the server's HTML
 * meanwhile.
 */
const ReviewsSection = lazyExport(() => import("./reviews-section"), "ReviewsSection");

export function ProductDetail({
  product,
  sizeGuide,
  related,
  reviews,
}: {
  product: Product;
  /** Null when the product has no sizes. */
  sizeGuide: SizeGuide | null;
  related: Promise<ProductCardData[]>;
  reviews: Omit<ReviewsProps, "productId">;
}) {
  const rating = reviews.summary;
  const { settings, origin } = useStorefront();
  const mediaUrl = useMediaUrl();
  const url = `${origin}${productPath(product.id)}`;
  const instalments = settings.maxInstallments;

  return (
    <div className="container-page py-4 sm:py-6">
      <JsonLd key={product.id} html={import.meta.env.SSR ? jsonLdHtml(productJsonLd(product, origin, rating, mediaUrl)) : null} />
      <Breadcrumb
        crumbs={[
          { label: "Início", to: "/" },
          { label: "Produtos", to: "/produtos" },
          { label: product.shop.name, to: shopPath(product.shop.slug) },
          { label: product.name },
        ]}
      />

      <div className="mt-4 grid gap-6 lg:grid-cols-2 lg:gap-10">
        <Gallery images={product.images} productName={product.name} soldOut={!product.inStock} />

        <div className="space-y-5">
          <ProductHeading product={product} rating={rating} url={url} />

          <div>
            <Price
              priceCents={product.priceCents}
              oldPriceCents={product.oldPriceCents}
              discountPercent={product.discountPercent}
              size="lg"
            />
            {product.priceCents !== null && instalments > 1 ? (
              <p className="mt-1 text-sm text-slate-700">
                em até {instalments}x de {formatBRL(instalmentCents(product.priceCents, instalments))} sem juros
              </p>
            ) : null}
            {product.priceCents === null ? (
              <p className="mt-2 text-sm text-slate-700">Fale com a loja pelo WhatsApp para saber o preço.</p>
            ) : null}
          </div>

          <p className="text-slate-700">{product.description}</p>

          <PurchasePanel product={product} url={url} sizeGuide={sizeGuide} pickupTowns={product.pickupTowns} />
          <DeliveryNotes />
        </div>
      </div>

      <div className="mt-10">
        <ProductTabs
          label="Informações do produto"
          tabs={[
            {
              id: "descricao",
              label: "Descrição",
              content: <p className="max-w-3xl whitespace-pre-line text-slate-700">{product.description}</p>,
            },
            { id: "especificacoes", label: "Especificações", content: <ProductSpecs product={product} /> },
            {
              id: "avaliacoes",
              label: rating ? `Avaliações (${rating.count})` : "Avaliações",
              content: (
                <Suspense fallback={<p className="text-slate-600">Carregando avaliações…</p>}>
                  <ReviewsSection productId={product.id} {...reviews} />
                </Suspense>
              ),
            },
          ]}
        />
      </div>

      <RelatedProducts products={related} />
    </div>
  );
}

/** Shop, name and rating of the product, with the buttons that keep it as a favourite or share it. */
function ProductHeading({ product, rating, url }: { product: Product; rating: ReviewsProps["summary"]; url: string }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div>
        <Link to={shopPath(product.shop.slug)} className="text-sm font-semibold uppercase tracking-wide text-brand-700 hover:underline">
          {product.shop.name}
        </Link>
        <h1 className="mt-1 text-2xl font-bold leading-tight sm:text-3xl">{product.name}</h1>
        {rating ? (
          <a href="#avaliacoes" className="mt-1 inline-flex items-center gap-1.5 text-sm text-slate-700 hover:underline" data-testid="rating-summary">
            <RatingStars rating={rating.average} label={`Nota média ${formatAverage(rating.average)} de 5`} />
            <span>
              {formatAverage(rating.average)} ({reviewCountLabel(rating.count)})
            </span>
          </a>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2">
        <FavoriteButton productId={product.id} />
        {/* Shared mostly on WhatsApp: the reports count the visits and orders the link brings. */}
        <ShareButton title={product.name} text={`${product.name} - ${product.shop.name}`} url={`${url}?${UTM_SOURCE_PARAM}=whatsapp`} />
      </div>
    </div>
  );
}
