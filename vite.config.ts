import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { precompressAssets } from "./server/precompressed-assets.ts";

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

// The browser build's chunks. Left to itself, the bundler cut the code every storefront page runs
// into ~25 files of 0.1–4 KB; gzip compresses each alone, so they cost 4.5 KB more than together, and
// each is a request on a slow phone. Three groups instead: the framework (React, React Router);
// `shell`, the shop's code the root and storefront layout routes import (header, cart badge), which
// every page needs, with the few small modules most storefront pages share, the bundler's helper
// for lazy chunks and the browser's entry (app/entry.client.tsx: the bundler then emits the shell as
// the entry's chunk); and the product card. The rest stays split by page; what the layout loads lazily
// (the favourites' account sync, only when there is an account) is a chunk of its own.
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/;
const APP = path.resolve("app") + path.sep;
const ROOT_ROUTE = path.resolve("app/root.tsx");
const ENTRY_CLIENT = path.resolve("app/entry.client.tsx");
const SHELL_ROUTES = [ROOT_ROUTE, path.resolve("app/routes/storefront/layout.tsx")];
// Each a few hundred bytes, used by most pages: prices, product images, page titles, the hydration
// flag.
const SHARED_BY_PAGES = [
  "app/components/ui/use-hydrated.ts",
  "app/lib/format/money.ts",
  "app/lib/catalog/images.ts",
  "app/lib/pages/meta.ts",
  "app/lib/pages/storefront-meta.ts",
  // The lists' ?pagina=: it was navigation.ts's, which the header brings into the shell.
  "app/lib/lists/page-param.ts",
  "app/components/product/price.tsx",
  "app/components/product/product-image.tsx",
  "app/components/product/use-timed-flag.ts",
].map((file) => {
  // A renamed file would silently leave the shell (it named one that never existed for months).
  if (!fs.existsSync(file)) throw new Error(`vite.config.ts: SHARED_BY_PAGES names ${file}, which does not exist`);
  return path.resolve(file);
});
const PRELOAD_HELPER = "vite/preload-helper";
// The product card and what only it and the product pages use (sold-out sizes, the catalogue's lists):
// one chunk for the home page, the lists and the product page, not three.
const PRODUCT_CARD = /app[\\/](components[\\/]product[\\/]product-card\.tsx|lib[\\/]catalog[\\/](variant-choice|catalog)\.ts)$/;
// What only the product page loads at first, each 0.2–0.9 KB: its JSON-LD, the hearts, the stars and
// the review form's rules. Apart they were four of its twelve scripts; on a slow connection each is a
// request that waits its turn. Elsewhere they come only in lazy parts (the footer, the favourites' sync).
const PRODUCT_PAGE = /app[\\/](components[\\/](ui[\\/]json-ld\.tsx|product[\\/]detail[\\/](use-favorite\.ts|rating-stars\.tsx))|lib[\\/](catalog[\\/]review-form|pages[\\/]structured-data)\.ts)$/;
let shellModules: Set<string> | null = null;

/**
 * The app modules the shell routes import, directly or not, with the two routes' own modules and the
 * browser's entry: every storefront page loads them all, and apart, gzip counted the root 0.4 KB, the
 * storefront layout 0.35 KB and the entry 0.2 KB more. The admin's pages load the storefront layout's
 * few lines with it (they load the shell for the root anyway).
 */
function inShell(id: string, graph: ModuleGraph): boolean {
  if (!shellModules) {
    const seen = new Set<string>();
    const stack = [...SHELL_ROUTES];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
    }
    shellModules = seen;
  }
  if (id.includes(PRELOAD_HELPER) || SHARED_BY_PAGES.includes(id)) return true;
  return id.startsWith(APP) && (id === ENTRY_CLIENT || shellModules.has(id));
}

// React Router's package exports only its development build (remix-run/react-router#14102, open):
// in the browser that is 0.7 KB (gzip) of warnings and checks a shopper never needs. The production build
// is the same code with them compiled out; every import of react-router in the browser bundle
// resolves to it, so there is still one copy of the router.
const REACT_ROUTER_DIST = path.resolve("node_modules/react-router/dist/production");
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: path.join(REACT_ROUTER_DIST, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(REACT_ROUTER_DIST, "dom-export.mjs") },
];

// Brotli at its best quality for the browser's scripts and styles, once per build, written beside
// them; the server sends those files to browsers that take Brotli (server/precompressed-assets.ts).
const precompressClientAssets: Plugin = {
  name: "erick-precompress-client-assets",
  apply: "build",
  async writeBundle(options) {
    if (options.dir && path.basename(options.dir) === "client") await precompressAssets(path.join(options.dir, "assets"));
  },
};

// "[PLUGIN_TIMINGS] Your build spent significant time in plugins…": a note on this machine's speed,
// which the first `npm start` wrote into the owner's log (issue 51). Real warnings stay on.
const BUILD_CHECKS = { pluginTimings: false, bundlerTimings: false };

export default defineConfig(({ command, isSsrBuild }) => ({
  build: isSsrBuild
    ? // The server build's entry is our Express app, which wraps React Router's request handler. It is
      // one file: lazy imports split the browser's JavaScript, and a server that holds every module
      // in memory has no use for their chunks (split, each module both lazy and static was a warning).
      { rolldownOptions: { input: "./server/app.ts", output: { codeSplitting: false }, checks: BUILD_CHECKS } }
    : {
        rolldownOptions: {
          checks: BUILD_CHECKS,
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                { name: (id: string, graph: ModuleGraph) => (inShell(id, graph) ? "shell" : null), debugName: "shell", priority: 1 },
                { name: "product-card", test: PRODUCT_CARD, priority: 0 },
                { name: "product-page", test: PRODUCT_PAGE, priority: 0 },
              ],
            },
          },
        },
      },
  resolve: {
    tsconfigPaths: true,
    alias: isSsrBuild || command !== "build" ? [] : REACT_ROUTER_PRODUCTION,
  },
  plugins: [tailwindcss(), reactRouter(), precompressClientAssets],
}));
