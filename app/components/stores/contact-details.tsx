import { useStorefront } from "~/components/layout/use-storefront";
import { ClockIcon, MailIcon, PhoneIcon } from "~/components/ui/icons";
import { telHref } from "~/lib/format/phone";

/** Beside the /lojas contact form: what it is for, and the group's phone, e-mail and hours. */
export function ContactDetails() {
  const { settings } = useStorefront();
  return (
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
  );
}
