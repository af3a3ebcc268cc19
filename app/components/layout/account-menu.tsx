import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { UserIcon } from "~/components/ui/icons";
import { loginPath } from "~/lib/safe-redirect";
import { useStorefront } from "./use-storefront";

const ACCOUNT_PAGES = ["/login", "/registrar", "/recuperar-senha", "/redefinir-senha"];

/** The header's account button: 'Entrar' when signed out, a small menu when signed in. */
export function AccountMenu() {
  const { user } = useStorefront();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const menuId = useId();

  // Following a link (or signing out) closes the menu.
  useEffect(() => setOpen(false), [location.pathname, location.search, location.hash]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      container.current?.querySelector<HTMLButtonElement>("button[aria-expanded]")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  if (!user) {
    const here = `${location.pathname}${location.search}`;
    return (
      <Link
        to={ACCOUNT_PAGES.includes(location.pathname) ? "/login" : loginPath(here)}
        className="flex items-center gap-1.5 rounded-full p-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        aria-label="Entrar"
      >
        <UserIcon className="h-6 w-6" />
        <span className="hidden sm:inline">Entrar</span>
      </Link>
    );
  }

  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  const itemClass = "block px-4 py-2.5 text-slate-800 hover:bg-slate-50";
  return (
    <div ref={container} className="relative">
      <button
        type="button"
        className="flex items-center gap-1.5 rounded-full p-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        aria-label="Menu da conta"
        aria-expanded={open}
        // Only while the menu exists: a reference to an absent element is an accessibility error.
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((current) => !current)}
      >
        <UserIcon className="h-6 w-6" />
        <span className="hidden max-w-28 truncate sm:inline">{firstName}</span>
      </button>
      {open ? (
        <div id={menuId} className="absolute right-0 top-full z-50 mt-1 w-60 rounded-xl border border-slate-200 bg-white py-2 text-sm shadow-lg">
          <p className="truncate px-4 pb-2 text-xs text-slate-500">{user.email}</p>
          <ul>
            <li>
              <Link to="/conta" className={itemClass}>
                Minha conta
              </Link>
            </li>
            <li>
              <Link to="/conta#pedidos" className={itemClass}>
                Meus pedidos
              </Link>
            </li>
            {user.role === "admin" ? (
              <li>
                <Link to="/admin" className={itemClass}>
                  Painel
                </Link>
              </li>
            ) : null}
            <li className="mt-1 border-t border-slate-100 pt-1">
              <Form method="post" action="/sair">
                <button type="submit" className={`${itemClass} w-full text-left`}>
                  Sair
                </button>
              </Form>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
