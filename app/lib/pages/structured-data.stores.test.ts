import { describe, expect, it } from "vitest";
import { jsonLdHtml, organizationJsonLd, storeListJsonLd } from "./structured-data";
import { DEFAULT_SETTINGS } from "../group/settings.schema";

const origin = "https://loja.example";
const location = {
  slug: "sirinhaem-calcados",
  name: "Erick Calçados Sirinhaém",
  city: "Sirinhaém",
  address: "Rua Siqueira Campos, 120, Centro, Sirinhaém - PE",
  phone: "(81) 3577-1995",
  instagram: "@erickcalcados",
  lat: -8.5907,
  lng: -35.1163,
};

describe("storeListJsonLd", () => {
  it("lists each store with its address, map, page anchor and parent organisation", () => {
    const data = storeListJsonLd(DEFAULT_SETTINGS, [location], origin);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "ItemList",
      url: "https://loja.example/lojas",
      numberOfItems: 1,
    });
    expect(data.itemListElement[0]).toEqual({
      "@type": "ListItem",
      position: 1,
      item: {
        "@type": "Store",
        "@id": "https://loja.example/lojas#sirinhaem-calcados",
        url: "https://loja.example/lojas#sirinhaem-calcados",
        name: "Erick Calçados Sirinhaém",
        telephone: "(81) 3577-1995",
        address: {
          "@type": "PostalAddress",
          streetAddress: "Rua Siqueira Campos, 120, Centro, Sirinhaém - PE",
          addressLocality: "Sirinhaém",
          addressRegion: "PE",
          addressCountry: "BR",
        },
        geo: { "@type": "GeoCoordinates", latitude: -8.5907, longitude: -35.1163 },
        openingHours: "Mo-Sa 08:00-18:00",
        hasMap: "https://www.google.com/maps/search/?api=1&query=-8.5907,-35.1163",
        sameAs: ["https://www.instagram.com/erickcalcados/"],
        parentOrganization: { "@type": "Organization", name: "Grupo Erick", url: origin },
      },
    });
  });

  it("describes the stores the same way as the organisation's departments", () => {
    const { item } = storeListJsonLd(DEFAULT_SETTINGS, [location], origin).itemListElement[0]!;
    const department = organizationJsonLd(DEFAULT_SETTINGS, [location], origin).department[0]!;
    expect(item).toMatchObject(department);
  });

  it("serialises to valid JSON", () => {
    const html = jsonLdHtml(storeListJsonLd(DEFAULT_SETTINGS, [{ ...location, name: "</script>" }], origin));
    expect(JSON.parse(html).itemListElement[0].item.name).toBe("</script>");
  });
});
