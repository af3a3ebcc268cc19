import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The browser runs Preact in React's place: the same components for a tenth of React DOM's weight
 * (first-load JavaScript of a catalogue page 125 → ~70 KB gzipped). The server keeps rendering with
 * React. Why, and what this asks of components: README, "Preact in the browser".
 */
const REACT_IN_PREACT: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};

/** Resolves React's entry points to Preact's; a Rolldown plugin, for the build and the dev server's dependency bundler. */
function reactToPreact() {
  return {
    name: "erick:react-to-preact",
    resolveId(source, importer) {
      const target = REACT_IN_PREACT[source];
      return target ? this.resolve(target, importer, { skipSelf: true }) : null;
    },
  } satisfies Plugin;
}

/** The same, as a Vite plugin for the browser's build only (the server keeps React). */
function preactInTheBrowser(): Plugin {
  return { ...reactToPreact(), enforce: "pre", applyToEnvironment: (environment) => environment.name === "client" };
}

/**
 * In development an edit reloads the page. React Router's hot reload swaps components through React
 * Refresh, which does not reach Preact: without this, an edited component stayed as it was until a
 * manual reload. The style sheet is the server's (written into each page), so editing it reloads too.
 */
function reloadOnEdit(): Plugin {
  return {
    name: "erick:reload-on-edit",
    apply: "serve",
    enforce: "pre",
    hotUpdate({ file, modules, server }) {
      const browser = server.environments.client.hot;
      if (this.environment.name === "client") {
        if (modules.length === 0) return;
        browser.send({ type: "full-reload" });
        return [];
      }
      if (file.endsWith(".css")) browser.send({ type: "full-reload" });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which wraps React Router's request handler.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  resolve: { tsconfigPaths: true },
  // The dev server pre-bundles dependencies (React Router among them) for the browser: with Preact too.
  optimizeDeps: { rolldownOptions: { plugins: [reactToPreact()] } },
  plugins: [preactInTheBrowser(), reloadOnEdit(), tailwindcss(), reactRouter()],
}));
