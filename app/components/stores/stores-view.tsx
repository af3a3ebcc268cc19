import { useStorefront } from "~/components/layout/use-storefront";
import { FormIsland } from "~/components/ui/form-island";
import { ServerIsland } from "~/components/ui/server-island";
import { filterStoreLocations, resolveStoreFilters, storeFilterOptions, type StoreFilters } from "~/lib/stores/store-filters";
import { StoreFilterForm } from "./store-filter-form";

// The opening and the contact details need no code in the browser: the server's markup, not hydrated
// (components/ui/server-island.tsx).
const loadHero = () => import("./stores-hero").then((module) => module.StoresHero);
const loadContactDetails = () => import("./contact-details").then((module) => module.ContactDetails);
// The contact form, below the stores, is the server's markup until the shopper starts it.
const loadContactForm = () => import("./contact-form").then((module) => module.ContactForm);
// A store card changes nothing in the browser but its map button (the press waits for the code); a
// store the server did not render (a filter undone) is drawn by this code in the navigation's transition.
const loadStoreCard = () => import("./store-card").then((module) => module.StoreCard);

/** The /lojas page: the layout already loaded the stores, so filtering happens here, on both sides. */
export function StoresView({ requestedFilters }: { requestedFilters: StoreFilters }) {
  const { settings, locations } = useStorefront();
  const filters = resolveStoreFilters(requestedFilters, locations);
  const { cities, categories } = storeFilterOptions(locations);
  const shown = filterStoreLocations(locations, filters);

  return (
    <>
      <ServerIsland id="lojas-abertura" load={loadHero} />

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
              // The island's id is not the card's own (`location.slug`, the target of /lojas#slug), and
              // its wrapper is a grid so the card fills the row's height, as the grid's own item did.
              <ServerIsland
                key={location.id}
                id={`cartao-${location.slug}`}
                className="grid"
                load={loadStoreCard}
                props={{ location, groupWhatsApp: settings.storeWhatsApp }}
              />
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
          <ServerIsland id="lojas-contato" load={loadContactDetails} />
          <FormIsland id="lojas-formulario" load={loadContactForm} />
        </div>
      </section>
    </>
  );
}
