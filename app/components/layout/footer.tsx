import { Link } from "react-router";
import { ClockIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon, WhatsAppIcon } from "~/components/ui/icons";
import { JsonLd } from "~/components/ui/json-ld";
import { MapEmbed } from "~/components/ui/map-embed";
import { directionsUrl } from "~/lib/pages/map-links";
import { shopPath } from "~/lib/pages/navigation";
import { telHref } from "~/lib/format/phone";
import { FOUNDED_YEAR, instagramUrl, SLOGAN } from "~/lib/group/settings";
import { jsonLdHtml, organizationJsonLd } from "~/lib/pages/structured-data";
import { greetingMessage, whatsappLink } from "~/lib/orders/whatsapp";
import { useStorefront } from "./use-storefront";

export function Footer() {
  const { settings, shops, locations, origin } = useStorefront();
  const headOffice = locations[0];
  const instagramHandles = [...new Set([settings.instagram, ...locations.map((location) => location.instagram)])]
    .filter(Boolean)
    .slice(0, 3);

  return (
    <footer className="mt-16 bg-slate-900 text-slate-300 [&_:focus-visible]:outline-white">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        {/* Unnamed sections, not regions: the home page has its own "Nossas Lojas" region, and landmarks must differ. */}
        <section>
          <h2 id="footer-about" className="text-lg font-bold text-white">
            {settings.storeName}
          </h2>
          <p className="mt-3 text-sm leading-relaxed">
            Desde {FOUNDED_YEAR}, as lojas Erick atendem Barreiros e Sirinhaém com calçados, variedades, artigos
            infantis e esportivos, preço justo e atendimento de quem conhece você. {SLOGAN}
          </p>
          <ul className="mt-4 space-y-2 text-sm">
            {instagramHandles.map((handle) => (
              <li key={handle}>
                <a href={instagramUrl(handle)} target="_blank" rel="noopener noreferrer" className="flex items-center gap-2 hover:text-white">
                  <InstagramIcon className="h-4 w-4" />
                  {handle}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section>
          <h2 id="footer-shops" className="text-lg font-bold text-white">
            Nossas Lojas
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {shops.map((shop) => (
              <li key={shop.id}>
                <Link to={shopPath(shop.slug)} className="hover:text-white">
                  {shop.name}
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/lojas" className="mt-4 inline-block text-sm font-semibold text-white underline underline-offset-4">
            Ver Todas as Lojas
          </Link>
        </section>

        <FooterContact headOfficeAddress={headOffice?.address} />

        <section>
          <h2 id="footer-map" className="text-lg font-bold text-white">
            Onde estamos
          </h2>
          {headOffice ? (
            <div className="mt-3">
              <MapEmbed lat={headOffice.lat} lng={headOffice.lng} title={headOffice.name} height={200} />
              <a
                href={directionsUrl(headOffice.lat, headOffice.lng)}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-3 inline-block text-sm font-semibold text-white underline underline-offset-4"
              >
                Como Chegar
              </a>
            </div>
          ) : null}
        </section>
      </div>
      <div className="border-t border-slate-800">
        <p className="container-page py-5 text-center text-xs">
          © {new Date().getFullYear()} {settings.storeName}. Todos os direitos reservados.
        </p>
      </div>
      <JsonLd html={import.meta.env.SSR ? jsonLdHtml(organizationJsonLd(settings, locations, origin)) : null} />
    </footer>
  );
}

/** The head office's address, the group's phone, e-mail, hours and WhatsApp. */
function FooterContact({ headOfficeAddress }: { headOfficeAddress: string | undefined }) {
  const { settings } = useStorefront();
  return (
    <section>
      <h2 id="footer-contact" className="text-lg font-bold text-white">
        Contato
      </h2>
      <ul className="mt-3 space-y-3 text-sm">
        {headOfficeAddress !== undefined ? (
          <li className="flex gap-2">
            <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0" />
            <span>{headOfficeAddress}</span>
          </li>
        ) : null}
        <li>
          <a href={telHref(settings.storePhone)} className="flex gap-2 hover:text-white">
            <PhoneIcon className="h-4 w-4 shrink-0" />
            {settings.storePhone}
          </a>
        </li>
        <li>
          <a href={`mailto:${settings.storeEmail}`} className="flex gap-2 break-all hover:text-white">
            <MailIcon className="h-4 w-4 shrink-0" />
            {settings.storeEmail}
          </a>
        </li>
        <li className="flex gap-2">
          <ClockIcon className="h-4 w-4 shrink-0" />
          {settings.businessHours}
        </li>
        <li>
          <a
            href={whatsappLink(settings.storeWhatsApp, greetingMessage(settings))}
            target="_blank"
            rel="noopener noreferrer"
            className="flex gap-2 font-semibold text-white hover:underline"
          >
            <WhatsAppIcon className="h-4 w-4 shrink-0" />
            Fale conosco no WhatsApp
          </a>
        </li>
      </ul>
    </section>
  );
}
