import { ClockIcon, DirectionsIcon, InstagramIcon, MapPinIcon, PhoneIcon, WhatsAppIcon } from "~/components/ui/icons";
import { MapEmbed } from "~/components/ui/map-embed";
import { directionsUrl } from "~/lib/pages/map-links";
import { telHref } from "~/lib/format/phone";
import { instagramUrl } from "~/lib/group/settings";
import { greetingMessage, storeWhatsAppNumber, whatsappLink } from "~/lib/orders/whatsapp";
import type { ShellLocation } from "~/lib/pages/storefront-shell";

/** `groupWhatsApp`: the group's number (settings), for a store without one of its own (or with the example one). */
export function StoreCard({ location, groupWhatsApp }: { location: ShellLocation; groupWhatsApp: string }) {
  const whatsapp = storeWhatsAppNumber(location.whatsapp, groupWhatsApp);
  return (
    <article
      id={location.slug}
      aria-labelledby={`${location.slug}-nome`}
      data-testid="store-card"
      className="flex scroll-mt-44 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex-1 p-5">
        <p className="flex flex-wrap items-center gap-2 text-xs font-semibold">
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-700">{location.category}</span>
          <span className="text-slate-600">{location.city}</span>
        </p>
        <h3 id={`${location.slug}-nome`} className="mt-3 text-lg font-bold">
          {location.name}
        </h3>
        {location.highlight ? <p className="text-sm font-semibold text-brand-700">{location.highlight}</p> : null}
        {location.description ? <p className="mt-2 text-sm text-slate-600">{location.description}</p> : null}
        <ul className="mt-4 space-y-2 text-sm text-slate-800">
          <li className="flex gap-2">
            <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
            <span className="sr-only">Endereço: </span>
            <span>{location.address}</span>
          </li>
          {location.phone ? (
            <li>
              <a href={telHref(location.phone)} className="flex gap-2 hover:text-brand-700 hover:underline">
                <PhoneIcon className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
                <span className="sr-only">Telefone: </span>
                {location.phone}
              </a>
            </li>
          ) : null}
          {location.hours ? (
            <li className="flex gap-2">
              <ClockIcon className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
              <span className="sr-only">Horário: </span>
              <span>{location.hours}</span>
            </li>
          ) : null}
        </ul>
      </div>

      <div className="px-5">
        <MapEmbed lat={location.lat} lng={location.lng} title={location.name} height={200} />
      </div>

      <StoreCardLinks location={location} whatsapp={whatsapp} />
    </article>
  );
}

/** Directions, the store's WhatsApp (with a greeting) and its Instagram, each in a new tab. */
function StoreCardLinks({ location, whatsapp }: { location: ShellLocation; whatsapp: string }) {
  return (
    <div className="flex flex-wrap gap-2 p-5 text-sm font-semibold">
      <a
        href={directionsUrl(location.lat, location.lng)}
        target="_blank"
        rel="noopener noreferrer"
        className="flex flex-1 items-center justify-center gap-1.5 rounded-lg bg-slate-900 px-3 py-2.5 text-white hover:bg-slate-700"
      >
        <DirectionsIcon className="h-4 w-4" />
        Como Chegar<span className="sr-only">: {location.name}</span>
      </a>
      {whatsapp ? (
        <a
          href={whatsappLink(whatsapp, greetingMessage(location.name))}
          target="_blank"
          rel="noopener noreferrer"
          className="flex flex-1 items-center justify-center gap-1.5 rounded-lg bg-whatsapp-dark px-3 py-2.5 text-white hover:bg-whatsapp-darker"
        >
          <WhatsAppIcon className="h-4 w-4" />
          WhatsApp<span className="sr-only">: {location.name}</span>
        </a>
      ) : null}
      {location.instagram ? (
        <a
          href={instagramUrl(location.instagram)}
          target="_blank"
          rel="noopener noreferrer"
          className="flex basis-full items-center justify-center gap-1.5 rounded-lg border border-slate-300 px-3 py-2.5 text-slate-800 hover:bg-slate-100"
        >
          <InstagramIcon className="h-4 w-4" />
          <span className="sr-only">Instagram: </span>
          {location.instagram}
        </a>
      ) : null}
    </div>
  );
}
