import type { MetaDescriptor } from "react-router";

type PageMetaInput = {
  title: string;
  description: string;
  /** Absolute URL of the page, for canonical and Open Graph. */
  url?: string;
  /** Absolute URL of a 1200×630 JPEG for share previews. */
  image?: string;
  type?: "website" | "product";
  siteName?: string;
};

/** Title, description and Open Graph tags, so every page previews well on WhatsApp and in search. */
export function pageMeta({ title, description, url, image, type = "website", siteName = "Grupo Erick" }: PageMetaInput): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: `${title} | ${siteName}` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "pt_BR" },
  ];
  if (url) tags.push({ property: "og:url", content: url }, { tagName: "link", rel: "canonical", href: url });
  if (image) {
    tags.push(
      { property: "og:image", content: image },
      { property: "og:image:type", content: "image/jpeg" },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { name: "twitter:card", content: "summary_large_image" },
    );
  }
  return tags;
}
