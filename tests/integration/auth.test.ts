// Accounts end to end on the server: the account pages' actions and loaders (as React Router calls
// them), Better Auth on a real PostgreSQL, the outbox e-mail, the guards and the admin command.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accounts, sessions, users, verifications } from "#database/schema";
import { AUTH_MESSAGES } from "~/lib/account/account.schema";
import { action as accountAction, loader as accountLoader } from "~/routes/account/account";
import { action as forgotAction } from "~/routes/account/forgot-password";
import { action as loginAction, loader as loginLoader } from "~/routes/account/login";
import { action as registerAction } from "~/routes/account/register";
import { action as resetAction, loader as resetLoader } from "~/routes/account/reset-password";
import { action as signOutAction } from "~/routes/account/sign-out";
import { loader as authApiLoader } from "~/routes/api/auth";
import { betterAuthApi } from "../setup/signed-in";
import { ensureInitialAdmin } from "~/server/auth/admins.server";
import { CLIENT_IP_HEADER, createAuth, loadOrCreateAuthSecret, type Auth } from "~/server/auth/auth.server";
import { getCurrentUser, requireAdmin } from "~/server/auth/guards.server";
import { AUTH_RATE_LIMITS } from "~/server/auth/rate-limit.server";
import { loadConfig, type AppConfig } from "~/server/config.server";
import { emailOutbox } from "~/server/email/email-queue.server";
import type { OutboxEmail } from "~/server/email/send-email.server";
import type { LoadContext } from "~/server/load-context.server";
import { runAdminCommand } from "~/server/ops/admin-command.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

const ORIGIN = "http://localhost:3999";

let t: TestDatabase;
let dataDir: string;
let config: AppConfig;
let auth: Auth;
let context: LoadContext;

