// Who may use /admin: every admin route × {anonymous, customer, each staff role (Dono, Gerente,
// Vendedor), an admin demoted a moment ago, an admin who signed out a moment ago (the old cookie
// replayed)}, GET and POST, through the app's real request handler. What each staff role may open is
// written out below (ROUTE_ACCESS), apart from the app's own table (app/lib/staff/staff-roles.ts). The route list comes from app/routes.ts itself, so a route added there
// is checked without anyone remembering to list it here.
//
// The app runs as in development (`npm run dev`): Vite loads server/app.ts, whose Express app wraps
// React Router's handler around the route modules, and answers real HTTP requests on a free port,
// with the load context ({ db, config, auth }) on this file's test database. Each route is asked:
//   - as a page (document request), where the layout's check runs too;
//   - as a client navigation (`.data?_routes=<id>`), which runs only that module's loader, so each
//     module has to check by itself, not rely on the layout;
//   - with a POST, as a form without JavaScript and as a fetcher (`.data`).
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Express } from "express";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orders, products, storeLocations } from "#database/schema";
import routeConfig from "~/routes";
import type { LoadContext } from "~/server/load-context.server";
import { getCurrentUser } from "~/server/auth/guards.server";
import { runAdminCommand } from "~/server/ops/admin-command.server";
import { createTestContext, requestAs, signedInUser, type SignedInUser } from "../setup/admin-session";
import { insertOrder } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

type AdminRoute = { id: string; file: string; pattern: string; index: boolean };

/** Every route of the config, with its full path pattern ("admin/pedidos/:id"). */
function flatten(entries: RouteConfigEntry[], parent = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? [parent, entry.path].filter(Boolean).join("/") : parent;
    const route = { id: entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""), file: entry.file, pattern, index: entry.index === true };
    return [route, ...flatten(entry.children ?? [], pattern)];
  });
}

const ALL_ROUTES = flatten(routeConfig as RouteConfigEntry[]);
/** Admin by its URL or by where its module lives (an "api/…" route written for the admin counts too). */
const ADMIN_ROUTES = ALL_ROUTES.filter(
  (route) => route.pattern === "admin" || route.pattern.startsWith("admin/") || route.file.startsWith("routes/admin/"),
);

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let context: LoadContext;
let vite: ViteDevServer;
let server: ReturnType<Express["listen"]>;
let origin = "";
let users: Record<Exclude<Role, "anonymous">, SignedInUser>;

type StaffRoleName = "dono" | "gerente" | "vendedor";
const EVERY_ROLE: StaffRoleName[] = ["dono", "gerente", "vendedor"];
const DONO_GERENTE: StaffRoleName[] = ["dono", "gerente"];
const DONO: StaffRoleName[] = ["dono"];
/**
 * Which staff roles each admin route lets in, by route id: its loader (get) and its action (post).
 * docs/roles.md in a table. A route added to app/routes.ts must be added here too.
 */
