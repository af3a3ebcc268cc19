import { listProductIdsForSitemap, listShops } from "~/server/catalog/products.server";
import { shopPublicOrigin } from "~/server/group/public-origin.server";
import { mainNav, productPath } from "~/lib/pages/navigation";
import type { Route } from "./+types/sitemap";

function escapeXml(text: string) {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export async function loader({ context }: Route.LoaderArgs) {
  const origin = await shopPublicOrigin(context);
  const [shops, products] = await Promise.all([listShops(context.db), listProductIdsForSitemap(context.db)]);
  const urls = [
    ...mainNav(shops).map((item) => `<url><loc>${escapeXml(`${origin}${item.to}`)}</loc></url>`),
    ...products.map(
      (product) =>
        `<url><loc>${escapeXml(`${origin}${productPath(product.id)}`)}</loc><lastmod>${product.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
