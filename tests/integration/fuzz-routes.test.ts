// Property-based fuzzing (fast-check) of every route that takes a write (an `action`) and every
// resource route, through the app's real Express + React Router handler, as an anonymous visitor, a
// customer and an admin; and every route's loader with random query strings. The route list comes
// from app/routes.ts, and the form fields tried are the ones the app's own source reads, so a new
// route or field is fuzzed without anyone listing it here.
//
// Whatever arrives (random fields, huge or unicode strings, NUL bytes, markup, SQL, repeated fields,
// JSON, broken multipart, the wrong content type), three things must hold:
//   - never a 5xx;
//   - nothing in the answer that only a crash shows (stack frames, error class names, file paths, SQL);
//   - a refused request (4xx) stored nothing: every table's content and the media directory unchanged.
import { readdirSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "#database/schema";
import { FORM_UNREADABLE_MESSAGE } from "~/server/requests/form-data.server";
import { METHOD_NOT_ALLOWED_MESSAGE } from "../../server/method-not-allowed";
import type { LoadContext } from "~/server/load-context.server";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { allRoutes, startHttpApp, type HttpApp, type RouteEntry } from "../setup/http-app";
import { checkoutFormFields, insertOrder, orderableLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

type Role = "anonymous" | "customer" | "admin";

/** What the route's module exports, read from its source (the test list must exist before any import). */
function exportsOf(route: RouteEntry) {
  const source = readFileSync(path.resolve("app", route.file), "utf8");
  return {
    action: /export (async )?function action\b|export const action\b/.test(source),
    page: /export default\b/.test(source),
  };
}

const ROUTES = allRoutes().map((route) => ({ ...route, ...exportsOf(route) }));
/** The layouts' patterns are their children's too; each URL is fuzzed once, by the module that answers it. */
const WRITE_TARGETS = ROUTES.filter((route) => (route.action || !route.page) && route.file !== "routes/storefront/layout.tsx");
const READ_TARGETS = ROUTES.filter((route) => !route.file.endsWith("/layout.tsx"));

/** Every field name the app reads or renders: `name="…"` in forms, `.get("…")` / `.getAll("…")` on FormData. */
function fieldNamesFromSource(): { names: string[]; values: string[] } {
  const names = new Set<string>();
  const values = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")) {
        const source = readFileSync(full, "utf8");
        for (const match of source.matchAll(/\bname="([\w.[\]-]{1,40})"/g)) names.add(match[1]!);
        for (const match of source.matchAll(/\.(?:get|getAll|has)\("([\w.[\]-]{1,40})"\)/g)) names.add(match[1]!);
        // Query parameters named through a constant (`CUSTOMER_PARAM = "cliente"`).
        for (const match of source.matchAll(/\b[A-Z_]+_PARAM = "([\w-]{1,40})"/g)) names.add(match[1]!);
        // Literal values the code compares against or offers: intents, statuses, roles, methods.
        for (const match of source.matchAll(/(?:===|!==) "([\w-]{1,30})"|\bvalue="([\w-]{1,30})"/g)) values.add(match[1] ?? match[2]!);
      }
    }
  };
  walk(path.resolve("app"));
  return { names: [...names].sort(), values: [...values].sort() };
}

const SOURCE = fieldNamesFromSource();

const HOSTILE_STRINGS = [
  "",
  " ",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "' OR '1'='1' --",
  "1; DROP TABLE products; --",
  "\u0000",
  "abc\u0000def",
  "%00",
  "\ud800",
  "💥🇧🇷 ação çãõ ñ",
  "\u202e\u200b\ufeff",
  "../../../../etc/passwd",
  "-1",
  "0",
  "1",
  "2147483648",
  "99999999999999999999999",
  "1e309",
  "NaN",
  "Infinity",
  "1.5",
  "1,5",
  "true",
  "false",
  "null",
  "undefined",
  "[]",
  "{}",
  '{"role":"admin"}',
  "__proto__",
  "admin",
  "a".repeat(5_000),
  "ç".repeat(70_000),
  "\u0007\u001b[31m\u007f\u0085",
  "Ana\n*Total: R$ 1,00*",
  "/produtos?q=\u2615",
  "/\u2615",
  "☕ ação ü ŀ Ω 中文",
  "-2147483649",
  "9223372036854775808",
  "4294967296",
];

