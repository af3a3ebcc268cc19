import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router v8's changes, each decided (and named, so the build does not warn about them):
  future: {
    // Route modules' client-only exports (clientLoader, HydrateFallback) in chunks of their own.
    v8_splitRouteModules: true,
    // Not yet: the loaders read a plain load context object (app/server/load-context.server.ts);
    // middleware's RouterContextProvider would change every loader and test that builds one.
    v8_middleware: false,
    // Not yet: the production build's layout and server.js's import of it stay as they are.
    v8_viteEnvironmentApi: false,
    // Not yet: server/app.ts's body limits and refusals rely on today's request handling.
    v8_passThroughRequests: false,
    // Not yet: the fuzzing and the browser tests address data requests as `/path.data`.
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
