import { STOREFRONT_LAYOUT_ID, type StorefrontShell } from "./storefront-shell";
import { DEFAULT_MEDIA_URL } from "./images";

/** The storefront layout's data as seen from a child route's `meta` function. */
export function shellFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): StorefrontShell | undefined {
  return matches.find((match) => match?.id === STOREFRONT_LAYOUT_ID)?.loaderData as StorefrontShell | undefined;
}

/** The root loader's base of image URLs (MEDIA_URL, or /media) as seen from a route's `meta` function. */
export function mediaUrlFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { mediaUrl?: string } | undefined;
  return root?.mediaUrl ?? DEFAULT_MEDIA_URL;
}
