import { Suspense } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { Header } from "~/components/layout/header";
import { lazyExport } from "~/components/ui/lazy-export";
import { getCurrentUser } from "~/server/auth/guards.server";
import { loadStorefrontShell } from "~/server/group/storefront-shell.server";
import type { Route } from "./+types/layout";

// Not in the code a page needs first: the footer is below the fold (the server renders it in full;
// the browser hydrates it when its chunk arrives), the chat button shows 2 s after load, and the
// favourites follow the account once the page is interactive.
const Footer = lazyExport(() => import("~/components/layout/footer"), "Footer");
const FloatingWhatsApp = lazyExport(() => import("~/components/layout/floating-whatsapp"), "FloatingWhatsApp");
const FavoritesFollowAccount = lazyExport(() => import("~/components/product/detail/use-favorite"), "FavoritesFollowAccount");

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadStorefrontShell(context.db, context.config, await getCurrentUser(request, context), context.groupDataCache);
}

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
