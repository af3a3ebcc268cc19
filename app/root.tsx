import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { IconSprite } from "./components/ui/icons";
import { PageStyleSheet } from "./components/ui/page-style-sheet";
import { lazyExport } from "./components/ui/lazy-export";
import { useNonce } from "./components/ui/nonce";
import { rememberOrderSource } from "./lib/orders/order-source";
import { SESSION_COOKIE_SENT_ATTRIBUTE } from "./lib/account/personal-view";
import { isPlaceholderWhatsApp } from "./lib/orders/whatsapp";
import { hasSessionCookie } from "./server/auth/guards.server";
import { lastKnownSettings } from "./server/group/settings.server";
import styleSheetUrl from "./app.css?url";
import type { Route } from "./+types/root";

export function Layout({ children }: { children: React.ReactNode }) {
  // The nonce of this response's Content-Security-Policy (empty in development).
  const nonce = useNonce();
  // The root loader's answer, so that the browser hydrates the same elements the server wrote.
  const sessionCookieSent = useRouteLoaderData<typeof loader>("root")?.sessionCookieSent ?? false;
  return (
    <html lang="pt-BR" {...(sessionCookieSent ? { [SESSION_COOKIE_SENT_ATTRIBUTE]: "" } : {})}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <PageStyleSheet href={sessionCookieSent ? styleSheetUrl : null} />
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
 * still here, and the shopper can order by phone or WhatsApp meanwhile. And whether the page was
 * asked for with a session cookie: then it links the style sheet instead of carrying it
 * (components/ui/page-style-sheet.tsx), and asks /api/eu who is signed in (lib/personal-view.ts).
 * And where images are served from (MEDIA_URL, or the app's /media).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { storeName, storePhone, storeWhatsApp } = lastKnownSettings();
  return {
    contact: { storeName, phone: storePhone, whatsapp: isPlaceholderWhatsApp(storeWhatsApp) ? "" : storeWhatsApp },
    sessionCookieSent: hasSessionCookie(request, context.auth),
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

// The last-resort error page (components/layout/root-error-page.tsx) is a chunk of its own: every page
// loads the root's module, few ever show it. The server's one-file build has it at once; a browser
// hydrating an error page, or moving to one, waits for its chunk with the page as it was.
const RootErrorPage = lazyExport(() => import("./components/layout/root-error-page"), "RootErrorPage");

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RootErrorPage error={error} />;
}
