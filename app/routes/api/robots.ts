import { shopPublicOrigin } from "~/server/group/public-origin.server";
import type { Route } from "./+types/robots";

export async function loader({ context }: Route.LoaderArgs) {
  const origin = await shopPublicOrigin(context);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /carrinho",
    "Disallow: /checkout",
    "Disallow: /conta",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
