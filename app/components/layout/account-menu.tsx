import { Suspense, useCallback, useEffect, useId, useState } from "react";
import { Link, useLocation, useMatches } from "react-router";
import { UserIcon } from "~/components/ui/icons";
import { lazyExport } from "~/components/ui/lazy-export";
import { loginLink } from "~/lib/pages/login-link";
import { pageCachingOf } from "~/lib/pages/page-caching";
import { withoutTrackingParams } from "~/lib/pages/tracking-params";
import { useStorefront } from "./use-storefront";

const ACCOUNT_PAGES = ["/login", "/registrar", "/recuperar-senha", "/redefinir-senha"];

/** The same box for 'Entrar' and a first name: the one replaces the other without a shift. */
const LABEL_CLASS = "hidden w-24 truncate text-left sm:inline-block";

// The open menu's code is fetched once a signed-in page is up (below), so a tap finds it there.
const loadPanel = () => import("./account-menu-panel");
const AccountMenuPanel = lazyExport(loadPanel, "AccountMenuPanel");

/**
 * The header's account button: 'Entrar' when signed out, a small menu when signed in. The page comes
 * from the server the same for everyone (with 'Entrar'); who is signed in arrives after hydration
 * (/api/eu), and both labels take the same width, so the header does not move when it does.
 */
export function AccountMenu() {
  const { user } = useStorefront();
  const location = useLocation();
  const matches = useMatches();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  // The list arrives with its chunk: until it is on the page, the button may not point at it.
  const [shownList, setShownList] = useState<HTMLDivElement | null>(null);
  const menuId = useId();

  // Following a link (or signing out) closes the menu.
  useEffect(() => setOpen(false), [location.pathname, location.search, location.hash]);
  useEffect(() => {
    if (user) void loadPanel();
  }, [user]);

  if (!user) {
    // Without a click's id, nor what the page applies in the browser (the product page's size from a
    // link): a kept page (server/page-cache.ts) is served to every such address.
    const browserParams = pageCachingOf(matches.at(-1)?.handle)?.browserParams;
    const here = `${location.pathname}${withoutTrackingParams(location.search, browserParams)}`;
    return (
      <Link
        to={ACCOUNT_PAGES.includes(location.pathname) ? "/login" : loginLink(here)}
        className="flex items-center gap-1.5 rounded-full p-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        aria-label="Entrar"
      >
        <UserIcon className="h-6 w-6" />
        <span className={LABEL_CLASS}>Entrar</span>
      </Link>
    );
  }

  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  return (
    <div className="relative">
      <button
        type="button"
        className="flex items-center gap-1.5 rounded-full p-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        aria-label="Menu da conta"
        aria-expanded={open}
        // Only while the list exists: a reference to an absent element is an accessibility error.
        aria-controls={open && shownList ? menuId : undefined}
        onClick={() => setOpen((current) => !current)}
      >
        <UserIcon className="h-6 w-6" />
        <span className={LABEL_CLASS}>{firstName}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AccountMenuPanel id={menuId} user={user} onClose={close} onShown={setShownList} />
        </Suspense>
      ) : null}
    </div>
  );
}
