import type { ServerBuild } from "react-router";

export const METHOD_NOT_ALLOWED_MESSAGE = "Este endereço só pode ser lido: ele não recebe envios.";

function methodNotAllowed(): Response {
  return new Response(METHOD_NOT_ALLOWED_MESSAGE, {
    status: 405,
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

const patchedBuilds = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The server build with an `action` answering a plain 405 on every resource route (no page) that has
 * none. React Router's own answer to a POST there is a 405 whose body is its sanitised internal error,
 * `{"message":"Unexpected Server Error"}`: to a client or a monitor, a crash. Done on the build, so a
 * resource route added later is covered without anyone remembering.
 */
export function withMethodNotAllowed(build: ServerBuild): ServerBuild {
  let patched = patchedBuilds.get(build);
  if (!patched) {
    const routes = Object.fromEntries(
      Object.entries(build.routes).map(([id, route]) => {
        const module = route?.module;
        const readOnly = module && !module.action && !module.default && module.loader;
        return [id, readOnly ? { ...route, module: { ...module, action: methodNotAllowed } } : route];
      }),
    );
    patched = { ...build, routes } as ServerBuild;
    patchedBuilds.set(build, patched);
  }
  return patched;
}