/** What people do not type, as fast-check draws it: control characters, big integers, text beyond Latin-1. */
const controlText = fc
  .array(
    fc.oneof(
      // NUL is the one PostgreSQL refuses outright.
      { weight: 2, arbitrary: fc.constant(0) },
      { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x1f }) },
      { weight: 1, arbitrary: fc.integer({ min: 0x7f, max: 0x9f }) },
      { weight: 2, arbitrary: fc.constantFrom(0x202e, 0x2066, 0x200f, 0x41, 0x61) },
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((codes) => String.fromCodePoint(...codes));
const bigInteger = fc.oneof(fc.bigInt({ min: 2n ** 31n, max: 2n ** 70n }), fc.bigInt({ min: -(2n ** 70n), max: -1n })).map(String);
const beyondLatin1 = fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }).filter((text) => [...text].some((character) => character.codePointAt(0)! > 0xff));

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let context: LoadContext;
let http: HttpApp;
let users: Record<Exclude<Role, "anonymous">, SignedInUser>;
/** Real values for the routes' parameters (by parameter name) and for fields that take an id. */
let samples: Record<string, string>;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  context = { ...app.context, config: { ...app.context.config, mediaDir: t.mediaDir } };
  const [product] = await t.db.select({ id: products.id }).from(products).limit(1);
  const order = await insertOrder(t.db, { createdAt: new Date(), items: [{ productId: product!.id, name: "Produto", unitPriceCents: 10_00, quantity: 1 }] });
  const [{ publicToken }] = (await t.db.select({ publicToken: orders.publicToken }).from(orders).where(eq(orders.id, order.id))) as [{ publicToken: string }];
  users = { customer: await signedInUser(context, "customer"), admin: await signedInUser(context, "admin") };
  const { lines: orderLines } = await orderableLine(t.pool);
  samples = {
    id: String(product!.id),
    orderId: order.id,
    token: publicToken,
    userId: users.customer.id,
    orderLines,
  };
  const signIn = await signedInUser(context, "customer");
  signInAccount = { email: signIn.email, password: signIn.password };
  http = await startHttpApp(context);
}, 120_000);

afterAll(async () => {
  await http?.close();
  await t?.close();
  await app?.close();
});

// ---- what a request may contain ---------------------------------------------------------------

const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: controlText },
  { weight: 1, arbitrary: bigInteger },
  { weight: 1, arbitrary: beyondLatin1 },
);
const fieldValue = fc.oneof(
  { weight: 4, arbitrary: anyString },
  { weight: 2, arbitrary: fc.constantFrom(...SOURCE.values) },
  { weight: 1, arbitrary: fc.constant(null).map(() => samples.id!) },
  { weight: 1, arbitrary: fc.constant(null).map(() => samples.userId!) },
);
const fieldName = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...SOURCE.names) }, { weight: 1, arbitrary: anyString });
/** Fields in order, names repeated at will. */
const fields = fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 12 });

type Body = { label: string; contentType: string | null; body: string | FormData | null };

const urlEncoded = fields.map((entries): Body => ({
  label: "form",
  contentType: "application/x-www-form-urlencoded",
  body: new URLSearchParams(entries).toString(),
}));
const multipart = fc
  .tuple(fields, fc.array(fc.tuple(fc.constantFrom(...SOURCE.names, "newImages", "file"), fc.uint8Array({ maxLength: 2_000 }), anyString), { maxLength: 2 }))
  .map(([entries, files]): Body => {
    const form = new FormData();
    for (const [name, value] of entries) form.append(name, value);
    for (const [name, bytes, fileName] of files) form.append(name, new File([bytes], fileName || "x", { type: "image/png" }));
    return { label: "multipart", contentType: null, body: form };
  });
const jsonBody = fc.oneof(fc.json(), fields.map((entries) => JSON.stringify(Object.fromEntries(entries)))).map((json): Body => ({ label: "json", contentType: "application/json", body: json }));
const brokenMultipart = fc
  .tuple(fc.constantFrom("multipart/form-data", "multipart/form-data; boundary=", "multipart/form-data; boundary=zz", 'multipart/form-data; boundary="a b"'), anyString)
  .map(([contentType, text]): Body => ({ label: "broken multipart", contentType, body: `--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${text}` }));
