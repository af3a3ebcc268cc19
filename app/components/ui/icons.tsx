import { createContext, useContext } from "react";
import type { IconName } from "./icon-symbols";

/**
 * Inline SVG icons: no icon font or CDN, nothing to fetch, drawn before any JavaScript runs. Each
 * icon's shapes are written once per page, as a <symbol> in `IconSprite` (./icon-symbols.tsx), and an
 * icon is an <svg> that `<use>`s it: a product list's cards no longer repeat the same paths.
 */
type IconProps = { className?: string; title?: string };

function Icon({ name, className = "h-5 w-5", title, fill }: IconProps & { name: IconName; fill?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill={fill} aria-hidden={title ? undefined : true} role={title ? "img" : undefined}>
      {title ? <title>{title}</title> : null}
      <use href={`#icon-${name}`} />
    </svg>
  );
}

/**
 * The page's <symbol>s (entry.server.tsx renders them once and provides the markup). In the browser
 * the context is empty and the element stays as the server wrote it, as the style sheet does
 * (./inline-style-sheet.tsx): the root layout never renders from scratch.
 */
const IconSymbolsContext = createContext("");

export const IconSymbolsProvider = IconSymbolsContext.Provider;

export function IconSprite() {
  const symbols = useContext(IconSymbolsContext);
  return <svg className="hidden" dangerouslySetInnerHTML={{ __html: symbols }} />;
}

export const WhatsAppIcon = (props: IconProps) => <Icon {...props} name="whatsapp" />;
export const CartIcon = (props: IconProps) => <Icon {...props} name="cart" />;
export const UserIcon = (props: IconProps) => <Icon {...props} name="user" />;
export const SearchIcon = (props: IconProps) => <Icon {...props} name="search" />;
export const MenuIcon = (props: IconProps) => <Icon {...props} name="menu" />;
export const CloseIcon = (props: IconProps) => <Icon {...props} name="close" />;
export const PhoneIcon = (props: IconProps) => <Icon {...props} name="phone" />;
export const MailIcon = (props: IconProps) => <Icon {...props} name="mail" />;
export const InstagramIcon = (props: IconProps) => <Icon {...props} name="instagram" />;
export const FacebookIcon = (props: IconProps) => <Icon {...props} name="facebook" />;
export const MapPinIcon = (props: IconProps) => <Icon {...props} name="map-pin" />;
export const ClockIcon = (props: IconProps) => <Icon {...props} name="clock" />;
export const HeartIcon = ({ filled, ...props }: IconProps & { filled?: boolean }) => (
  <Icon {...props} name="heart" fill={filled ? "currentColor" : "none"} />
);
export const StarIcon = ({ filled, ...props }: IconProps & { filled?: boolean }) => (
  <Icon {...props} name="star" fill={filled ? "currentColor" : "none"} />
);
export const ShareIcon = (props: IconProps) => <Icon {...props} name="share" />;
export const TruckIcon = (props: IconProps) => <Icon {...props} name="truck" />;
export const ShieldIcon = (props: IconProps) => <Icon {...props} name="shield" />;
export const TagIcon = (props: IconProps) => <Icon {...props} name="tag" />;
export const ChatIcon = (props: IconProps) => <Icon {...props} name="chat" />;
export const StoreIcon = (props: IconProps) => <Icon {...props} name="store" />;
export const MinusIcon = (props: IconProps) => <Icon {...props} name="minus" />;
export const PlusIcon = (props: IconProps) => <Icon {...props} name="plus" />;
export const TrashIcon = (props: IconProps) => <Icon {...props} name="trash" />;
export const PencilIcon = (props: IconProps) => <Icon {...props} name="pencil" />;
export const FilterIcon = (props: IconProps) => <Icon {...props} name="filter" />;
export const ChevronRightIcon = (props: IconProps) => <Icon {...props} name="chevron-right" />;
export const DirectionsIcon = (props: IconProps) => <Icon {...props} name="directions" />;

/** Google's four-colour "G", as its sign-in button guidelines ask. */
export const GoogleIcon = ({ className = "h-5 w-5" }: { className?: string }) => (
  <svg viewBox="0 0 48 48" className={className} aria-hidden="true">
    <path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z" />
    <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
    <path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
    <path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z" />
  </svg>
);
