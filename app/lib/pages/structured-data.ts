import type { ImageRef } from "../catalog/catalog";
import { absoluteImageUrl, DEFAULT_MEDIA_URL, imageUrl } from "../catalog/images";
import { decimalPrice } from "../format/money";
import { productPath } from "./navigation";
import { FOUNDED_YEAR, instagramUrl, type Settings } from "../group/settings";

type LocationLike = { name: string; address: string; phone: string; lat: number; lng: number; city: string };

/** schema.org Organization with its stores, for search engines (footer and /lojas). */
export function organizationJsonLd(settings: Settings, locations: LocationLike[], origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: settings.storeName,
    url: origin,
    logo: `${origin}/favicon.svg`,
    email: settings.storeEmail,
    telephone: settings.storePhone,
    foundingDate: String(FOUNDED_YEAR),
    sameAs: [settings.facebook, instagramUrl(settings.instagram)],
    department: locations.map(storeNode),
  };
}

function storeNode(location: LocationLike) {
  return {
    "@type": "Store",
    name: location.name,
    telephone: location.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: location.address,
      addressLocality: location.city,
      addressRegion: "PE",
      addressCountry: "BR",
    },
    geo: { "@type": "GeoCoordinates", latitude: location.lat, longitude: location.lng },
    openingHours: "Mo-Sa 08:00-18:00",
  };
}

/**
 * The stores page's own list: each store as a LocalBusiness with its map link and parent organisation.
 * The footer's Organization already lists them as departments; this one ties them to /lojas.
 */
export function storeListJsonLd(
  settings: Pick<Settings, "storeName">,
  locations: (LocationLike & { slug: string; instagram?: string })[],
  origin: string,
) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: "Nossas Lojas",
    url: `${origin}/lojas`,
    numberOfItems: locations.length,
    itemListElement: locations.map((location, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: {
        ...storeNode(location),
        "@id": `${origin}/lojas#${location.slug}`,
        url: `${origin}/lojas#${location.slug}`,
        hasMap: `https://www.google.com/maps/search/?api=1&query=${location.lat},${location.lng}`,
        ...(location.instagram ? { sameAs: [instagramUrl(location.instagram)] } : {}),
        parentOrganization: { "@type": "Organization", name: settings.storeName, url: origin },
      },
    })),
  };
}

type ProductLike = {
  id: number;
  name: string;
  description: string;
  category: string;
  brand: string;
  priceCents: number | null;
  inStock: boolean;
  images: Pick<ImageRef, "key" | "widths">[];
};

/**
 * schema.org Product for the detail page, so search results can show price and availability. A
 * product without a published price ('Consultar Preço') gets an offer without a price; one with
 * reviews gets their average and count.
 */
export function productJsonLd(product: ProductLike, origin: string, rating: { average: number; count: number } | null = null, mediaUrl = DEFAULT_MEDIA_URL) {
  const url = `${origin}${productPath(product.id)}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: product.images.map((image) => absoluteImageUrl(origin, imageUrl(image, Math.max(...image.widths), mediaUrl))),
    sku: String(product.id),
    category: product.category || undefined,
    brand: product.brand ? { "@type": "Brand", name: product.brand } : undefined,
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "BRL",
      price: product.priceCents === null ? undefined : decimalPrice(product.priceCents),
      availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
    aggregateRating:
      rating && rating.count > 0
        ? {
            "@type": "AggregateRating",
            ratingValue: Math.round(rating.average * 10) / 10,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          }
        : undefined,
  };
}

/** Serialises JSON-LD so that no text inside it can close the script element. */
export function jsonLdHtml(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
