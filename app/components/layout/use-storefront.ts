import { useRouteLoaderData } from "react-router";
import type { StorefrontShell } from "~/server/shop/storefront-shell.server";

export const STOREFRONT_LAYOUT_ID = "routes/storefront/layout";

/** Settings, shops and store locations loaded once by the storefront layout. */
export function useStorefront(): StorefrontShell {
  const data = useRouteLoaderData(STOREFRONT_LAYOUT_ID) as StorefrontShell | undefined;
  if (!data) throw new Error("useStorefront must be used inside the storefront layout");
  return data;
}
