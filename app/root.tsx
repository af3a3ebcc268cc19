import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { IconSprite } from "./components/ui/icons";
import { PageStyleSheet } from "./components/ui/page-style-sheet";
import { useNonce } from "./components/ui/nonce";
import { errorPageFor } from "./lib/error-page";
import { rememberOrderSource } from "./lib/order-source";
import { telHref } from "./lib/phone";
import { isPlaceholderWhatsApp } from "./lib/whatsapp";
import { whatsappLink } from "./lib/whatsapp";
import { hasSessionCookie } from "./server/auth/guards.server";
import { lastKnownSettings } from "./server/group/settings.server";
import styleSheetUrl from "./app.css?url";
import type { Route } from "./+types/root";

export function Layout({ children }: { children: React.ReactNode }) {
  // The nonce of this response's Content-Security-Policy (empty in development).
  const nonce = useNonce();
  // The root loader's choice, so that the browser hydrates the same element the server wrote.
  const linkStyleSheet = useRouteLoaderData<typeof loader>("root")?.linkStyleSheet ?? false;
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <PageStyleSheet href={linkStyleSheet ? styleSheetUrl : null} />
        <meta name="theme-color" content="#b91c1c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <IconSprite />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The shop's contact for the error page, from memory (no query): when the database is down, this is
 * still here, and the shopper can order by phone or WhatsApp meanwhile. And whether the page links
 * the style sheet instead of carrying it: for a signed-in visitor (components/ui/page-style-sheet.tsx).
 * And where images are served from (MEDIA_URL, or the app's /media).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { storeName, storePhone, storeWhatsApp } = lastKnownSettings();
  return {
    contact: { storeName, phone: storePhone, whatsapp: isPlaceholderWhatsApp(storeWhatsApp) ? "" : storeWhatsApp },
    linkStyleSheet: hasSessionCookie(request, context.auth),
    mediaUrl: context.config.mediaUrl,
  };
}

/** The contact changes rarely; reloading it on every navigation would cost a request for nothing. */
export function shouldRevalidate() {
  return false;
}

export default function App() {
  // Once per page load, not per move inside the site: the root stays mounted.
  useEffect(() => {
    rememberOrderSource();
    // Lets browser tests (and scripts) wait until the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/**
 * Last resort when even a layout fails: plain pt-BR, no stack trace and no error message (only the
 * status picks the text, app/lib/error-page.ts). A server failure is, for the shopper, the shop being
 * unstable (the database being down answers 503): it says to try again and how to reach the shop
 * meanwhile. A refused request (405, 413, 429…) says so without crying "instabilidade".
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const contact = useRouteLoaderData<typeof loader>("root")?.contact;
  const answered = isRouteErrorResponse(error);
  if (!answered) console.error(error);
  const page = errorPageFor(answered ? error.status : undefined);
  return (
    <main className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      <p className="mt-3 text-slate-600">{page.text}</p>
      {page.contact && contact && (contact.phone || contact.whatsapp) ? (
        <p className="mt-3 text-slate-600">
          Se preferir, fale com a {contact.storeName}
          {contact.whatsapp ? (
            <>
              {" "}pelo{" "}
              <a className="font-semibold text-brand-700 underline" href={whatsappLink(contact.whatsapp)}>
                WhatsApp
              </a>
            </>
          ) : null}
          {contact.whatsapp && contact.phone ? " ou" : null}
          {contact.phone ? (
            <>
              {" "}pelo telefone{" "}
              <a className="font-semibold text-brand-700 underline" href={telHref(contact.phone)}>
                {contact.phone}
              </a>
            </>
          ) : null}
          .
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {page.retry ? (
          // A plain link reloads the whole page, loaders included: the way back once the shop recovers.
          <a href="" className="inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white">
            Tentar de novo
          </a>
        ) : null}
        <a href="/" className="inline-block rounded-lg border border-slate-300 px-5 py-3 font-semibold text-slate-800">
          Voltar para o início
        </a>
      </div>
    </main>
  );
}
