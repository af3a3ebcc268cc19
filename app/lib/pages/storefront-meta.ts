import { STOREFRONT_LAYOUT_ID, type StorefrontShell } from "./storefront-shell";

/** The storefront layout's data as seen from a child route's `meta` function. */
export function shellFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): StorefrontShell | undefined {
  return matches.find((match) => match?.id === STOREFRONT_LAYOUT_ID)?.loaderData as StorefrontShell | undefined;
}

