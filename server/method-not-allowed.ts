import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import type { ServerBuild } from "react-router";

export const METHOD_NOT_ALLOWED_MESSAGE = "Este endereço só pode ser lido: ele não recebe envios.";

function methodNotAllowed(): Response {
  return new Response(METHOD_NOT_ALLOWED_MESSAGE, {
    status: 405,
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Thrown, so the page's error boundary shows the refusal (app/lib/pages/error-page.ts) with status 405. */
function pageMethodNotAllowed(): never {
  throw new Response(null, { status: 405, statusText: "Method Not Allowed", headers: { Allow: "GET, HEAD" } });
}

/** Every method a page, a form or Better Auth uses; the rest (TRACE, CONNECT…) never reach a route. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * 405 for a method no route answers. Without it a TRACE reached React Router, whose Fetch `Request`
 * refuses to be built with it: a 500.
 */
export function refuseUnknownMethods(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  // React Router answers OPTIONS on a page with its internal error ("Error: Invalid request method")
  // in the page's data. Nothing here answers cross-origin requests (the Better Auth endpoints that
  // would, for CORS, are not reachable: app/routes/api/auth.ts).
  if (req.method === "OPTIONS") {
    res.status(204).set({ Allow: "GET, HEAD, POST", "Cache-Control": "no-store" }).end();
    return;
  }
  if (KNOWN_METHODS.has(req.method)) return next();
  res.status(405).set({ Allow: "GET, HEAD, POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).send(METHOD_NOT_ALLOWED_MESSAGE);
}

const patchedBuilds = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The server build with an `action` answering 405 on every route that has none. React Router's own
 * answer to a POST there is a 405 carrying its internal error: on a resource route (no page) the body
 * `{"message":"Unexpected Server Error"}`, to a client or a monitor a crash, which becomes a plain-text
 * 405; on a page, "You made a POST request to … route "routes/…"" in the page's data, naming our route
 * files, which becomes the error page's refusal without it. Done on the build, so a route added later
 * is covered without anyone remembering.
 */
export function withMethodNotAllowed(build: ServerBuild): ServerBuild {
  let patched = patchedBuilds.get(build);
  if (!patched) {
    const routes = Object.fromEntries(
      Object.entries(build.routes).map(([id, route]) => {
        const module = route?.module;
        if (!module || module.action) return [id, route];
        if (module.default) return [id, { ...route, module: { ...module, action: pageMethodNotAllowed } }];
        if (module.loader) return [id, { ...route, module: { ...module, action: methodNotAllowed } }];
        return [id, route];
      }),
    );
    patched = { ...build, routes } as ServerBuild;
    patchedBuilds.set(build, patched);
  }
  return patched;
}
