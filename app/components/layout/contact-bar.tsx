import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon } from "~/components/ui/icons";
import { telHref } from "~/lib/format/phone";
import { instagramUrl } from "~/lib/group/settings";
import { useStorefront } from "./use-storefront";

/** The header's top bar: the shop's phone, e-mail, Facebook and Instagram. */
export function ContactBar() {
  const { settings } = useStorefront();
  // The brand-red focus outline hardly shows on this dark red: white here (likewise the footer).
  return (
    <div className="bg-brand-800 text-xs text-white sm:text-sm [&_:focus-visible]:outline-white">
      <div className="container-page flex items-center justify-between gap-3 py-1.5">
        <div className="flex min-w-0 items-center gap-4">
          <a href={telHref(settings.storePhone)} className="flex items-center gap-1.5 hover:underline">
            <PhoneIcon className="h-3.5 w-3.5" />
            {settings.storePhone}
          </a>
          <a href={`mailto:${settings.storeEmail}`} className="hidden items-center gap-1.5 hover:underline sm:flex">
            <MailIcon className="h-3.5 w-3.5" />
            {settings.storeEmail}
          </a>
        </div>
        <div className="flex items-center gap-1">
          <a href={settings.facebook} target="_blank" rel="noopener noreferrer" className="p-1.5" aria-label="Facebook">
            <FacebookIcon className="h-4 w-4" />
          </a>
          <a href={instagramUrl(settings.instagram)} target="_blank" rel="noopener noreferrer" className="p-1.5" aria-label="Instagram">
            <InstagramIcon className="h-4 w-4" />
          </a>
        </div>
      </div>
    </div>
  );
}
