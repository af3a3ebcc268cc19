import { useStorefront } from "~/components/layout/use-storefront";
import { ClockIcon, MailIcon, PhoneIcon } from "~/components/ui/icons";
import { JsonLd } from "~/components/ui/json-ld";
import type { ContactFieldErrors, ContactFormValues } from "~/lib/contact-form";
import { telHref } from "~/lib/phone";
import { filterStoreLocations, resolveStoreFilters, storeFilterOptions, type StoreFilters } from "~/lib/store-filters";
import { jsonLdHtml, storeListJsonLd } from "~/lib/structured-data";
import { ContactForm } from "./contact-form";
import { StoreCard } from "./store-card";
import { StoreFilterForm } from "./store-filter-form";
import { StoresHero } from "./stores-hero";

/** The /lojas page: the layout already loaded the stores, so filtering happens here, on both sides. */
export function StoresView({
  requestedFilters,
  contactErrors,
  contactValues,
}: {
  requestedFilters: StoreFilters;
  contactErrors?: ContactFieldErrors;
  contactValues?: ContactFormValues;
}) {
  const { settings, locations, origin } = useStorefront();
  const filters = resolveStoreFilters(requestedFilters, locations);
  const { cities, categories } = storeFilterOptions(locations);
  const shown = filterStoreLocations(locations, filters);

  return (
    <>
      <StoresHero settings={settings} storeCount={locations.length} />

      <section aria-labelledby="encontre-loja" className="container-page py-10">
        <h2 id="encontre-loja" className="text-2xl font-bold">
          Encontre a loja mais perto de você
        </h2>
        <div className="mt-4">
          <StoreFilterForm filters={filters} cities={cities} categories={categories} />
        </div>
        <p className="mt-4 text-sm text-slate-600" role="status" data-testid="store-count">
          {shown.length === 1 ? "1 loja encontrada" : `${shown.length} lojas encontradas`}
        </p>
        {shown.length ? (
          <div className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((location) => (
              <StoreCard key={location.id} location={location} groupWhatsApp={settings.storeWhatsApp} />
            ))}
          </div>
        ) : (
          <div className="mt-4 rounded-xl border border-dashed border-slate-300 p-10 text-center">
            <p className="text-lg font-semibold">Nenhuma loja encontrada</p>
            <p className="mt-1 text-sm text-slate-600">Tente outra cidade ou categoria.</p>
          </div>
        )}
      </section>

      <section aria-labelledby="fale-conosco" className="border-t border-slate-200 py-10">
        <div className="container-page grid gap-8 lg:grid-cols-[1fr_2fr]">
          <div>
            <h2 id="fale-conosco" className="text-2xl font-bold">
              Fale Conosco
            </h2>
            <p className="mt-2 text-slate-600">
              Tire dúvidas sobre produtos, tamanhos, entregas ou horários. Sua mensagem abre no WhatsApp, pronta para enviar.
            </p>
            <ul className="mt-6 space-y-3 text-sm">
              <li>
                <a href={telHref(settings.storePhone)} className="flex items-center gap-2 hover:underline">
                  <PhoneIcon className="h-4 w-4 text-brand-700" />
                  {settings.storePhone}
                </a>
              </li>
              <li>
                <a href={`mailto:${settings.storeEmail}`} className="flex items-center gap-2 break-all hover:underline">
                  <MailIcon className="h-4 w-4 shrink-0 text-brand-700" />
                  {settings.storeEmail}
                </a>
              </li>
              <li className="flex items-center gap-2">
                <ClockIcon className="h-4 w-4 text-brand-700" />
                {settings.businessHours}
              </li>
            </ul>
          </div>
          <ContactForm
            whatsappNumber={settings.storeWhatsApp}
            storeNames={locations.map((location) => location.name)}
            serverErrors={contactErrors}
            serverValues={contactValues}
          />
        </div>
      </section>

      <JsonLd html={import.meta.env.SSR ? jsonLdHtml(storeListJsonLd(settings, locations, origin)) : null} />
    </>
  );
}
