import { Suspense } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { Header } from "~/components/layout/header";
import { lazyExport } from "~/components/ui/lazy-export";
import { personalViewFor } from "~/components/layout/personal-view";
import { loadStorefrontShell } from "~/server/group/storefront-shell.server";
import type { Route } from "./+types/layout";

// Not in the code a page needs first: the footer is below the fold (the server renders it in full;
// the browser hydrates it when its chunk arrives), the chat button shows 2 s after load, and the
// favourites follow the account once the page is interactive.
const Footer = lazyExport(() => import("~/components/layout/footer"), "Footer");
const FloatingWhatsApp = lazyExport(() => import("~/components/layout/floating-whatsapp"), "FloatingWhatsApp");
const FavoritesFollowAccount = lazyExport(() => import("~/components/product/detail/use-favorite"), "FavoritesFollowAccount");

/** The same for every shopper, so that the page cache serves everyone (server/page-cache.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadStorefrontShell(context.db, context.config, context.groupDataCache);
}

/**
 * In the browser, after the page is up and after each sign-in or sign-out: who is signed in, from the
 * one personal request (/api/eu). On the first load the server's data is in the page already.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const [shell, personal] = await Promise.all([serverLoader(), personalViewFor(request)]);
  return { ...shell, user: personal.user };
}
// With no HydrateFallback, the page is hydrated as the server wrote it (nobody signed in yet) and this
// runs right after: the account menu changes in place.
clientLoader.hydrate = true as const;

/**
 * Settings change rarely: reload them after a form submission, not on every click. Signing in and
 * out are form submissions (POST, then a redirect), so the header's account menu follows them.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export default function StorefrontLayout() {
  return (
    <>
      <a href="#conteudo" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Pular para o conteúdo
      </a>
      <Header />
      <main id="conteudo">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <Suspense fallback={null}>
        <FloatingWhatsApp />
        <FavoritesFollowAccount />
      </Suspense>
    </>
  );
}
