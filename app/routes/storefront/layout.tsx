import { Suspense, useEffect } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { FloatingWhatsApp } from "~/components/layout/floating-whatsapp";
import { Header } from "~/components/layout/header";
import { lazyExport } from "~/components/ui/lazy-export";
import { ServerIsland } from "~/components/ui/server-island";
import { noteFormSent, personalViewFor } from "~/components/layout/personal-view";
import { sessionCookieSent } from "~/lib/account/personal-view";
import type { StorefrontView } from "~/lib/pages/storefront-shell";
import { hasSessionCookie } from "~/server/auth/guards.server";
import { useStorefront } from "~/components/layout/use-storefront";
import { FAVORITES_ACCOUNT_MARK_KEY } from "~/lib/catalog/favorites-keys";
import { loadStorefrontShell } from "~/server/read-models/storefront-shell.server";
import type { Route } from "./+types/layout";

// The chat button is in the shell: as a lazy chunk it was fetched at once on every page anyway (it
// shows 2 s after load). The footer is the server's markup, not hydrated: its code is fetched only
// when the browser must render it (components/ui/server-island.tsx).
const loadFooter = () => import("~/components/layout/footer").then((module) => module.Footer);
// The favourites' account sync is fetched only when there is an account to follow (see
// favouritesFollowAnAccount).
const FavoritesFollowAccount = lazyExport(() => import("~/components/product/detail/use-favorite"), "FavoritesFollowAccount");

/**
 * The same for every shopper, so that the page cache serves everyone (server/page-cache.ts). Who is
 * signed in comes from /api/eu, in the browser; without a session cookie nobody is (`null`), and the
 * page cache keeps that page apart (its variants follow the session cookie).
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<StorefrontView> {
  const shell = await loadStorefrontShell(context.db, context.config, context.groupDataCache);
  return hasSessionCookie(request, context.auth) ? shell : { ...shell, user: null };
}

/**
 * Whether the page shows /api/eu's answer. A link followed before the first answer cancels the loader
 * that awaited it, and its answer is dropped even when it arrives before the new page's route: so this
 * follows what the layout rendered (below), not what a loader fetched. Without asking again, the page
 * would treat a signed-in shopper as unknown until the next sign-in (no account menu, favourites not
 * saved on the account).
 */
let personalViewKnown = !sessionCookieSent();

/**
 * In the browser, after the page is up and after each sign-in or sign-out: who is signed in, from the
 * one personal request (/api/eu). On the first load the server's data is in the page already.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const [shell, personal] = await Promise.all([serverLoader(), personalViewFor(request)]);
  return { ...shell, user: personal.user };
}

// With no HydrateFallback, the page is hydrated as the server wrote it (nobody signed in yet) and this
// runs right after: the account menu changes in place. Only when the page was asked for with a session
// cookie: without one, the server's answer (nobody) stands.
clientLoader.hydrate = sessionCookieSent();

/**
 * Settings change rarely: reload them after a form submission, not on every click. Signing in and
 * out are form submissions (POST, then a redirect), so the header's account menu follows them.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const formSent = Boolean(formMethod && formMethod !== "GET");
  if (formSent) noteFormSent();
  if (!personalViewKnown) return true;
  return formSent ? defaultShouldRevalidate : false;
}

/**
 * Whether the favourites have an account to follow: someone is signed in, or this browser still mirrors
 * the list of an account that has signed out (to be emptied). Unknown (`undefined`) until /api/eu
 * answers. A shopper who never signed in here does not fetch that code.
 */
function favouritesFollowAnAccount(user: ReturnType<typeof useStorefront>["user"]): boolean {
  if (user) return true;
  if (user === undefined) return false;
  try {
    return window.localStorage.getItem(FAVORITES_ACCOUNT_MARK_KEY) !== null;
  } catch {
    return false;
  }
}

export default function StorefrontLayout() {
  const { user } = useStorefront();
  // `undefined` only while the page was asked for with a session cookie and no answer is shown yet.
  useEffect(() => {
    personalViewKnown = user !== undefined;
  }, [user]);
  return (
    <>
      <a href="#conteudo" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Pular para o conteúdo
      </a>
      <Header />
      <main id="conteudo">
        <Outlet />
      </main>
      <ServerIsland id="rodape" load={loadFooter} />
      <FloatingWhatsApp />
      <Suspense fallback={null}>{favouritesFollowAnAccount(user) ? <FavoritesFollowAccount /> : null}</Suspense>
    </>
  );
}
