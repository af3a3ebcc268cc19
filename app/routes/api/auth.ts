import { AUTH_API_BODY_LIMIT_BYTES } from "~/server/auth/auth.server";
import { withBodyWithin } from "~/server/form-data.server";
import type { Route } from "./+types/auth";

// Better Auth's HTTP API: the Google sign-in callback (/api/auth/callback/google) and the endpoints
// Better Auth's own client would use. The pages call it on the server instead (auth.api.*).
export function loader({ request, context }: Route.LoaderArgs) {
  return context.auth.handler(request);
}

// Better Auth reads a body whole before looking at it: it gets one already read within our limit
// (a larger one is answered 413 before it is all read).
export async function action({ request, context }: Route.ActionArgs) {
  return context.auth.handler(await withBodyWithin(request, AUTH_API_BODY_LIMIT_BYTES));
}
