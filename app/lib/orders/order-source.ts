// Where an order came from, for the reports (issue 26): the first page of the visit says it in its
// link (?utm_source=whatsapp on the product page's share link, qr on the shop window's QR codes, the
// feeds' meta and google) or in its referrer (a Google search, Instagram). The browser keeps that hint
// with the cart and sends it with the order; the server reads it into one of a fixed list, anything
// else being "direto". rememberOrderSource runs on every page (app/root.tsx, in the shell chunk): it
// stays a few lines (the catalogue pages' JavaScript budget); the reading of the hint is the server's.

/** localStorage key of the hint (beside the cart's); the order forms send it as the field `source`. */
export const ORDER_SOURCE_KEY = "erick_origem";

/**
 * On each page load (not on moves inside the site, which load no document): the link's utm_source,
 * else the referrer when it is another site, is kept for the order. A page that says nothing keeps
 * what an earlier page said.
 */
export function rememberOrderSource() {
  try {
    const hint = new URLSearchParams(location.search).get("utm_source") || document.referrer;
    if (hint && !hint.startsWith(location.origin)) localStorage.setItem(ORDER_SOURCE_KEY, hint);
  } catch {
    // No storage (private mode, blocked): the order counts as direct.
  }
}

/** The hint rememberOrderSource kept, for the order forms' hidden field `source` (rendered in the browser only). */
export function orderSourceHint(): string | undefined {
  try {
    return localStorage.getItem(ORDER_SOURCE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export const ORDER_SOURCES = ["whatsapp", "qr", "google", "instagram", "direto"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const ORDER_SOURCE_LABELS: Record<OrderSource, string> = {
  whatsapp: "WhatsApp (link compartilhado)",
  qr: "QR code (vitrine)",
  google: "Google",
  instagram: "Instagram e Facebook",
  direto: "Direto",
};

/** utm_source values of the shop's own links (the feeds' meta: the Meta catalogue, shown on Instagram and Facebook). */
const UTM_SOURCES: Record<string, OrderSource> = {
  whatsapp: "whatsapp",
  qr: "qr",
  google: "google",
  instagram: "instagram",
  facebook: "instagram",
  meta: "instagram",
};

/** Referrers by their host name: Google's in any country (www.google.com.br), Instagram's and Facebook's link pages. */
const REFERRER_SITES: [RegExp, OrderSource][] = [
  [/(^|\.)google(\.[a-z]{2,3}){1,2}$/, "google"],
  [/(^|\.)(instagram\.com|facebook\.com|fb\.com)$/, "instagram"],
  [/(^|\.)(whatsapp\.com|wa\.me)$/, "whatsapp"],
];

/** Longer than any referrer worth reading (Instagram's link page carries the whole target address). */
const HINT_MAX_LENGTH = 2_000;

/**
 * The order's source from what the browser sent (a utm_source, or a referrer's address): one of
 * ORDER_SOURCES, and "direto" for anything else (nothing, a site not on the list, a forged value).
 */
export function orderSourceOf(hint: unknown): OrderSource {
  if (typeof hint !== "string" || hint.length > HINT_MAX_LENGTH) return "direto";
  const value = hint.trim().toLowerCase();
  if (Object.hasOwn(UTM_SOURCES, value)) return UTM_SOURCES[value]!;
  const host = URL.canParse(value) ? new URL(value).hostname : "";
  return REFERRER_SITES.find(([site]) => site.test(host))?.[1] ?? "direto";
}
