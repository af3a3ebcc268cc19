import { useRouteLoaderData } from "react-router";

/**
 * The base of image URLs the root loader sends (MEDIA_URL, or undefined for the app's /media): read
 * from its data rather than provided through a context, which would cost every page's JavaScript more.
 */
export function useMediaUrl(): string | undefined {
  return (useRouteLoaderData("root") as { mediaUrl?: string } | undefined)?.mediaUrl;
}
