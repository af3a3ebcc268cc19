import { useStorefront } from "~/components/layout/use-storefront";
import { PhoneIcon } from "~/components/ui/icons";
import { JsonLd } from "~/components/ui/json-ld";
import { WhatsAppPillLink } from "~/components/ui/whatsapp-pill-link";
import { telHref } from "~/lib/format/phone";
import { FOUNDED_YEAR } from "~/lib/group/settings";
import { jsonLdHtml, storeListJsonLd } from "~/lib/pages/structured-data";
import { greetingMessage, whatsappLink } from "~/lib/orders/whatsapp";

/**
 * The /lojas page's opening: how many stores, since when, and the ways to reach the group; with the
 * stores' structured data, which only crawlers read (an island's markup is the server's).
 */
export function StoresHero() {
  const { settings, locations, origin } = useStorefront();
  const storeCount = locations.length;
  return (
    <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
      <div className="container-page py-12 sm:py-16">
        <h1 className="text-3xl font-black sm:text-5xl">Nossas Lojas</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50">
          {storeCount === 1 ? "Uma loja" : `${storeCount} lojas`} em Barreiros e Sirinhaém, atendendo você desde {FOUNDED_YEAR}.
          Venha nos visitar ou fale com a gente.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <WhatsAppPillLink href={whatsappLink(settings.storeWhatsApp, greetingMessage(settings))} outlined>
            Falar no WhatsApp
          </WhatsAppPillLink>
          <a
            href={telHref(settings.storePhone)}
            className="flex items-center gap-2 rounded-full bg-white px-6 py-3 font-bold text-brand-700 hover:bg-brand-50"
          >
            <PhoneIcon className="h-5 w-5" />
            Ligar: {settings.storePhone}
          </a>
        </div>
      </div>
      <JsonLd html={import.meta.env.SSR ? jsonLdHtml(storeListJsonLd(settings, locations, origin)) : null} />
    </section>
  );
}
