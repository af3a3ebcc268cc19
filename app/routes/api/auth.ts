import type { Route } from "./+types/auth";

// Better Auth's HTTP API: the Google sign-in callback (/api/auth/callback/google) and the endpoints
// Better Auth's own client would use. The pages call it on the server instead (auth.api.*).
export function loader({ request, context }: Route.LoaderArgs) {
  return context.auth.handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return context.auth.handler(request);
}
