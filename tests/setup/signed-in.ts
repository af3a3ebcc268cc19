// Shoppers for server-side tests: real Better Auth accounts and session cookies on a test database,
// and route handlers called as React Router calls them (thrown responses included).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { users } from "#database/schema";
import { createAuth } from "~/server/auth/auth.server";
import { emailOutbox, stopEmailDelivery } from "~/server/email/email-queue.server";
import { loadConfig } from "~/server/config.server";
import type { LoadContext } from "~/server/load-context.server";
import { createTestDatabase, type TestDatabase } from "./test-database";

export const TEST_ORIGIN = "http://localhost:3999";

export type Shopper = { id: string; email: string; cookie: string };

export async function createAuthContext(t: TestDatabase): Promise<{ context: LoadContext; cleanUp: () => Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "erick-account-test-"));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: "3999" });
  const context: LoadContext = { db: t.db, config, auth: createAuth(t.db, config), emails: emailOutbox(t.db, config), cspNonce: "" };
  const cleanUp = async () => {
    // As admin-session's close: the e-mail loop (a sign-up's confirmation) writes its outbox under
    // dataDir, so its round ends first, and a late write during the removal is retried (CI on Node 24
    // met ENOTEMPTY here, in account-lists, whose cleanUp runs before the database closes).
    await stopEmailDelivery(t.db);
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  };
  return { context, cleanUp };
}

export type AuthTest = { t: TestDatabase; context: LoadContext; close: () => Promise<void> };

/**
 * A test database and a load context on it, shared by a file's tests:
 *
 *   beforeAll(async () => ({ t, context, close } = await openAuthTest()));
 *   afterAll(() => close?.());
 */
export async function openAuthTest(): Promise<AuthTest> {
  const t = await createTestDatabase();
  try {
    const { context, cleanUp } = await createAuthContext(t);
    const close = async () => {
      await t.close();
      await cleanUp();
    };
    return { t, context, close };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/** A new client address on every call (`10.<subnet>.x.y`), so per-address rate limits stay out of a test's way. */
export function clientAddresses(subnet: number): () => string {
  let count = 0;
  return () => {
    count += 1;
    return `10.${subnet}.${Math.floor(count / 250)}.${(count % 250) + 1}`;
  };
}

let counter = 0;

/** Registers a shopper (role customer unless `admin`) and returns their session cookie. */
export async function signUp(context: Pick<LoadContext, "auth" | "db">, { name = "Maria Silva", admin = false } = {}): Promise<Shopper> {
  counter += 1;
  const email = `cliente-${process.pid}-${counter}@exemplo.com`;
  const { headers, response } = await context.auth.api.signUpEmail({
    body: { name, email, password: "senha-segura-1" },
    headers: new Headers({ host: "localhost:3999" }),
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (admin) await context.db.update(users).set({ role: "admin", staffRole: "dono" }).where(eq(users.id, response.user.id));
  return { id: response.user.id, email, cookie };
}

type RequestInit = { method?: string; form?: Record<string, string | string[]>; as?: Shopper | null; headers?: Record<string, string> };

/** A browser request to our origin, signed in `as` a shopper; forms are same-origin POSTs. */
export function browserRequest(pathname: string, init: RequestInit = {}): Request {
  const headers = new Headers({ host: "localhost:3999", "user-agent": "vitest" });
  if (init.as) headers.set("cookie", init.as.cookie);
  let body: URLSearchParams | undefined;
  if (init.form) {
    body = new URLSearchParams();
    for (const [name, value] of Object.entries(init.form)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    }
    headers.set("content-type", "application/x-www-form-urlencoded");
    headers.set("origin", TEST_ORIGIN);
    headers.set("sec-fetch-site", "same-origin");
  }
  for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);
  return new Request(`${TEST_ORIGIN}${pathname}`, { method: init.method ?? (init.form ? "POST" : "GET"), headers, body });
}

/**
 * Better Auth's HTTP API itself (`auth.handler`), as a loader for `run`: for tests of its endpoints and
 * of our hooks on them. Through the app (/api/auth/*) a browser reaches only the Google callback.
 */
export const betterAuthApi = ({ request, context }: { request: Request; context: LoadContext }) => context.auth.handler(request);

export type Outcome<T = unknown> = { status: number; location: string | null; data: T };

type Handler = (args: { request: Request; context: LoadContext; params: Record<string, string> }) => unknown;

/** Runs a loader or action; a thrown or returned Response, or `data()`, becomes an Outcome. */
export async function run<T = Record<string, unknown>>(
  handler: unknown,
  request: Request,
  context: LoadContext,
  params: Record<string, string> = {},
): Promise<Outcome<T>> {
  let result: unknown;
  try {
    result = await (handler as Handler)({ request, context, params });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const type = result.headers.get("content-type") ?? "";
    const body = type.includes("json") ? await result.json() : await result.text();
    return { status: result.status, location: result.headers.get("location"), data: body as T };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: T; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data };
  }
  return { status: 200, location: null, data: result as T };
}
