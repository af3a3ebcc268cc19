import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { FloatingWhatsApp } from "~/components/layout/floating-whatsapp";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { useFavoritesFollowAccount } from "~/components/product/detail/use-favorite";
import { getCurrentUser } from "~/server/auth/guards.server";
import { loadStorefrontShell } from "~/server/shop/storefront-shell.server";
import type { Route } from "./+types/layout";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadStorefrontShell(context.db, context.config, request, await getCurrentUser(request, context), context.shopDataCache);
}

/**
 * Settings change rarely: reload them after a form submission, not on every click. Signing in and
 * out are form submissions (POST, then a redirect), so the header's account menu follows them.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export default function StorefrontLayout() {
  useFavoritesFollowAccount();
  return (
    <>
      <a href="#conteudo" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Pular para o conteúdo
      </a>
      <Header />
      <main id="conteudo">
        <Outlet />
      </main>
      <Footer />
      <FloatingWhatsApp />
    </>
  );
}
