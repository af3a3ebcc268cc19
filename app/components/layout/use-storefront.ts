import { useRouteLoaderData } from "react-router";
import { STOREFRONT_LAYOUT_ID, type StorefrontView } from "~/lib/pages/storefront-shell";

/** Settings, shops and store locations loaded once by the storefront layout, and who is signed in. */
export function useStorefront(): StorefrontView {
  const data = useRouteLoaderData<StorefrontView>(STOREFRONT_LAYOUT_ID);
  if (!data) throw new Error("useStorefront: outside the storefront layout");
  return data;
}
