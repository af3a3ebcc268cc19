import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

// The browser build's chunks. Left to itself, the bundler cut the code every storefront page runs
// into ~25 files of 0.1–4 KB; gzip compresses each alone, so they cost 4.5 KB more than together, and
// each is a request on a slow phone. Two chunks instead: the framework (React, React Router), and
// `shell`, the shop's code the root and storefront layout routes import (header, footer, cart badge,
// formatting), which every page needs. The rest stays split by page.
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/;
const APP = path.resolve("app") + path.sep;
const SHELL_ROUTES = ["app/root.tsx", "app/routes/storefront/layout.tsx"].map((file) => path.resolve(file));
let shellModules: Set<string> | null = null;

/** The app modules the shell routes import, directly or not (not the route modules themselves). */
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
  return id.startsWith(APP) && !SHELL_ROUTES.includes(id) && shellModules.has(id);
}

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? // The server build's entry is our Express app, which wraps React Router's request handler.
      { rollupOptions: { input: "./server/app.ts" } }
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                { name: (id: string, graph: ModuleGraph) => (inShell(id, graph) ? "shell" : null), priority: 1 },
              ],
            },
          },
        },
      },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