beforeAll(async () => {
  t = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "erick-auth-test-"));
  config = loadConfig({ DATA_DIR: dataDir, PORT: "3999" });
  auth = createAuth(t.db, config);
  context = { db: t.db, config, auth, emails: emailOutbox(t.db, config), cspNonce: "" };
});
afterAll(async () => {
  await t?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

// Every test signs in from its own address, so the rate limits of one do not spill into the next.
let lastIp = 0;
const newIp = () => {
  lastIp += 1;
  return `10.1.${Math.floor(lastIp / 250)}.${(lastIp % 250) + 1}`;
};

/** A browser's cookies for our origin. */
class CookieJar {
  private cookies = new Map<string, string>();
  store(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(index + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

type Browser = { ip: string; jar: CookieJar };
const browser = (): Browser => ({ ip: newIp(), jar: new CookieJar() });

function request(who: Browser, pathname: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const headers = new Headers({ host: "localhost:3999", [CLIENT_IP_HEADER]: who.ip, "user-agent": "vitest" });
  const cookie = who.jar.header();
  if (cookie) headers.set("cookie", cookie);
  if (init.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    headers.set("origin", ORIGIN);
    headers.set("sec-fetch-site", "same-origin");
  }
  for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);
  return new Request(`${ORIGIN}${pathname}`, {
    method: init.method ?? (init.form ? "POST" : "GET"),
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
  });
}

type Outcome = { status: number; location: string | null; data: Record<string, unknown> | null; setCookies: string[] };

/** Calls a route's loader or action as React Router would, thrown responses included. */
async function run(handler: unknown, req: Request, who?: Browser): Promise<Outcome> {
  let result: unknown;
  try {
    result = await (handler as (args: { request: Request; context: LoadContext; params: Record<string, string> }) => unknown)({
      request: req,
      context,
      params: {},
    });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const setCookies = result.headers.getSetCookie();
    who?.jar.store(setCookies);
    const isJson = result.headers.get("content-type")?.includes("json");
    return {
      status: result.status,
      location: result.headers.get("location"),
      data: isJson ? ((await result.json()) as Record<string, unknown>) : null,
      setCookies,
    };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data, setCookies: [] };
  }
  return { status: 200, location: null, data: result as Record<string, unknown>, setCookies: [] };
}

const errorsOf = (outcome: Outcome) => (outcome.data?.errors ?? {}) as Record<string, string>;

async function register(who: Browser, fields: Partial<Record<"name" | "email" | "password" | "confirmPassword" | "redirectTo" | "role", string>>) {
  const password = fields.password ?? "senha-segura-1";
  return run(
    registerAction,
    request(who, "/registrar", { form: { name: "Maria Silva", confirmPassword: fields.confirmPassword ?? password, ...fields, password } }),
    who,
  );
}

async function login(who: Browser, email: string, password: string, redirectTo?: string) {
  return run(loginAction, request(who, "/login", { form: { email, password, ...(redirectTo ? { redirectTo } : {}) } }), who);
}

async function currentUser(who: Browser) {
  return getCurrentUser(request(who, "/"), context);
}

async function userByEmail(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The newest outbox message to `to`, waiting for it: e-mails are sent after the response. */
async function waitForEmail(to: string, after: Date): Promise<OutboxEmail> {
  const outbox = path.join(dataDir, "outbox");
  for (let waited = 0; waited < 5000; waited += 50) {
    const files = await fs.readdir(outbox).catch(() => [] as string[]);
    const messages = await Promise.all(
      files.map(async (file) => JSON.parse(await fs.readFile(path.join(outbox, file), "utf8")) as OutboxEmail),
    );
    // Sign-up's confirmation link (guest-orders-after-sign-up.test.ts) is not what these tests wait for.
    const found = messages.filter((m) => m.to === to && new Date(m.createdAt) >= after && !m.subject.startsWith("Confirme seu e-mail")).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    if (found[0]) return found[0];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail to ${to} in the outbox`);
}

async function emailsTo(to: string) {
  const outbox = path.join(dataDir, "outbox");
  const files = await fs.readdir(outbox).catch(() => [] as string[]);
  const messages = await Promise.all(files.map(async (file) => JSON.parse(await fs.readFile(path.join(outbox, file), "utf8")) as OutboxEmail));
  return messages.filter((m) => m.to === to);
}

function resetTokenFrom(email: OutboxEmail): string {
  const match = /http:\/\/localhost:3999\/redefinir-senha\?token=([A-Za-z0-9_-]+)/.exec(email.text);
  if (!match?.[1]) throw new Error(`no reset link in: ${email.text}`);
  return match[1];
}

describe("registration (/registrar)", () => {
  it("creates a customer, signs them in with an HttpOnly, SameSite=Lax cookie and goes back", async () => {
    const who = browser();
    const outcome = await register(who, { name: "  Maria Silva ", email: "Maria@Exemplo.com", redirectTo: "/carrinho" });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/carrinho");
    const cookie = outcome.setCookies.find((line) => line.startsWith("better-auth.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    const user = await currentUser(who);
    expect(user).toMatchObject({ name: "Maria Silva", email: "maria@exemplo.com", role: "customer" });
    const row = await userByEmail("maria@exemplo.com");
    expect(row).toMatchObject({ role: "customer", emailVerified: false });
    const [credential] = await t.db.select().from(accounts).where(eq(accounts.userId, row!.id));
    expect(credential?.providerId).toBe("credential");
    // Hashed by Better Auth (scrypt: salt:key), never stored as typed.
    expect(credential?.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    expect(credential?.password).not.toContain("senha-segura-1");
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(session?.ipAddress).toBe(who.ip);
  });

  it("refuses an e-mail already registered, whatever its case", async () => {
    await register(browser(), { email: "duplicado@exemplo.com" });
    const outcome = await register(browser(), { email: "DUPLICADO@exemplo.com" });
    expect(outcome.status).toBe(400);
    expect(errorsOf(outcome)).toEqual({ email: AUTH_MESSAGES.emailTaken });
    expect(outcome.data?.data).toEqual({ name: "Maria Silva", email: "DUPLICADO@exemplo.com" });
    const [{ count }] = (await t.db.execute<{ count: number }>(sql`select count(*)::int as count from users where email = 'duplicado@exemplo.com'`)).rows as [{ count: number }];
    expect(count).toBe(1);
  });

  it("answers bad input with the form's messages and creates nothing", async () => {
    const cases: [Parameters<typeof register>[1], Record<string, string>][] = [
      [{ name: "", email: "a1@exemplo.com" }, { name: AUTH_MESSAGES.nameRequired }],
      [{ name: "   ", email: "a2@exemplo.com" }, { name: AUTH_MESSAGES.nameRequired }],
      [{ email: "" }, { email: AUTH_MESSAGES.emailRequired }],
      [{ email: "maria@" }, { email: AUTH_MESSAGES.emailInvalid }],
      [{ email: "maria exemplo.com" }, { email: AUTH_MESSAGES.emailInvalid }],
      [{ email: "a3@exemplo.com", password: "1234567" }, { password: AUTH_MESSAGES.passwordTooShort }],
      [{ email: "a4@exemplo.com", password: "senha-segura-1", confirmPassword: "senha-segura-2" }, { confirmPassword: AUTH_MESSAGES.passwordsDiffer }],
      // Overlong fields
      [{ name: "x".repeat(101), email: "a5@exemplo.com" }, { name: "Use no máximo 100 caracteres" }],
      [{ email: `${"a".repeat(250)}@exemplo.com` }, { email: AUTH_MESSAGES.emailInvalid }],
      [{ email: "a6@exemplo.com", password: "x".repeat(129) }, { password: AUTH_MESSAGES.passwordTooLong }],
    ];
    for (const [fields, expected] of cases) {
      const outcome = await register(browser(), fields);
      expect(outcome.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(errorsOf(outcome)).toEqual(expected);
    }
    const rows = await t.db.execute(sql`select 1 from users where email like 'a_@exemplo.com'`);
    expect(rows.rows).toHaveLength(0);
  });

  it("ignores a role sent with the form or the HTTP API: every registration is a customer", async () => {
    await register(browser(), { email: "role-form@exemplo.com", role: "admin" });
    expect((await userByEmail("role-form@exemplo.com"))?.role).toBe("customer");

    const response = await auth.handler(
      new Request(`${ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", host: "localhost:3999", origin: ORIGIN, [CLIENT_IP_HEADER]: newIp() },
        body: JSON.stringify({ name: "Intrusa", email: "role-api@exemplo.com", password: "senha-segura-1", role: "admin" }),
      }),
    );
    expect(response.status).toBe(200);
    expect((await userByEmail("role-api@exemplo.com"))?.role).toBe("customer");
  });

  it("sends a signed-in visitor on instead of showing the form", async () => {
    const who = browser();
    await register(who, { email: "ja-logada@exemplo.com" });
    const outcome = await run(loginLoader, request(who, "/login?redirectTo=%2Fconta"));
    expect(outcome).toMatchObject({ status: 302, location: "/conta" });
  });
});

