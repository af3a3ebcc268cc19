import { FOUNDED_YEAR, instagramUrl, type Settings } from "./settings";

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
    department: locations.map((location) => ({
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
    })),
  };
}

/** Serialises JSON-LD so that no text inside it can close the script element. */
export function jsonLdHtml(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
