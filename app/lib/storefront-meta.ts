import type { StorefrontShell } from "~/server/shop/storefront-shell.server";

const LAYOUT_ID = "routes/storefront/layout";

/** The storefront layout's data as seen from a child route's `meta` function. */
export function shellFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): StorefrontShell | undefined {
  return matches.find((match) => match?.id === LAYOUT_ID)?.loaderData as StorefrontShell | undefined;
}