const wrongType = fc
  .tuple(fc.constantFrom("text/plain", "application/xml", "application/octet-stream", "text/html; charset=utf-16", "application/x-www-form-urlencoded; charset=iso-8859-1", "image/png", ""), anyString)
  .map(([contentType, text]): Body => ({ label: "wrong content type", contentType: contentType || null, body: text }));
const noBody = fc.constant<Body>({ label: "empty", contentType: null, body: null });

const requestBody = fc.oneof(
  { weight: 4, arbitrary: urlEncoded },
  { weight: 2, arbitrary: multipart },
  { weight: 1, arbitrary: jsonBody },
  { weight: 1, arbitrary: brokenMultipart },
  { weight: 1, arbitrary: wrongType },
  { weight: 1, arbitrary: noBody },
);
/**
 * Node refuses a request whose line and headers pass 16 KB (431) before the app sees it, and closes
 * the connection while the client may still be sending, so the client can see a reset instead of the
 * answer: query strings are cut to 8 KB, which is still longer than browsers and proxies let through.
 */
const MAX_QUERY_CHARS = 8_000;
const queryString = fc
  .oneof(
    fc.constant(""),
    fields.map((entries) => `?${new URLSearchParams(entries).toString()}`),
    fc.webQueryParameters().map((query) => `?${query}`),
    fc.constantFrom("?%", "?%ZZ=1", "?a=%E0%A4%A", "?page=-1", "?pagina=-1", "?pagina=99999999999", "?q=%00", "?index", "?_data=root", "?a[]=1&a[b]=2"),
    // One parameter the app reads, with a value a person never types or a path beyond Latin-1.
    fc
      .tuple(fc.constantFrom(...SOURCE.names), fc.oneof(controlText, bigInteger, beyondLatin1, beyondLatin1.map((text) => `/produtos?q=${text}`)))
      .map(([name, value]) => `?${new URLSearchParams([[name, value]]).toString()}`),
  )
  .map((query) => query.slice(0, MAX_QUERY_CHARS));

// ---- sending and checking ---------------------------------------------------------------------

type Answer = { status: number; body: string };

async function send(role: Role, url: string, method: "GET" | "POST", body?: Body): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (role !== "anonymous") headers.cookie = users[role].cookie;
  if (method === "POST") {
    // Same-origin, as the site's own forms: CSRF refusals are another file's business.
    headers.origin = http.origin;
    headers["sec-fetch-site"] = "same-origin";
    if (body?.contentType) headers["content-type"] = body.contentType;
  }
  const response = await fetch(`${http.origin}${url}`, { method, headers, redirect: "manual", body: body?.body ?? undefined });
  const contentType = response.headers.get("content-type") ?? "";
  // A live stream (server-sent events) never ends: its status and headers are the answer.
  const text = contentType.startsWith("text/event-stream") ? (await response.body?.cancel(), "") : await response.text();
  return { status: response.status, body: text };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What only a crash or a debug page shows. */