const ROUTE_ACCESS: Record<string, { get: StaffRoleName[]; post: StaffRoleName[] }> = {
  "routes/admin/layout": { get: EVERY_ROLE, post: EVERY_ROLE },
  "routes/admin/dashboard": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/products": { get: DONO_GERENTE, post: DONO_GERENTE },
  "admin-product-new": { get: DONO_GERENTE, post: DONO_GERENTE },
  "admin-product-edit": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/orders": { get: EVERY_ROLE, post: EVERY_ROLE },
  "routes/admin/order": { get: EVERY_ROLE, post: EVERY_ROLE },
  "routes/admin/customers": { get: DONO_GERENTE, post: DONO },
  "routes/admin/settings": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/import": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/coupons": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/delivery": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/reports": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/audit-log": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/channels": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/push-devices": { get: EVERY_ROLE, post: EVERY_ROLE },
  "routes/admin/staff": { get: DONO, post: DONO },
  // The counter sale, its receipt, its product look-up and the stock count: every role, a Vendedor at their own store.
  "routes/admin/counter": { get: EVERY_ROLE, post: EVERY_ROLE },
  "routes/admin/counter-receipt": { get: EVERY_ROLE, post: EVERY_ROLE },
  "routes/admin/counter-pix": { get: EVERY_ROLE, post: EVERY_ROLE },
  "routes/admin/counter-products": { get: EVERY_ROLE, post: EVERY_ROLE },
  "routes/admin/stock-count": { get: EVERY_ROLE, post: EVERY_ROLE },
  // A store's stock (read-only): every role, a Vendedor their own store only.
  "routes/admin/store-stock": { get: EVERY_ROLE, post: EVERY_ROLE },
  // Goods in from the supplier's NF-e: every role, a Vendedor into their own store only.
  "routes/admin/receiving": { get: EVERY_ROLE, post: EVERY_ROLE },
  "routes/admin/order-events": { get: EVERY_ROLE, post: EVERY_ROLE },
  // The accountant's ZIP of a month's fiscal notes: capability "fiscal".
  "routes/admin/fiscal-export": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/reports-csv": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/coupons-csv": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/products-csv": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/import-starter": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/price-card": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/price-sheet": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/product-qr": { get: DONO_GERENTE, post: DONO_GERENTE },
  // The product picker's choices (inactive products, prices): the roles that manage products (issue 49.8).
  "routes/admin/product-picker-search": { get: DONO_GERENTE, post: DONO_GERENTE },
  "routes/admin/service-worker": { get: EVERY_ROLE, post: EVERY_ROLE },
};
/** Real values for the routes' parameters, by pattern; a new route with a parameter needs one here. */
let samples: Record<string, Record<string, string>>;
/** Query strings a route needs to answer 200 to an admin. */
const SAMPLE_SEARCH: Record<string, string> = { "admin/relatorios/exportar.csv": "?tabela=vendas", "admin/canais/cartazes": "?produtos=1", "admin/notas-fiscais/exportar": "?mes=2026-11" };

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  // With fiscal documents on, so the fiscal routes answer rather than say the shop issues none (no
  // request reaches the provider: the month's ZIP is read from the archive).
  app.context.config = { ...app.context.config, fiscal: { provider: "focusnfe", apiUrl: "http://127.0.0.1:9", token: "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6" } };
  context = app.context;
  const [product] = await t.db.select({ id: products.id }).from(products).limit(1);
  const order = await insertOrder(t.db, {
    createdAt: new Date(),
    deliveryMethod: "pickup",
    items: [{ productId: product!.id, name: "Produto", unitPriceCents: 10_00, quantity: 1 }],
  });
  const counterSale = await insertOrder(t.db, { channel: "balcao", createdAt: new Date(), items: [{ productId: product!.id, name: "Produto", unitPriceCents: 10_00, quantity: 1 }] });
  // Picked up at the Vendedor's store, so the order page and the counter receipt are theirs too.
  const [store] = await t.db.select({ id: storeLocations.id }).from(storeLocations).limit(1);
  await t.db.update(orders).set({ pickupLocationId: store!.id }).where(eq(orders.id, order.id));
  await t.db.update(orders).set({ fulfillingStoreId: store!.id }).where(eq(orders.id, counterSale.id));
  samples = {
    "admin/produtos/editar/:id": { id: String(product!.id) },
    "admin/pedidos/:id": { id: order.id },
    "admin/canais/etiqueta/:id": { id: String(product!.id) },
    "admin/canais/qr/:id": { id: String(product!.id) },
    "admin/balcao/recibo/:id": { id: counterSale.id },
    "admin/balcao/pix/:id": { id: counterSale.id },
  };
  users = {
    customer: await signedInUser(context, "customer"),
    admin: await signedInUser(context, "admin"),
    gerente: await signedInUser(context, "admin", { staffRole: "gerente" }),
    vendedor: await signedInUser(context, "admin", { staffRole: "vendedor", storeId: store!.id }),
    "demoted admin": await demotedAdmin(),
    "signed-out admin": await signedOutAdmin(),
  };

  vite = await createServer({
    configFile: path.resolve("vite.config.ts"),
    // Only module loading: no file watching, hot reload or dependency pre-bundling for a browser.
    server: { middlewareMode: true, hmr: false, watch: null, ws: false },
    appType: "custom",
    logLevel: "error",
    cacheDir: await fs.mkdtemp(path.join(os.tmpdir(), "erick-authz-vite-")),
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const { createApp } = (await vite.ssrLoadModule("/server/app.ts")) as { createApp: (services: LoadContext & { close: () => Promise<void> }) => Express };
  server = createApp({ ...context, close: async () => {} }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  await vite?.close();
  await t?.close();
  await app?.close();
  if (vite?.config.cacheDir) await fs.rm(vite.config.cacheDir, { recursive: true, force: true });
});

const silent = { log: () => {}, error: (line: string) => console.error(line) };

/**
 * A signed-in customer promoted with `npm run admin -- promote` (checked: the session now opens the
 * panel), then demoted with `npm run admin -- demote`; the cookie is the one the admin had.
 */
async function demotedAdmin(): Promise<SignedInUser> {
  const account = await signedInUser(context, "customer");
  expect(await runAdminCommand(["promote", account.email], context, silent)).toBe(0);
  expect((await getCurrentUser(requestAs(account, "/admin"), context))?.role).toBe("admin");
  expect(await runAdminCommand(["demote", account.email], context, silent)).toBe(0);
  return account;
}

/** An admin who signed out: the cookie from before /sair, replayed (a copy kept by an attacker). */
async function signedOutAdmin(): Promise<SignedInUser> {
  const admin = await signedInUser(context, "admin");
  expect((await getCurrentUser(requestAs(admin, "/admin"), context))?.role).toBe("admin");
  await context.auth.api.signOut({ headers: requestAs(admin, "/sair", { method: "POST" }).headers });
  return admin;
}

/** "admin": the default staff account, a Dono (every admin before the roles became one). */
type Role = "anonymous" | "customer" | "admin" | "gerente" | "vendedor" | "demoted admin" | "signed-out admin";
const ROLES: Role[] = ["anonymous", "customer", "admin", "gerente", "vendedor", "demoted admin", "signed-out admin"];
/** What each role must get: a demotion or a sign-out takes effect on the very next request. */
const TREATED_AS: Record<Role, "anonymous" | "customer" | StaffRoleName> = {
  anonymous: "anonymous",
  customer: "customer",
  admin: "dono",
  gerente: "gerente",
  vendedor: "vendedor",
  "demoted admin": "customer",
  "signed-out admin": "anonymous",
};

/** What the role is let in to: "admin" (as before the roles), "refused" (a staff role without it), or as a visitor. */
function accessOf(role: Role, route: AdminRoute, method: "get" | "post"): "anonymous" | "customer" | "admin" | "refused" {
  const treated = TREATED_AS[role];
  if (treated === "anonymous" || treated === "customer") return treated;
  const access = ROUTE_ACCESS[route.id];
  if (!access) throw new Error(`${route.id}: add it to ROUTE_ACCESS in this test`);
  return access[method].includes(treated) ? "admin" : "refused";
}

function urlOf(route: AdminRoute): string {
  const params = route.pattern.match(/:\w+/g) ?? [];
  let url = `/${route.pattern}`;
  for (const param of params) {
    const value = samples[route.pattern]?.[param.slice(1)];
    if (!value) throw new Error(`${route.pattern}: add a sample value for ${param} in this test's "samples"`);
    url = url.replace(param, value);
  }
  return `${url}${SAMPLE_SEARCH[route.pattern] ?? ""}`;
}

type Answer = { status: number; location: string | null; contentType: string; body: string };

async function send(role: Role, url: string, method: "GET" | "POST"): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (role !== "anonymous") headers.cookie = users[role].cookie;
  if (method === "POST") {
    // A same-origin form: only the role decides the outcome.
    headers.origin = origin;
    headers["sec-fetch-site"] = "same-origin";
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  const response = await fetch(`${origin}${url}`, { method, headers, redirect: "manual", body: method === "POST" ? "" : undefined });
  const contentType = response.headers.get("content-type") ?? "";
  // A live stream (server-sent events) never ends: its headers are the answer.
  const body = contentType.startsWith("text/event-stream") ? (await response.body?.cancel(), "") : await response.text();
  return { status: response.status, location: response.headers.get("location"), contentType, body };
}

/**
 * Where a single-fetch answer (`.data`) redirects to: React Router encodes redirects in the body
 * (turbo-stream, status 202) instead of a Location header.
 */
function dataRedirect(answer: Answer): string | null {
  if (answer.status !== 202) return null;
  const values = JSON.parse(answer.body.split("\n")[0]!) as unknown[];
  const at = values.indexOf("redirect");
  return at >= 0 && typeof values[at + 1] === "string" ? (values[at + 1] as string) : null;
}

const loginFor = (url: string) => `/login?redirectTo=${encodeURIComponent(url)}`;

describe("the route list", () => {
  it("is read from app/routes.ts and holds every admin screen, action and API", () => {
    const patterns = ADMIN_ROUTES.map((route) => route.pattern);
    for (const expected of [
      "admin",
      "admin/produtos",
      "admin/produtos/novo",
      "admin/produtos/editar/:id",
      "admin/pedidos",
      "admin/pedidos/:id",
      "admin/clientes",
      "admin/configuracoes",
      "admin/importar",
      "admin/relatorios",
      "admin/relatorios/exportar.csv",
    ]) {
      expect(patterns).toContain(expected);
    }
    // The layout and the dashboard share /admin; both are checked.
    expect(ADMIN_ROUTES.filter((route) => route.pattern === "admin").map((route) => route.file).sort()).toEqual([
      "routes/admin/dashboard.tsx",
      "routes/admin/layout.tsx",
    ]);
  });

  it("has every module of app/routes/admin registered under /admin", async () => {
    const files = await fs.readdir(path.resolve("app/routes/admin"));
    const registered = new Set(ADMIN_ROUTES.map((route) => route.file));
    for (const file of files.filter((name) => /\.[jt]sx?$/.test(name) && !/\.test\./.test(name))) {
      expect(registered, `app/routes/admin/${file} is not in app/routes.ts`).toContain(`routes/admin/${file}`);
    }
    for (const route of ADMIN_ROUTES) expect(route.pattern, `${route.file} must live under /admin`).toMatch(/^admin(\/|$)/);
  });

  it("says which staff roles may use each admin route, and nothing else", () => {
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual(ADMIN_ROUTES.map((route) => route.id).sort());
  });
});

describe.each(ADMIN_ROUTES.map((route) => [`/${route.pattern} (${route.id})`, route] as const))("%s", (_name, route) => {
  let module: { loader?: unknown; action?: unknown; default?: unknown };
  let url: string;
  let page: boolean;

  beforeAll(async () => {
    module = (await vite.ssrLoadModule(`/app/${route.file}`)) as typeof module;
    url = urlOf(route);
    page = typeof module.default === "function";
  });

  it("has a loader (where the check lives: a module without one would serve its page unchecked)", () => {
    expect(typeof module.loader).toBe("function");
  });

  it.each(ROLES)("GET as %s", async (role) => {
    const answer = await send(role, url, "GET");
    const what = `${role} GET ${url}`;
    const access = accessOf(role, route, "get");
    if (access === "anonymous") {
      expect([answer.status, answer.location], what).toEqual([302, loginFor(url)]);
    } else if (access === "customer") {
      expect([answer.status, answer.location], what).toEqual([302, "/"]);
    } else if (access === "refused") {
      if (route.id === "routes/admin/dashboard") {
        // /admin is where everyone lands: a Vendedor goes on to the orders.
        expect([answer.status, answer.location], what).toEqual([302, "/admin/pedidos"]);
      } else {
        expect(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBe(403);
        if (answer.contentType.startsWith("text/html")) expect(answer.body).toContain("Sem permissão para esta parte do painel");
        else expect(answer.body).toMatch(/Seu perfil \((Gerente|Vendedor)\) não permite isso/);
      }
    } else if (answer.status !== 200) {
      // A resource route that only takes POSTs may send a GET to its page.
      expect([answer.status, answer.location], `${what}: ${answer.body.slice(0, 500)}`).toEqual([302, expect.stringMatching(/^\/admin(\/|$)/)]);
    }
  });

  it.each(ROLES)("client navigation (.data, this module's loader alone) as %s", async (role) => {
    if (!page) return; // resource routes answer documents only
    const answer = await send(role, `${url}.data?_routes=${encodeURIComponent(route.id)}`, "GET");
    const what = `${role} GET ${url}.data (${route.id})`;
    const access = accessOf(role, route, "get");
    if (access === "anonymous") {
      expect([answer.status, dataRedirect(answer)], what).toEqual([202, loginFor(url)]);
    } else if (access === "customer") {
      expect([answer.status, dataRedirect(answer)], what).toEqual([202, "/"]);
    } else if (access === "refused") {
      if (route.id === "routes/admin/dashboard") expect([answer.status, dataRedirect(answer)], what).toEqual([202, "/admin/pedidos"]);
      else expect(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBe(403);
    } else {
      expect(answer.status, `${what}: ${answer.body.slice(0, 500)}`).toBe(200);
      expect(answer.body).toContain(JSON.stringify(route.id));
    }
  });

  it.each(ROLES)("POST as %s (form and fetcher)", async (role) => {
    // An index route's action is addressed with ?index (otherwise the POST goes to its layout).
    const target = route.index ? "?index" : "";
    const document = await send(role, `${url}${target}`, "POST");
    const data = page ? await send(role, `${url}.data${target}`, "POST") : null;
    const what = `${role} POST ${url}`;
    const access = accessOf(role, route, "post");

    if (typeof module.action !== "function") {
      // Nothing to run: refused whoever asks, and never a 2xx.
      if (access === "admin") expect(document.status, what).toBe(405);
      else expect([302, 403, 405], what).toContain(document.status);
      if (data) expect(data.status, `${what}.data`).toBe(405);
      return;
    }
    if (access === "anonymous") {
      expect([document.status, document.location], what).toEqual([302, loginFor(url)]);
      if (data) expect([data.status, dataRedirect(data)], `${what}.data`).toEqual([202, loginFor(url)]);
    } else if (access === "customer" || access === "refused") {
      // A refused write answers 403, as a form without JavaScript and as a fetcher: never a redirect,
      // which would make the refused change look like it went through (issue 14).
      expect([document.status, document.location], what).toEqual([403, null]);
      if (data) expect(data.status, `${what}.data`).toBe(403);
    } else {
      // An empty form: the action answers (usually a validation message), it does not refuse the admin.
      for (const [answer, label] of [[document, what], ...(data ? [[data, `${what}.data`] as const] : [])] as const) {
        expect([401, 403, 405], `${label}: ${answer.status}`).not.toContain(answer.status);
        expect(answer.status, `${label}: ${answer.body.slice(0, 500)}`).toBeLessThan(500);
        const location = answer.location ?? dataRedirect(answer);
        if (location) expect(location, label).not.toMatch(/^\/(login(\?|$)|$)/);
      }
    }
  });
});
