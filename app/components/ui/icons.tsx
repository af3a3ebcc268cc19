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
 * (./page-style-sheet.tsx): the root layout never renders from scratch.
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
