import { useRouteLoaderData } from "react-router";
import { STOREFRONT_LAYOUT_ID, type StorefrontShell } from "~/lib/storefront-shell";

/** Settings, shops and store locations loaded once by the storefront layout. */
export function useStorefront(): StorefrontShell {
  const data = useRouteLoaderData<StorefrontShell>(STOREFRONT_LAYOUT_ID);
  if (!data) throw new Error("useStorefront must be used inside the storefront layout");
  return data;
}
