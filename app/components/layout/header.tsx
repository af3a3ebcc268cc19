import { useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { useCartCount } from "~/components/cart-state/cart-store";
import { CartIcon, CloseIcon, MenuIcon, SearchIcon, WhatsAppIcon } from "~/components/ui/icons";
import { ServerIsland } from "~/components/ui/server-island";
import { mainNav } from "~/lib/pages/navigation";
import { SLOGAN } from "~/lib/group/settings";
import { greetingMessage, whatsappLink } from "~/lib/orders/whatsapp";
import { AccountMenu } from "./account-menu";
import { useStorefront } from "./use-storefront";

// The bar of the shop's phone, e-mail and social links is the server's markup, not hydrated: nothing
// in it needs code in the browser (components/ui/server-island.tsx).
const loadContactBar = () => import("./contact-bar").then((module) => module.ContactBar);

export function Header() {
  const { settings, shops } = useStorefront();
  const links = mainNav(shops);
  const count = useCartCount();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const whatsapp = whatsappLink(settings.storeWhatsApp, greetingMessage(settings));
  const currentQuery = location.pathname === "/produtos" ? (new URLSearchParams(location.search).get("q") ?? "") : "";

  // Any navigation (a link, a search) closes the mobile menu.
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  return (
    <header className="sticky top-0 z-40 bg-white shadow-sm">
      <ServerIsland id="barra-de-contato" load={loadContactBar} />

      <div className="container-page flex items-center gap-3 py-3">
        <button
          type="button"
          className="-ml-2 rounded-lg p-2 text-slate-700 lg:hidden"
          aria-expanded={menuOpen}
          // The menu exists only while open, and a reference must point at something.
          aria-controls={menuOpen ? "mobile-menu" : undefined}
          aria-label={menuOpen ? "Fechar menu" : "Abrir menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
        </button>
        <Link to="/" className="flex shrink-0 flex-col leading-none" aria-label={`${settings.storeName}: página inicial`}>
          <span className="text-2xl font-black tracking-tight text-brand-600">Erick</span>
          <span className="hidden text-[11px] text-slate-600 sm:block">{SLOGAN}</span>
        </Link>

        <Form method="get" action="/produtos" role="search" className="hidden flex-1 md:block" onSubmit={() => setMenuOpen(false)}>
          <SearchField defaultValue={currentQuery} id="busca-desktop" />
        </Form>

        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className="hidden items-center gap-2 rounded-full bg-whatsapp-dark px-4 py-2 text-sm font-semibold text-white hover:bg-whatsapp-darker sm:flex"
          >
            <WhatsAppIcon className="h-5 w-5" />
            WhatsApp
          </a>
          <AccountMenu />
          <Link
            to="/carrinho"
            className="relative rounded-full p-2.5 text-slate-700 hover:bg-slate-100"
            aria-label={count > 0 ? `Carrinho, ${count} ${count === 1 ? "item" : "itens"}` : "Carrinho"}
          >
            <CartIcon className="h-6 w-6" />
            {count > 0 ? (
              <span
                data-testid="cart-badge"
                className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs font-bold text-white"
              >
                {count}
              </span>
            ) : null}
          </Link>
        </div>
      </div>

      <div className="container-page pb-3 md:hidden">
        <Form method="get" action="/produtos" role="search" onSubmit={() => setMenuOpen(false)}>
          <SearchField defaultValue={currentQuery} id="busca-celular" />
        </Form>
      </div>

      <MainNav links={links} />

      {menuOpen ? <MobileMenu links={links} count={count} whatsapp={whatsapp} onClose={() => setMenuOpen(false)} /> : null}
    </header>
  );
}

/** The wide screen's row of main links, the current one underlined. */
function MainNav({ links }: { links: ReturnType<typeof mainNav> }) {
  return (
    <nav aria-label="Principal" className="hidden border-t border-slate-100 lg:block">
      <ul className="container-page flex gap-1 text-sm font-semibold">
        {links.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              className={({ isActive }) =>
                `block border-b-2 px-3 py-3 ${isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-700 hover:text-brand-700"}`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The phone's menu, while open: the main links, the cart and WhatsApp. */
function MobileMenu({ links, count, whatsapp, onClose }: { links: ReturnType<typeof mainNav>; count: number; whatsapp: string; onClose: () => void }) {
  return (
    <nav id="mobile-menu" aria-label="Menu" className="border-t border-slate-100 bg-white lg:hidden">
      <ul className="container-page py-2 text-base font-semibold">
        {links.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              className={({ isActive }) => `block rounded-lg px-3 py-3 ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-800"}`}
            >
              {item.label}
            </NavLink>
          </li>
        ))}
        <li>
          <NavLink to="/carrinho" className="block rounded-lg px-3 py-3 text-slate-800">
            CARRINHO ({count})
          </NavLink>
        </li>
        <li className="px-3 py-3">
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClose}
            className="flex items-center justify-center gap-2 rounded-full bg-whatsapp-dark px-4 py-3 text-white"
          >
            <WhatsAppIcon className="h-5 w-5" />
            Falar no WhatsApp
          </a>
        </li>
      </ul>
    </nav>
  );
}

function SearchField({ defaultValue, id }: { defaultValue: string; id: string }) {
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        Buscar produtos
      </label>
      <input
        id={id}
        key={defaultValue}
        type="search"
        name="q"
        defaultValue={defaultValue}
        placeholder="Buscar produtos..."
        maxLength={100}
        className="w-full rounded-full border border-slate-300 bg-slate-50 py-2.5 pl-4 pr-11 text-base focus:border-brand-600 focus:bg-white"
      />
      <button type="submit" className="absolute right-1 top-1/2 -translate-y-1/2 rounded-full p-2 text-slate-600" aria-label="Buscar">
        <SearchIcon className="h-5 w-5" />
      </button>
    </div>
  );
}
