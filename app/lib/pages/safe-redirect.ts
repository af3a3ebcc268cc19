import { loginLink } from "./login-link";

/**
 * `value` when it is a path on this site ("/produtos?q=x"), else `fallback`. Anything that a browser
 * could read as another origin is refused: "//evil.com" and "/\evil.com" (protocol-relative),
 * "https://…", "javascript:…", and control characters that browsers strip before resolving.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    // Resolved against a throwaway origin, a same-site path keeps it.
    const base = "http://same-site.invalid";
    const resolved = new URL(value, base);
    if (resolved.origin !== base) return fallback;
    // Percent-encoded as the URL parser does ("/produtos?q=☕" → "/produtos?q=%E2%98%95"): a Location
    // header carries only Latin-1, and the browser decodes it back to the same page.
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return fallback;
  }
}

/** `/login?redirectTo=…` for coming back to `path` after signing in (any path: checked here first). */
export function loginPath(path: string): string {
  return loginLink(safeRedirectPath(path, ""));
}
