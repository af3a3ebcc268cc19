import { data, redirect, useSearchParams } from "react-router";
import { StoresView } from "~/components/stores/stores-view";
import { parseContactForm } from "~/lib/stores/contact.schema";
import { pageMeta } from "~/lib/pages/meta";
import { parseStoreFilters } from "~/lib/stores/store-filters";
import { shellFromMatches } from "~/lib/pages/storefront-meta";
import { whatsappLink } from "~/lib/orders/whatsapp";
import { contactMessage } from "~/lib/stores/contact-form";
import { readFormData } from "~/server/requests/form-data.server";
import { getSettings } from "~/server/group/settings.server";
import type { Route } from "./+types/stores";
import type { CachedPageHandle } from "~/lib/pages/page-caching";

/** Only reached without JavaScript (the form opens WhatsApp by itself otherwise): same schema, then WhatsApp. */
// Kept by the page cache (the stores change with the settings, which make every page stale).
export const handle = { pageCache: {} } satisfies CachedPageHandle;

export async function action({ request, context }: Route.ActionArgs) {
  const result = parseContactForm(await readFormData(request));
  if (!result.ok) return data(result, { status: 400 });
  const settings = await getSettings(context.db);
  return redirect(whatsappLink(settings.storeWhatsApp, contactMessage(result.data)));
}

export function meta({ matches }: Route.MetaArgs) {
  const shell = shellFromMatches(matches);
  return pageMeta({
    title: "Nossas Lojas",
    description:
      "Endereços, telefones, horários e mapas das lojas Erick em Barreiros e Sirinhaém (PE): calçados, variedades, magazine e kids e sports.",
    url: shell ? `${shell.origin}/lojas` : undefined,
    image: shell?.shareImages.group,
    siteName: shell?.settings.storeName,
  });
}

export default function Stores() {
  // The filters live in the URL; the stores come with the layout, so no loader and no round trip per change.
  const [searchParams] = useSearchParams();
  // The contact form reads the action's answer itself (it is an island: components/ui/form-island.tsx).
  return <StoresView requestedFilters={parseStoreFilters(searchParams)} />;
}
