// CSRF: one rule for the whole server. A page, action, fetcher or resource route (Better Auth's
// /api/auth/* included) never runs a write that another site's page sent with the visitor's cookies.
import type { NextFunction, Request, Response } from "express";

/** Methods that change nothing; every other method is a write. */
const SAFE_METHODS = new Set(["GET", "HEAD"]);

export const CROSS_SITE_REFUSAL = "Pedido recusado: este formulário foi enviado por outro site. Volte à loja e tente de novo.";

/**
 * Whether a write came from another site. Browsers say where a request comes from in Sec-Fetch-Site
 * and Origin; a request with neither (not a browser: curl, a monitoring script) carries no victim's
 * cookies, so it may pass. `Origin: null` (sandboxed frames, some redirects) passes only when the
 * browser also vouches that it is same-origin. The Host header is compared, not the URL's scheme:
 * behind a TLS proxy the scheme the app sees may differ from the page's.
 */
export function isCrossSiteWrite(
  method: string,
  header: (name: "origin" | "sec-fetch-site" | "host") => string | undefined,
  publicUrl: string | undefined,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const site = header("sec-fetch-site");
  const origin = header("origin");
  if (site === "cross-site") return true;
  if (!origin) return false;
  if (origin === "null") return site !== "same-origin";
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const publicHost = publicUrl ? new URL(publicUrl).host : null;
  return originHost !== header("host") && originHost !== publicHost;
}

/** Express middleware: a cross-site write gets a 403 with a short pt-BR text and no handler runs. */
export function refuseCrossSiteWrites({ publicUrl }: { publicUrl: string | undefined }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isCrossSiteWrite(req.method, (name) => req.get(name), publicUrl)) return next();
    res.status(403).type("text/plain; charset=utf-8").send(CROSS_SITE_REFUSAL);
  };
}
