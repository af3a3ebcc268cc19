import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { useNonce } from "./components/ui/nonce";
import type { Route } from "./+types/root";
import "./app.css";

export function Layout({ children }: { children: React.ReactNode }) {
  // The nonce of this response's Content-Security-Policy (empty in development).
  const nonce = useNonce();
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b91c1c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Lets browser tests (and scripts) wait until the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/** Last resort when even a layout fails: plain pt-BR, no stack trace. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && !isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">{notFound ? "Página não encontrada" : "Algo deu errado"}</h1>
      <p className="mt-3 text-slate-600">
        {notFound
          ? "O endereço que você abriu não existe ou foi removido."
          : "Não conseguimos carregar esta página agora. Tente novamente em instantes."}
      </p>
      <a href="/" className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white">
        Voltar para o início
      </a>
    </main>
  );
}
