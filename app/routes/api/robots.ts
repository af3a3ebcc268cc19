import { publicOrigin } from "~/server/group/storefront-shell.server";
import type { Route } from "./+types/robots";

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(context.config, request);
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