describe("sign-in (/login) and sign-out (/sair)", () => {
  beforeAll(async () => {
    await register(browser(), { name: "João Souza", email: "joao@exemplo.com", password: "senha-do-joao" });
  });

  it("signs in and goes to a same-site redirectTo only", async () => {
    const who = browser();
    const outcome = await login(who, " JOAO@exemplo.com ", "senha-do-joao", "/produtos?q=t%C3%AAnis");
    expect(outcome).toMatchObject({ status: 302, location: "/produtos?q=t%C3%AAnis" });
    expect((await currentUser(who))?.email).toBe("joao@exemplo.com");

    for (const evil of ["//evil.com", "https://evil.com/", "/\\evil.com"]) {
      const again = await login(browser(), "joao@exemplo.com", "senha-do-joao", evil);
      expect(again.location, evil).toBe("/");
    }
  });

  it("gives one message for a wrong password and for an unknown e-mail", async () => {
    const wrong = await login(browser(), "joao@exemplo.com", "senha-errada");
    const unknown = await login(browser(), "ninguem@exemplo.com", "senha-do-joao");
    for (const outcome of [wrong, unknown]) {
      expect(outcome.status).toBe(400);
      expect(errorsOf(outcome)).toEqual({ form: AUTH_MESSAGES.wrongCredentials });
      expect(outcome.setCookies).toEqual([]);
    }
  });

  it("asks for both fields, and for a well-formed e-mail", async () => {
    expect(errorsOf(await login(browser(), "", ""))).toEqual({ form: AUTH_MESSAGES.fillAll });
    expect(errorsOf(await login(browser(), "joao@exemplo.com", ""))).toEqual({ form: AUTH_MESSAGES.fillAll });
    expect(errorsOf(await login(browser(), "", "senha-do-joao"))).toEqual({ form: AUTH_MESSAGES.fillAll });
    expect(errorsOf(await login(browser(), "joao@", "senha-do-joao"))).toEqual({ email: AUTH_MESSAGES.emailInvalid });
    expect(errorsOf(await login(browser(), "joao@exemplo.com", "x".repeat(500)))).toEqual({ form: AUTH_MESSAGES.wrongCredentials });
  });

  it("signs out on the server: the old cookie no longer opens the session", async () => {
    const who = browser();
    await login(who, "joao@exemplo.com", "senha-do-joao");
    const stolen = new CookieJar();
    stolen.store([`${who.jar.header()}`]);
    expect(await currentUser(who)).not.toBeNull();

    const outcome = await run(signOutAction, request(who, "/sair", { form: {} }), who);
    expect(outcome).toMatchObject({ status: 302, location: "/" });
    expect(outcome.setCookies.some((line) => /better-auth\.session_token=;/.test(line) && /Max-Age=0/i.test(line))).toBe(true);
    expect(await currentUser(who)).toBeNull();
    expect(await getCurrentUser(request({ ip: newIp(), jar: stolen }, "/"), context)).toBeNull();
  });

  it("looks up no session for a request whose cookies hold none", async () => {
    const lookups = vi.spyOn(context.auth.api, "getSession");
    try {
      const foreign = new Request(`${ORIGIN}/`, { headers: { cookie: "preferencia=1; _ga=GA1.2.3" } });
      expect(await getCurrentUser(foreign, context)).toBeNull();
      expect(lookups).not.toHaveBeenCalled();
      const who = browser();
      await login(who, "joao@exemplo.com", "senha-do-joao");
      expect((await currentUser(who))?.email).toBe("joao@exemplo.com");
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });

  it("marks the cookie Secure when PUBLIC_URL is https", async () => {
    const secureAuth = createAuth(t.db, loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "https://loja.exemplo.com" }));
    const { headers } = await secureAuth.api.signInEmail({
      body: { email: "joao@exemplo.com", password: "senha-do-joao" },
      headers: new Headers({ [CLIENT_IP_HEADER]: newIp() }),
      returnHeaders: true,
    });
    const cookie = headers.getSetCookie().find((line) => line.includes("session_token="));
    expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});

describe("password reset (/recuperar-senha, /redefinir-senha)", () => {
  const email = "esquecida@exemplo.com";
  beforeAll(async () => {
    await register(browser(), { name: "Ana Esquecida", email, password: "senha-antiga-1" });
  });

  async function requestReset(address: string, who = browser()) {
    return run(forgotAction, request(who, "/recuperar-senha", { form: { email: address } }), who);
  }

  it("answers the same for any address, and mails a link only to an account", async () => {
    const before = new Date();
    const known = await requestReset(email);
    const unknown = await requestReset("nao-existe@exemplo.com");
    expect(known).toMatchObject({ status: 302, location: "/recuperar-senha?enviado=1" });
    expect(unknown).toMatchObject({ status: 302, location: "/recuperar-senha?enviado=1" });
    const message = await waitForEmail(email, before);
    expect(message.subject).toMatch(/Redefinição de senha/);
    expect(message.text).toContain("Olá, Ana Esquecida!");
    expect(resetTokenFrom(message)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await emailsTo("nao-existe@exemplo.com")).toEqual([]);
  });

  it("validates the e-mail field", async () => {
    expect(errorsOf(await requestReset(""))).toEqual({ email: AUTH_MESSAGES.emailRequired });
    expect(errorsOf(await requestReset("ana@"))).toEqual({ email: AUTH_MESSAGES.emailInvalid });
  });

  it("sets the new password once: the link then stops working and old sessions end", async () => {
    const signedIn = browser();
    await login(signedIn, email, "senha-antiga-1");
    expect(await currentUser(signedIn)).not.toBeNull();

    const before = new Date();
    await requestReset(email);
    const token = resetTokenFrom(await waitForEmail(email, before));
    const page = await run(resetLoader, request(browser(), `/redefinir-senha?token=${token}`));
    expect(page.data).toEqual({ token, usable: true });

    const who = browser();
    const mismatch = await run(resetAction, request(who, "/redefinir-senha", { form: { token, password: "senha-nova-123", confirmPassword: "outra" } }));
    expect(errorsOf(mismatch)).toEqual({ confirmPassword: AUTH_MESSAGES.passwordsDiffer });
    const short = await run(resetAction, request(who, "/redefinir-senha", { form: { token, password: "curta", confirmPassword: "curta" } }));
    expect(errorsOf(short)).toEqual({ password: AUTH_MESSAGES.passwordTooShort });

    const done = await run(resetAction, request(who, "/redefinir-senha", { form: { token, password: "senha-nova-123", confirmPassword: "senha-nova-123" } }));
    expect(done).toMatchObject({ status: 302, location: "/login?senha=redefinida" });

    expect(await currentUser(signedIn)).toBeNull();
    expect(errorsOf(await login(browser(), email, "senha-antiga-1"))).toEqual({ form: AUTH_MESSAGES.wrongCredentials });
    expect((await login(browser(), email, "senha-nova-123")).status).toBe(302);

    // The same link a second time
    const reused = await run(resetAction, request(browser(), "/redefinir-senha", { form: { token, password: "outra-senha-9", confirmPassword: "outra-senha-9" } }));
    expect(errorsOf(reused)).toEqual({ form: AUTH_MESSAGES.resetLinkInvalid });
    expect((await run(resetLoader, request(browser(), `/redefinir-senha?token=${token}`))).data).toEqual({ token, usable: false });
    expect((await login(browser(), email, "senha-nova-123")).status).toBe(302);
  });

  it("refuses an expired link and a made-up one", async () => {
    const before = new Date();
    await requestReset(email);
    const token = resetTokenFrom(await waitForEmail(email, before));
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    expect((await run(resetLoader, request(browser(), `/redefinir-senha?token=${token}`))).data).toEqual({ token, usable: false });
    const expired = await run(resetAction, request(browser(), "/redefinir-senha", { form: { token, password: "senha-nova-456", confirmPassword: "senha-nova-456" } }));
    expect(errorsOf(expired)).toEqual({ form: AUTH_MESSAGES.resetLinkInvalid });

    for (const bad of ["inventado", "x".repeat(300), ""]) {
      const outcome = await run(resetAction, request(browser(), "/redefinir-senha", { form: { token: bad, password: "senha-nova-456", confirmPassword: "senha-nova-456" } }));
      // Empty or longer than any token: refused by the form's schema, before Better Auth is asked.
      const expected = bad === "inventado" ? { form: AUTH_MESSAGES.resetLinkInvalid } : { token: AUTH_MESSAGES.resetLinkInvalid };
      expect(errorsOf(outcome), bad.slice(0, 10)).toEqual(expected);
    }
    expect((await run(resetLoader, request(browser(), "/redefinir-senha"))).data).toEqual({ token: "", usable: false });
    expect((await login(browser(), email, "senha-nova-456")).status).toBe(400);
  });
});

describe("rate limits", () => {
  beforeAll(async () => {
    await register(browser(), { email: "alvo@exemplo.com", password: "senha-do-alvo" });
  });

  it(`refuses sign-in attempt ${AUTH_RATE_LIMITS["/sign-in/email"].max + 1} within a minute from one address, and only there`, async () => {
    const attacker = browser();
    const { max } = AUTH_RATE_LIMITS["/sign-in/email"];
    for (let attempt = 1; attempt <= max; attempt++) {
      expect(errorsOf(await login(attacker, "alvo@exemplo.com", `chute-${attempt}`)), `attempt ${attempt}`).toEqual({ form: AUTH_MESSAGES.wrongCredentials });
    }
    // Even the right password is refused now: the limit is on attempts, not failures.
    const blocked = await login(attacker, "alvo@exemplo.com", "senha-do-alvo");
    expect(errorsOf(blocked)).toEqual({ form: AUTH_MESSAGES.tooManyAttempts });
    expect(blocked.setCookies).toEqual([]);

    // Better Auth's own endpoint shares the counter.
    const api = await run(
      betterAuthApi,
      new Request(`${ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", host: "localhost:3999", [CLIENT_IP_HEADER]: attacker.ip },
        body: JSON.stringify({ email: "alvo@exemplo.com", password: "senha-do-alvo" }),
      }),
    );
    expect(api.status).toBe(429);

    // Someone else is not affected.
    expect((await login(browser(), "alvo@exemplo.com", "senha-do-alvo")).status).toBe(302);
  });

  it("counts in the database, so another app instance sees the same attempts", async () => {
    const attacker = browser();
    const { max } = AUTH_RATE_LIMITS["/sign-in/email"];
    const otherInstance: LoadContext = { ...context, auth: createAuth(t.db, config) };
    for (let attempt = 1; attempt <= max; attempt++) await login(attacker, "alvo@exemplo.com", `chute-${attempt}`);
    const saved = context;
    context = otherInstance;
    try {
      expect(errorsOf(await login(attacker, "alvo@exemplo.com", "senha-do-alvo"))).toEqual({ form: AUTH_MESSAGES.tooManyAttempts });
    } finally {
      context = saved;
    }
  });

  it("limits registrations and reset requests too", async () => {
    const who = browser();
    const signUps = AUTH_RATE_LIMITS["/sign-up/email"].max;
    for (let n = 1; n <= signUps; n++) expect((await register(who, { email: `massa-${n}@exemplo.com` })).status).toBe(302);
    expect(errorsOf(await register(who, { email: "massa-extra@exemplo.com" }))).toEqual({ form: AUTH_MESSAGES.tooManyAttempts });
    expect(await userByEmail("massa-extra@exemplo.com")).toBeUndefined();

    const resets = AUTH_RATE_LIMITS["/request-password-reset"].max;
    const asker = browser();
    for (let n = 1; n <= resets; n++) {
      const outcome = await run(forgotAction, request(asker, "/recuperar-senha", { form: { email: "alvo@exemplo.com" } }));
      expect(outcome.location).toBe("/recuperar-senha?enviado=1");
    }
    const refused = await run(forgotAction, request(asker, "/recuperar-senha", { form: { email: "alvo@exemplo.com" } }));
    expect(errorsOf(refused)).toEqual({ form: AUTH_MESSAGES.tooManyAttempts });
  });
});

describe("guards", () => {
  const customer = browser();
  const admin = browser();
  beforeAll(async () => {
    await register(customer, { email: "cliente-guarda@exemplo.com" });
    await register(admin, { email: "admin-guarda@exemplo.com" });
    await t.db.update(users).set({ role: "admin", staffRole: "dono" }).where(eq(users.email, "admin-guarda@exemplo.com"));
  });

  async function guard(who: Browser, method: "GET" | "POST") {
    const req = request(who, "/admin/produtos?pagina=2", method === "POST" ? { form: { nome: "x" } } : {});
    try {
      return { user: await requireAdmin(req, context), response: null };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return { user: null, response: thrown };
    }
  }

  it("requireAdmin: anonymous visitors go to /login and come back afterwards", async () => {
    for (const method of ["GET", "POST"] as const) {
      const { response } = await guard(browser(), method);
      expect(response?.status).toBe(302);
      expect(response?.headers.get("location")).toBe("/login?redirectTo=%2Fadmin%2Fprodutos%3Fpagina%3D2");
    }
  });

  it("requireAdmin: a customer's page load goes home, a customer's action gets a 403", async () => {
    const get = await guard(customer, "GET");
    expect(get.response?.status).toBe(302);
    expect(get.response?.headers.get("location")).toBe("/");
    const post = await guard(customer, "POST");
    expect(post.response?.status).toBe(403);
  });

  it("requireAdmin: an admin passes, for pages and actions", async () => {
    for (const method of ["GET", "POST"] as const) {
      const { user } = await guard(admin, method);
      expect(user).toMatchObject({ email: "admin-guarda@exemplo.com", role: "admin" });
    }
  });

  it("a demoted admin loses access at once (the role is read on every request)", async () => {
    const who = browser();
    await register(who, { email: "ex-admin@exemplo.com" });
    await t.db.update(users).set({ role: "admin", staffRole: "dono" }).where(eq(users.email, "ex-admin@exemplo.com"));
    expect((await guard(who, "GET")).user?.role).toBe("admin");
    await t.db.update(users).set({ role: "customer", staffRole: null }).where(eq(users.email, "ex-admin@exemplo.com"));
    expect((await guard(who, "POST")).response?.status).toBe(403);
  });
});

describe("account page (/conta)", () => {
  it("sends a signed-out visitor to /login and back", async () => {
    const outcome = await run(accountLoader, request(browser(), "/conta"));
    expect(outcome).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fconta" });
    const post = await run(accountAction, request(browser(), "/conta", { form: { name: "X" } }));
    expect(post.location).toBe("/login?redirectTo=%2Fconta");
  });

  it("saves name, phone and address, and refuses overlong or malformed values", async () => {
    const who = browser();
    await register(who, { name: "Carla", email: "carla@exemplo.com" });
    const page = await run(accountLoader, request(who, "/conta"));
    expect(page.data).toEqual({
      profile: { name: "Carla", email: "carla@exemplo.com", phone: "", address: "" },
      saved: false,
      orders: [],
      favorites: [],
      twoFactor: null,
      emailConfirmation: { confirmed: false, justConfirmed: false, link: null },
    });

    const bad = [
      [{ name: "", phone: "", address: "" }, { name: AUTH_MESSAGES.nameRequired }],
      [{ name: "x".repeat(101), phone: "", address: "" }, { name: "Use no máximo 100 caracteres" }],
      [{ name: "Carla", phone: "1234", address: "" }, { phone: AUTH_MESSAGES.phoneInvalid }],
      [{ name: "Carla", phone: "9".repeat(31), address: "" }, { phone: "Use no máximo 30 caracteres" }],
      [{ name: "Carla", phone: "", address: "r".repeat(301) }, { address: "Use no máximo 300 caracteres" }],
    ] as const;
    for (const [form, expected] of bad) {
      const outcome = await run(accountAction, request(who, "/conta", { form }));
      expect(outcome.status).toBe(400);
      expect(errorsOf(outcome)).toEqual(expected);
    }
    expect((await userByEmail("carla@exemplo.com"))?.name).toBe("Carla");

    const saved = await run(
      accountAction,
      request(who, "/conta", { form: { name: " Carla Lima ", phone: "(81) 99999-8888", address: "Rua do Sol, 10, Centro, Barreiros", email: "outra@exemplo.com", role: "admin" } }),
    );
    expect(saved).toMatchObject({ status: 302, location: "/conta?salvo=1" });
    const row = await userByEmail("carla@exemplo.com");
    expect(row).toMatchObject({ name: "Carla Lima", phone: "(81) 99999-8888", address: "Rua do Sol, 10, Centro, Barreiros", role: "customer" });
    expect((await run(accountLoader, request(who, "/conta?salvo=1"))).data).toMatchObject({ saved: true, profile: { name: "Carla Lima" } });

    await run(accountAction, request(who, "/conta", { form: { name: "Carla Lima", phone: "", address: "" } }));
    expect(await userByEmail("carla@exemplo.com")).toMatchObject({ phone: null, address: null });
  });

  it("refuses overlong profile values sent straight to Better Auth's API too", async () => {
    const who = browser();
    await register(who, { email: "api-perfil@exemplo.com" });
    const update = (body: Record<string, string>) =>
      run(
        betterAuthApi,
        new Request(`${ORIGIN}/api/auth/update-user`, {
          method: "POST",
          headers: { "content-type": "application/json", host: "localhost:3999", origin: ORIGIN, cookie: who.jar.header(), [CLIENT_IP_HEADER]: who.ip },
          body: JSON.stringify(body),
        }),
      );
    expect((await update({ address: "r".repeat(301) })).status).toBe(400);
    expect((await update({ phone: "9".repeat(31) })).status).toBe(400);
    expect((await update({ name: "n".repeat(101) })).status).toBe(400);
    expect((await update({ role: "admin" })).status).toBe(400);
    expect(await userByEmail("api-perfil@exemplo.com")).toMatchObject({ role: "customer", address: null, phone: null, name: "Maria Silva" });
  });
});

describe("Google sign-in", () => {
  it("is absent when GOOGLE_CLIENT_ID/SECRET are unset", async () => {
    expect((await run(loginLoader, request(browser(), "/login"))).data).toMatchObject({ googleEnabled: false, googleFailed: false });
    const outcome = await run(loginAction, request(browser(), "/login", { form: { intent: "google" } }));
    expect(outcome.status).toBe(404);
  });

  it("sends the browser to Google with a state tied to it, when configured", async () => {
    const googleConfig = loadConfig({ DATA_DIR: dataDir, PORT: "3999", GOOGLE_CLIENT_ID: "cliente.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "segredo" });
    const saved = context;
    context = { ...context, config: googleConfig, auth: createAuth(t.db, googleConfig) };
    try {
      expect((await run(loginLoader, request(browser(), "/login?error=access_denied"))).data).toMatchObject({ googleEnabled: true, googleFailed: true });
      const outcome = await run(loginAction, request(browser(), "/login", { form: { intent: "google", redirectTo: "/conta" } }));
      expect(outcome.status).toBe(302);
      const url = new URL(outcome.location!);
      expect(url.origin).toBe("https://accounts.google.com");
      expect(url.searchParams.get("client_id")).toBe("cliente.apps.googleusercontent.com");
      expect(url.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/callback/google`);
      expect(url.searchParams.get("state")).toBeTruthy();
    } finally {
      context = saved;
    }
  });
});

describe("the HTTP API (/api/auth/*)", () => {
  it("answers only Google's callback through the resource route (the rest: tests/integration/auth-surface.test.ts)", async () => {
    const ok = await run(authApiLoader, new Request(`${ORIGIN}/api/auth/ok`, { headers: { host: "localhost:3999" } }));
    expect(ok.status).toBe(404);
    // Better Auth itself still answers it.
    expect(await (await auth.handler(new Request(`${ORIGIN}/api/auth/ok`, { headers: { host: "localhost:3999" } }))).json()).toEqual({ ok: true });
    const callback = (await authApiLoader({
      request: new Request(`${ORIGIN}/api/auth/callback/google?code=x&state=y`, { headers: { host: "localhost:3999" } }),
      context,
      params: {},
    } as never)) as Response;
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toMatch(/^\/login\?error=/);
  });
});

describe("first admin and the admin command", () => {
  const output = () => {
    const lines: string[] = [];
    return { lines, out: { log: (line: string) => lines.push(line), error: (line: string) => lines.push(`ERRO ${line}`) } };
  };

  it("ADMIN_EMAIL/ADMIN_PASSWORD create the admin, or promote an existing account, without touching its password", async () => {
    await ensureInitialAdmin(auth, t.db, { email: "Dona@Exemplo.com", password: "senha-da-dona" });
    expect((await userByEmail("dona@exemplo.com"))?.role).toBe("admin");
    const who = browser();
    expect((await login(who, "dona@exemplo.com", "senha-da-dona")).status).toBe(302);
    expect((await currentUser(who))?.role).toBe("admin");

    await register(browser(), { email: "gerente@exemplo.com", password: "senha-do-gerente" });
    await ensureInitialAdmin(auth, t.db, { email: "gerente@exemplo.com", password: "outra-senha-qualquer" });
    await ensureInitialAdmin(auth, t.db, { email: "gerente@exemplo.com", password: "outra-senha-qualquer" });
    expect((await userByEmail("gerente@exemplo.com"))?.role).toBe("admin");
    expect((await login(browser(), "gerente@exemplo.com", "senha-do-gerente")).status).toBe(302);
  });

  it("create (with a generated password), promote and demote", async () => {
    const services = { auth, db: t.db };
    const created = output();
    expect(await runAdminCommand(["create", "Equipe@Exemplo.com", "--name", "Equipe Loja"], services, created.out)).toBe(0);
    const password = /Senha gerada.*: (\S+)$/.exec(created.lines.join("\n"))?.[1];
    expect(password?.length).toBeGreaterThanOrEqual(16);
    expect(await userByEmail("equipe@exemplo.com")).toMatchObject({ name: "Equipe Loja", role: "admin", emailVerified: true });
    const who = browser();
    expect((await login(who, "equipe@exemplo.com", password!)).status).toBe(302);

    const again = output();
    expect(await runAdminCommand(["create", "equipe@exemplo.com", "--password", "senha-qualquer"], services, again.out)).toBe(1);
    expect(again.lines.join()).toMatch(/Já existe uma conta/);

    const chosen = output();
    expect(await runAdminCommand(["create", "caixa@exemplo.com", "--password", "senha-do-caixa"], services, chosen.out)).toBe(0);
    expect(chosen.lines.join()).not.toMatch(/Senha gerada/);
    expect((await login(browser(), "caixa@exemplo.com", "senha-do-caixa")).status).toBe(302);

    await register(browser(), { email: "vendedor@exemplo.com" });
    expect(await runAdminCommand(["promote", "vendedor@exemplo.com"], services, output().out)).toBe(0);
    expect((await userByEmail("vendedor@exemplo.com"))?.role).toBe("admin");
    expect(await runAdminCommand(["demote", "VENDEDOR@exemplo.com"], services, output().out)).toBe(0);
    expect((await userByEmail("vendedor@exemplo.com"))?.role).toBe("customer");

    const missing = output();
    expect(await runAdminCommand(["promote", "ninguem@exemplo.com"], services, missing.out)).toBe(1);
    expect(missing.lines.join()).toMatch(/Nenhuma conta/);
    expect(await runAdminCommand(["create", "curta@exemplo.com", "--password", "123"], services, output().out)).toBe(1);
    expect(await runAdminCommand(["apagar", "x@exemplo.com"], services, output().out)).toBe(2);
    expect(await runAdminCommand([], services, output().out)).toBe(2);
  });

  it("npm run admin works from the shell against DATABASE_URL", async () => {
    await register(browser(), { email: "shell@exemplo.com" });
    const { stdout } = await promisify(execFile)("npx", ["tsx", "scripts/admin.ts", "promote", "shell@exemplo.com"], {
      env: { ...process.env, DATABASE_URL: t.url, DATA_DIR: dataDir, NODE_ENV: "test" },
      timeout: 60_000,
    });
    expect(stdout).toContain("shell@exemplo.com agora é Dono.");
    expect((await userByEmail("shell@exemplo.com"))?.role).toBe("admin");
  }, 60_000);
});

describe("the auth secret", () => {
  it("is generated once, kept in DATA_DIR/auth-secret readable by the app only", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "erick-secret-"));
    try {
      const first = loadOrCreateAuthSecret(dir);
      expect(first.length).toBeGreaterThanOrEqual(43);
      expect(loadOrCreateAuthSecret(dir)).toBe(first);
      expect((await fs.stat(path.join(dir, "auth-secret"))).mode & 0o777).toBe(0o600);
      expect(await fs.readdir(dir)).toEqual(["auth-secret"]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