const LEAKS: [string, RegExp][] = [
  ["a stack frame", /\n\s+at [\w$.<>[\] ]+ \(|\bat (?:async )?\S+ \((?:file:|\/|node:)/],
  ["an error class", /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|DrizzleQueryError|DatabaseError|ZodError|Error): /],
  // (Development pages preload modules by their /app/… and /node_modules/… URLs: those are not leaks.)
  ["a file on the server", new RegExp(`${escapeRegExp(path.resolve("."))}|\\.[cm]?[jt]sx?:\\d+:\\d+|\\.server\\.ts\\b`)],
  ["SQL or a database message", /\b(?:syntax error at or near|violates (?:not-null|foreign key|unique|check) constraint|invalid byte sequence|invalid input syntax|Failed query:|SQLSTATE|select .+ from "\w+")/i],
  ["React Router's crash text", /Unexpected Server Error/],
];

function expectNoLeak(answer: Answer, what: string) {
  for (const [label, pattern] of LEAKS) {
    const found = answer.body.match(pattern);
    expect(found, `${what}: ${label} in the answer: …${found ? answer.body.slice(Math.max(0, found.index! - 200), found.index! + 200) : ""}…`).toBeNull();
  }
}

/** Tables that record visits rather than data: sessions, rate-limit counters, verification tokens. */
const VOLATILE_TABLES = /session|rate_limit|verification|login_attempt/;
let tableNames: string[] | null = null;

/** A fingerprint of every table's rows and of the media directory. */
async function snapshot(): Promise<Record<string, string>> {
  if (!tableNames) {
    const { rows } = await t.pool.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'");
    tableNames = rows.map((row) => row.name).filter((name) => !VOLATILE_TABLES.test(name) && !name.startsWith("__drizzle"));
  }
  const union = tableNames.map((name) => `select '${name}' as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as hash from "${name}" x`).join(" union all ");
  const { rows } = await t.db.execute<{ name: string; hash: string }>(sql.raw(union));
  const state = Object.fromEntries(rows.map((row) => [row.name, row.hash]));
  state["media files"] = (await fs.readdir(t.mediaDir)).sort().join(",");
  return state;
}

// ---- URLs ----------------------------------------------------------------------------------------

const SPLATS = ["sign-in/email", "sign-up/email", "request-password-reset", "reset-password", "get-session", "update-user", "change-password", "ok", "nada/%00/<script>"];
/** Better Auth endpoints that would end the fuzzing users' own sessions. */
const SESSION_ENDERS = /^(routes\/account\/sign-out\.ts)$/;

function urlOf(route: RouteEntry, splat: string): string {
  let url = `/${route.pattern}`
    .replace(":id", route.pattern.startsWith("admin/pedidos") ? samples.orderId! : samples.id!)
    .replace(":token", samples.token!)
    .replace("*", splat);
  if (url.length > 1 && url.endsWith("/")) url = url.slice(0, -1);
  return url;
}

const ROLES = fc.constantFrom<Role>("anonymous", "customer", "admin");
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

describe("writes: every action and resource route, random and hostile bodies", () => {
  it.each(WRITE_TARGETS.map((route) => [`POST /${route.pattern} (${route.id})`, route] as const))("%s", async (what, route) => {
    await fc.assert(
      fc.asyncProperty(
        // Signing out would leave the other properties without their signed-in users.
        SESSION_ENDERS.test(route.file) ? fc.constant<Role>("anonymous") : ROLES,
        requestBody,
        queryString,
        fc.boolean(),
        fc.constantFrom(...SPLATS),
        async (role, body, query, asData, splat) => {
          const base = urlOf(route, splat);
          // A page's action is also reached as a fetcher (`.data`); an index route's with ?index.
          const url = `${route.page && asData ? `${base === "/" ? "/_root" : base}.data` : base}${route.index ? "?index" : query}`;
          const before = await snapshot();
          const answer = await send(role, url, "POST", body);
          const label = `${role} POST ${url} (${body.label})`;
          expect(answer.status, `${label}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
          expectNoLeak(answer, label);
          if (answer.status >= 400) expect(await snapshot(), `${label} was refused (${answer.status}) but changed data`).toEqual(before);
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
    void what;
  }, 120_000);
});

describe("reads: every route's loader with random query strings", () => {
  it.each(READ_TARGETS.map((route) => [`GET /${route.pattern} (${route.id})`, route] as const))("%s", async (_what, route) => {
    await fc.assert(
      fc.asyncProperty(ROLES, queryString, fc.boolean(), fc.constantFrom(...SPLATS), async (role, query, asData, splat) => {
        const base = urlOf(route, splat);
        const url = route.page && asData ? `${base === "/" ? "/_root" : base}.data${query ? `${query}&` : "?"}_routes=${encodeURIComponent(route.id)}` : `${base}${query}`;
        const answer = await send(role, url, "GET");
        const label = `${role} GET ${url}`;
        expect(answer.status, `${label}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
        expectNoLeak(answer, label);
      }),
      { numRuns: Math.ceil(RUNS / 2), endOnFailure: true },
    );
  }, 120_000);
});

/**
 * A form that passes validation, with one field made hostile: random bodies rarely get past a form's
 * schema, and a NUL byte in a name or a ☕ in redirectTo breaks only what comes after it (the insert,
 * the Location header). Only fields whose change cannot lock anyone out are touched (no passwords).
 */
type ValidForm = { what: string; role: Role; path: string; fields: () => Record<string, string>; hostile: string[] };
let signInAccount: { email: string; password: string };
let formNumber = 0;

function validForms(): ValidForm[] {
  const unique = () => `${Date.now().toString(36)}${(formNumber += 1)}`;
  const checkout = checkoutFormFields();
  return [
    {
      what: "checkout",
      role: "anonymous",
      path: "/checkout",
      fields: () => ({ ...checkout, lines: samples.orderLines!, idempotencyKey: `fuzz-${unique()}-key0` }),
      hostile: ["name", "email", "phone", "cpf", "cep", "address", "number", "complement", "neighborhood", "city", "notes", "pickupLocationId", "installments"],
    },
    {
      what: "quick order",
      role: "customer",
      path: "/pedido",
      fields: () => ({ lines: samples.orderLines!, idempotencyKey: `fuzz-${unique()}-key0` }),
      hostile: ["idempotencyKey"],
    },
    {
      what: "sign-up",
      role: "anonymous",
      path: "/registrar",
      fields: () => ({ name: "Fuzz", email: `fuzz-${unique()}@exemplo.com`, password: "senha-boa-do-fuzz-1", confirmPassword: "senha-boa-do-fuzz-1", redirectTo: "/" }),
      hostile: ["name", "email", "redirectTo"],
    },
    { what: "sign-in", role: "anonymous", path: "/login", fields: () => ({ ...signInAccount, redirectTo: "/" }), hostile: ["redirectTo"] },
    { what: "profile", role: "customer", path: "/conta", fields: () => ({ name: "Cliente", phone: "(81) 99999-8888", address: "Rua A, 1" }), hostile: ["name", "phone", "address"] },
  ];
}

describe("valid forms with one field made hostile", () => {
  it("never answer 5xx or leak, whatever the field holds", async () => {
    const forms = validForms();
    const hostileValue = fc.oneof(anyString, controlText, bigInteger, beyondLatin1, beyondLatin1.map((text) => `/produtos?q=${text}`));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...forms), fc.nat(), hostileValue, fc.constantFrom("replace", "insert"), async (form, pick, value, how) => {
        // Rate limits would turn the later runs into 429s before the form is read.
        await t.pool.query("delete from rate_limits");
        const fields = form.fields();
        const field = form.hostile[pick % form.hostile.length]!;
        const valid = fields[field] ?? "";
        fields[field] = how === "replace" ? value : `${valid.slice(0, 2)}${value}${valid.slice(2)}`;
        const answer = await send(form.role, form.path, "POST", { label: "form", contentType: "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() });
        const label = `${form.role} POST ${form.path} with ${field}=${JSON.stringify(fields[field]).slice(0, 80)}`;
        expect(answer.status, `${label}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
        expectNoLeak(answer, label);
      }),
      { numRuns: RUNS * 4, endOnFailure: true },
    );
  }, 240_000);
});

describe("unknown and unusual methods", () => {
  const METHODS = ["TRACE", "PROPFIND", "MKCOL", "PURGE", "LINK", "PATCH", "PUT", "DELETE", "OPTIONS", "SEARCH", "M-SEARCH", "UNLOCK"];
  it("answer without a crash or a leak on every route", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...READ_TARGETS), fc.constantFrom(...METHODS), ROLES, fc.constantFrom(...SPLATS), async (route, method, drawnRole, splat) => {
        // A PUT reaches /sair's action, which would sign out the user the other properties rely on.
        const role = SESSION_ENDERS.test(route.file) ? "anonymous" : drawnRole;
        const url = urlOf(route, splat);
        const headers: Record<string, string> = { origin: http.origin, "sec-fetch-site": "same-origin" };
        if (role !== "anonymous") headers.cookie = users[role].cookie;
        // node:http, since fetch refuses to send TRACE and CONNECT.
        const answer = await new Promise<Answer>((resolve, reject) => {
          const sent = httpRequest(`${http.origin}${url}`, { method, headers }, (response) => {
            let text = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => (text += chunk));
            response.on("end", () => resolve({ status: response.statusCode!, body: text }));
          });
          sent.on("error", reject);
          sent.end();
        });
        const label = `${role} ${method} ${url}`;
        // Methods no route takes are refused before any route; PUT, PATCH and DELETE reach a page's action (its guards, its form checks).
        if (!["OPTIONS", "PATCH", "PUT", "DELETE"].includes(method)) expect(answer.status, label).toBe(405);
        expect(answer.status, `${label}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
        expectNoLeak(answer, label);
      }),
      { numRuns: RUNS * 2, endOnFailure: true },
    );
  }, 120_000);
});

describe("what the fuzzing found, as fixed examples", () => {
  /** Requests one after the other on one kept-alive connection, as a browser sends a page's requests. */
  async function onOneConnection(requests: { path: string; method: string; headers?: Record<string, string>; body?: string }[]) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const answers: { status: number; body: string; headers: Record<string, unknown> }[] = [];
    try {
      for (const { path: target, method, headers = {}, body } of requests) {
        answers.push(
          await new Promise((resolve, reject) => {
            const sent = httpRequest(`${http.origin}${target}`, { method, agent, headers: { origin: http.origin, "sec-fetch-site": "same-origin", ...headers } }, (response) => {
              sockets.add(response.socket);
              let text = "";
              response.setEncoding("utf8");
              response.on("data", (chunk: string) => (text += chunk));
              response.on("end", () => resolve({ status: response.statusCode!, body: text, headers: response.headers }));
            });
            sent.on("error", reject);
            sent.end(body);
          }),
        );
      }
    } finally {
      agent.destroy();
    }
    return { answers, connections: sockets.size };
  }

  it("a write refused before its body is read leaves the connection usable for the next request", async () => {
    // The customer's 403 comes before the admin action reads its 300 KB body; the next request used to
    // wait on that unread body until the keep-alive timeout reset the connection.
    const body = new URLSearchParams({ name: "ç".repeat(50_000) }).toString();
    const refusedWrite = { path: "/admin/produtos", method: "POST", headers: { cookie: users.customer.cookie, "content-type": "application/x-www-form-urlencoded" }, body };
    const { answers, connections } = await onOneConnection([refusedWrite, refusedWrite, { path: "/robots.txt", method: "GET" }]);
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 200]);
    expect(connections).toBe(1);
  });

  it("a write to a read-only resource route is a plain 405 naming the methods it takes", async () => {
    for (const target of ["/robots.txt", "/sitemap.xml", "/admin/produtos/exportar.csv", "/admin/relatorios/exportar.csv", "/admin/pedidos/eventos"]) {
      const answer = await send("admin", target, "POST", { label: "form", contentType: "application/x-www-form-urlencoded", body: "a=1" });
      expect([target, answer.status, answer.body]).toEqual([target, 405, METHOD_NOT_ALLOWED_MESSAGE]);
    }
    const { answers } = await onOneConnection([{ path: "/robots.txt", method: "DELETE" }]);
    expect(answers[0]).toMatchObject({ status: 405, body: METHOD_NOT_ALLOWED_MESSAGE, headers: { allow: "GET, HEAD" } });
  });

  it("a form sent as another content type, or broken, is refused with a pt-BR message and no crash", async () => {
    const cases: [string, Body, number][] = [
      ["/sair", { label: "json", contentType: "application/json", body: "{}" }, 415],
      ["/api/favoritos", { label: "text", contentType: "text/plain", body: "productId=1" }, 415],
      ["/pedido", { label: "broken", contentType: "multipart/form-data; boundary=zz", body: "--zz\r\nContent-Disposition: form-data; name=x\r\n\r\ny" }, 400],
    ];
    for (const [target, body, status] of cases) {
      const answer = await send("customer", target, "POST", body);
      expect([target, answer.status, answer.body]).toEqual([target, status, FORM_UNREADABLE_MESSAGE]);
    }
    // A page's action shows the refusal in the page, with the same status.
    const page = await send("anonymous", "/checkout", "POST", { label: "xml", contentType: "application/xml", body: "<pedido/>" });
    expect(page.status).toBe(415);
    expectNoLeak(page, "POST /checkout (xml)");
  });
});
