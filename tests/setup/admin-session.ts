// A real load context ({ db, config, auth }) on a test database, and signed-in sessions for an admin
// and a customer, for tests that call admin loaders and actions as the app would:
//
//   const app = await createTestContext(t);          // t from createTestDatabase()
//   const admin = await signedInUser(app.context, "admin");
//   await loader({ request: adminRequest(admin, "/admin"), context: app.context, params: {} });
//   afterAll(() => app.close());
//
// or, for a file whose tests share one database, an admin and a customer, openAdminTest() below.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createAdmin } from "~/server/auth/admins.server";
import { CLIENT_IP_HEADER, createAuth } from "~/server/auth/auth.server";
import { emailOutbox, stopEmailDelivery } from "~/server/email/email-queue.server";
import { loadConfig } from "~/server/config.server";
import type { LoadContext } from "~/server/load-context.server";
import { clientAddresses } from "./signed-in";
import { createTestDatabase, type TestDatabase } from "./test-database";

export const TEST_ORIGIN = "http://localhost:3999";

/** The audit log's 'who' for tests that call a domain function directly and do not look at the log. */
export const TEST_ACTOR = { id: null, name: "Teste automatizado", email: "teste@exemplo.com" };

export async function createTestContext(t: TestDatabase): Promise<{ context: LoadContext; dataDir: string; close: () => Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "erick-admin-test-"));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: "3999" });
  const context: LoadContext = { db: t.db, config, auth: createAuth(t.db, config), emails: emailOutbox(t.db, config), cspNonce: "" };
  const close = async () => {
    // The e-mail loop writes its outbox under dataDir: its round ends before the directory goes. A staff
    // notice sent after a response may still start a round and write while the directory goes: retry.
    await stopEmailDelivery(t.db);
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  };
  return { context, dataDir, close };
}

export type SignedInUser = { id: string; name: string; email: string; password: string; role: "admin" | "customer"; cookie: string };

/** A member of staff other than the default admin (a Dono): a Gerente, or a Vendedor of one store. */
export type StaffRoleOf = { staffRole: "dono" | "gerente" | "vendedor"; storeId?: number | null };

const newAddress = clientAddresses(250);
/** Each sign-in from its own address, so the sign-in rate limit never interferes. */
function clientHeaders(): Headers {
  return new Headers({ host: "localhost:3999", [CLIENT_IP_HEADER]: newAddress() });
}

function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!.trim())
    .join("; ");
}

/** A new account of that role (an admin is a Dono unless `staff` says otherwise), signed in with e-mail and password through Better Auth. */
export async function signedInUser(
  { auth, db }: Pick<LoadContext, "auth" | "db">,
  role: "admin" | "customer",
  staff: StaffRoleOf = { staffRole: "dono" },
): Promise<SignedInUser> {
  const id = randomBytes(4).toString("hex");
  const email = `${role}-${id}@exemplo.com`;
  const password = `senha-${id}-teste`;
  const name = `${role === "admin" ? "Admin" : "Cliente"} ${id}`;
  let userId: string;
  if (role === "admin") {
    userId = (await createAdmin(auth, db, { email, password, name, access: { staffRole: staff.staffRole, storeId: staff.storeId ?? null } }, TEST_ACTOR)).id;
  } else {
    const { user } = await auth.api.signUpEmail({ body: { name, email, password }, headers: clientHeaders() });
    userId = user.id;
  }
  const { headers } = await auth.api.signInEmail({ body: { email, password }, headers: clientHeaders(), returnHeaders: true });
  const cookie = cookieHeader(headers);
  if (!cookie) throw new Error(`no session cookie for ${email}`);
  return { id: userId, name, email, password, role, cookie };
}

/** A browser's request from our own origin, with that user's cookie (none: anonymous). */
export function requestAs(
  user: SignedInUser | null,
  pathname: string,
  init: { method?: string; form?: FormData | URLSearchParams; headers?: Record<string, string> } = {},
): Request {
  const headers = new Headers({ host: "localhost:3999", "user-agent": "vitest" });
  if (user) headers.set("cookie", user.cookie);
  if (init.form || (init.method && init.method !== "GET")) {
    headers.set("origin", TEST_ORIGIN);
    headers.set("sec-fetch-site", "same-origin");
  }
  for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);
  return new Request(`${TEST_ORIGIN}${pathname}`, { method: init.method ?? (init.form ? "POST" : "GET"), headers, body: init.form });
}

export type AdminTest = { t: TestDatabase; context: LoadContext; admin: SignedInUser; customer: SignedInUser; close: () => Promise<void> };

/**
 * A test database, a load context on it, and a signed-in admin and customer: what a file that calls admin
 * loaders and actions shares. Images go to `mediaDir`, by default the test database's own (the seed's
 * images), so uploads land where the pages read them from.
 *
 *   beforeAll(async () => ({ t, context, admin, customer, close } = await openAdminTest()));
 *   afterAll(() => close?.());
 */
export async function openAdminTest({ mediaDir }: { mediaDir?: string } = {}): Promise<AdminTest> {
  const t = await createTestDatabase();
  let app: Awaited<ReturnType<typeof createTestContext>> | undefined;
  const close = async () => {
    await t.close();
    await app?.close();
  };
  try {
    app = await createTestContext(t);
    const context: LoadContext = { ...app.context, config: { ...app.context.config, mediaDir: mediaDir ?? t.mediaDir } };
    return { t, context, admin: await signedInUser(context, "admin"), customer: await signedInUser(context, "customer"), close };
  } catch (error) {
    await close();
    throw error;
  }
}
