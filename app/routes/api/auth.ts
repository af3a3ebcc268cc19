import { isBrowserAuthEndpoint } from "~/server/auth/auth.server";
import type { Route } from "./+types/auth";

function notFound() {
  return new Response("Página não encontrada.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

// Of Better Auth's HTTP API only Google's sign-in callback (/api/auth/callback/google); pages call
// Better Auth on the server (auth.api.*).
export function loader({ request, context }: Route.LoaderArgs) {
  if (!isBrowserAuthEndpoint(request)) return notFound();
  return context.auth.handler(request);
}

// No endpoint a browser needs takes a POST: answered without reading the body.
export function action() {
  return notFound();
}
