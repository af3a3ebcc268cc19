// The security suite's account checks (issue 6, OWASP ASVS 5.0 level 2 as the yardstick), on the
// server with a real PostgreSQL: the password rule at every door (our forms, Better Auth's HTTP API,
// the admin command), sessions that rotate at sign-in and end 30 days after it, no mass assignment
// of role or verification through sign-up or profile updates, and one shopper's orders kept from
// another.
import { randomBytes } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, sessions, users, verifications } from "#database/schema";
import { AUTH_MESSAGES } from "~/lib/account/account.schema";
import { action as accountAction, loader as accountLoader } from "~/routes/account/account";
import { action as loginAction } from "~/routes/account/login";
import { action as registerAction } from "~/routes/account/register";
import { action as resetAction } from "~/routes/account/reset-password";
import { loader as orderLoader } from "~/routes/storefront/order";
import { CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import { getCurrentUser } from "~/server/auth/guards.server";
import type { LoadContext } from "~/server/load-context.server";
import { runAdminCommand } from "~/server/ops/admin-command.server";
import { insertOrder } from "../setup/order-fixtures";
import { betterAuthApi, browserRequest, clientAddresses, openAuthTest, run, TEST_ORIGIN, type Outcome } from "../setup/signed-in";
import type { TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let close: () => Promise<void>;

beforeAll(async () => ({ t, context, close } = await openAuthTest()));
afterAll(() => close?.());

// Each request from its own client address, so the sign-in and sign-up rate limits stay out of the way.
const newAddress = clientAddresses(61);

type Form = Record<string, string>;
const post = (pathname: string, form: Form, cookie?: string) =>
  browserRequest(pathname, { form, headers: { [CLIENT_IP_HEADER]: newAddress(), ...(cookie ? { cookie } : {}) } });
const get = (pathname: string, cookie?: string) =>
  browserRequest(pathname, { headers: { [CLIENT_IP_HEADER]: newAddress(), ...(cookie ? { cookie } : {}) } });

/** A JSON request to Better Auth's HTTP API (auth.handler), as a script would send it. */
async function callAuthApi(path: string, body: unknown, cookie?: string) {
  const request = new Request(`${TEST_ORIGIN}/api/auth${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      host: "localhost:3999",
      origin: TEST_ORIGIN,
      [CLIENT_IP_HEADER]: newAddress(),
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  return run<{ message?: string; code?: string }>(betterAuthApi, request, context);
}

const errorsOf = (outcome: Outcome) => ((outcome.data as { errors?: Record<string, string> } | null)?.errors ?? {});

/** The `name=value` pairs of Set-Cookie lines, as a Cookie header. */
function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
}

/** The session token inside a cookie header (the cookie holds it signed: token.signature). */
function sessionTokenOf(cookie: string): string {
  const value = /better-auth\.session_token=([^;]+)/.exec(cookie)?.[1];
  if (!value) throw new Error(`no session cookie in ${cookie}`);
  return decodeURIComponent(value).split(".")[0]!;
}

async function userRow(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function registerByForm(email: string, password: string, extra: Form = {}) {
  return run(registerAction, post("/registrar", { name: "Rita Souza", email, password, confirmPassword: password, ...extra }), context);
}

/** Signs in through /login; the cookie the browser keeps afterwards (null when refused). */
async function signIn(email: string, password: string, cookie?: string): Promise<string | null> {
  let outcome: Response;
  try {
    outcome = (await loginAction({ request: post("/login", { email, password }, cookie), context, params: {} } as never)) as Response;
  } catch (thrown) {
    outcome = thrown as Response;
  }
  if (!(outcome instanceof Response) || outcome.status !== 302) return null;
  return cookieOf(outcome);
}

const currentUser = (cookie: string) => getCurrentUser(get("/", cookie), context);

describe("passwords", () => {
  it("allows long passphrases at sign-up, up to 128 characters", async () => {
    const passphrase = "a casa amarela da praia de Barreiros tem uma rede na varanda ".repeat(3).slice(0, 128);
    expect(passphrase).toHaveLength(128);
    const outcome = await registerByForm("frase@exemplo.com", passphrase);
    expect(outcome.status).toBe(302);
    expect(await signIn("frase@exemplo.com", passphrase)).toMatch(/session_token=/);
    expect(errorsOf(await registerByForm("longa-demais@exemplo.com", `${passphrase}x`))).toEqual({ password: AUTH_MESSAGES.passwordTooLong });
  });

  it("refuses common passwords at sign-up with a pt-BR message, through the form and the HTTP API", async () => {
    for (const [n, common] of ["12345678", "Senha123", "BRASIL123", "password", "qwerty123"].entries()) {
      const email = `comum-${n}@exemplo.com`;
      expect(errorsOf(await registerByForm(email, common)), common).toEqual({ password: AUTH_MESSAGES.passwordTooCommon });
      const api = await callAuthApi("/sign-up/email", { name: "Rita", email, password: common });
      expect(api.status, common).toBe(400);
      expect(api.data.message).toBe(AUTH_MESSAGES.passwordTooCommon);
      expect(await userRow(email), common).toBeUndefined();
    }
    const short = await callAuthApi("/sign-up/email", { name: "Rita", email: "curta@exemplo.com", password: "1234567" });
    expect(short.status).toBe(400);
    expect(await userRow("curta@exemplo.com")).toBeUndefined();
  });

  it("refuses common passwords at password reset, through the form and the HTTP API, changing nothing", async () => {
    const email = "reset-comum@exemplo.com";
    await registerByForm(email, "senha-original-da-rita");
    await context.auth.api.requestPasswordReset({ body: { email }, headers: new Headers({ host: "localhost:3999" }) });
    const [verification] = await t.db.select().from(verifications).where(like(verifications.identifier, "reset-password:%"));
    const token = verification!.identifier.slice("reset-password:".length);

    const form = await run(resetAction, post("/redefinir-senha", { token, password: "senha1234", confirmPassword: "senha1234" }), context);
    expect(errorsOf(form)).toEqual({ password: AUTH_MESSAGES.passwordTooCommon });
    const api = await callAuthApi("/reset-password", { token, newPassword: "Flamengo123" });
    expect(api.status).toBe(400);
    expect(api.data.message).toBe(AUTH_MESSAGES.passwordTooCommon);

    expect(await signIn(email, "Flamengo123")).toBeNull();
    expect(await signIn(email, "senha-original-da-rita")).not.toBeNull();
    // The link still works for a good password.
    expect((await callAuthApi("/reset-password", { token, newPassword: "outra frase boa de senha" })).status).toBe(200);
    expect(await signIn(email, "outra frase boa de senha")).not.toBeNull();
  });

  it("refuses common passwords in the admin command", async () => {
    const lines: string[] = [];
    const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    expect(await runAdminCommand(["create", "gerente-fraca@exemplo.com", "--password", "Admin123"], { auth: context.auth, db: t.db }, out)).toBe(1);
    expect(lines).toEqual([AUTH_MESSAGES.passwordTooCommon]);
    expect(await userRow("gerente-fraca@exemplo.com")).toBeUndefined();
  });
});

describe("sessions", () => {
  const email = "sessoes@exemplo.com";
  const password = "uma senha só minha";
  beforeAll(async () => {
    await registerByForm(email, password);
  });

  it("rotate at sign-in: every sign-in gets a new token, never the one the browser already had", async () => {
    const first = (await signIn(email, password))!;
    const second = (await signIn(email, password, first))!;
    const third = (await signIn(email, password, second))!;
    const tokens = [first, second, third].map(sessionTokenOf);
    expect(new Set(tokens).size).toBe(3);
    for (const cookie of [first, second, third]) expect((await currentUser(cookie))?.email).toBe(email);
  });

  it("a session planted before sign-in (fixation) does not become the victim's", async () => {
    const attacker = `fixador-${randomBytes(3).toString("hex")}@exemplo.com`;
    await registerByForm(attacker, "a senha do fixador");
    const planted = (await signIn(attacker, "a senha do fixador"))!;
    const victimCookie = (await signIn(email, password, planted))!;
    expect(sessionTokenOf(victimCookie)).not.toBe(sessionTokenOf(planted));
    expect((await currentUser(victimCookie))?.email).toBe(email);
    // Whoever holds the planted token holds the attacker's own account, not the victim's.
    expect((await currentUser(planted))?.email).toBe(attacker);
  });

  it("end 30 days after sign-in however active they are: using a session never extends it", async () => {
    const cookie = (await signIn(email, password))!;
    const token = sessionTokenOf(cookie);
    const [created] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    const lifetime = created!.expiresAt.getTime() - created!.createdAt.getTime();
    expect(Math.abs(lifetime - 30 * 86_400_000)).toBeLessThan(5_000);

    // Signed in 10 days ago and used every day since: still valid, and its end has not moved.
    const day = 86_400_000;
    const signedInAt = new Date(Date.now() - 10 * day);
    const endsAt = new Date(signedInAt.getTime() + 30 * day);
    await t.db.update(sessions).set({ createdAt: signedInAt, updatedAt: new Date(Date.now() - 2 * day), expiresAt: endsAt }).where(eq(sessions.token, token));
    for (let use = 0; use < 3; use++) expect((await currentUser(cookie))?.email).toBe(email);
    const [used] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    expect(used!.expiresAt.getTime()).toBe(endsAt.getTime());

    // 30 days and a minute after sign-in: over, for our pages and for Better Auth's API alike.
    const longAgo = new Date(Date.now() - 30 * day - 60_000);
    await t.db.update(sessions).set({ createdAt: longAgo, updatedAt: new Date(), expiresAt: new Date(longAgo.getTime() + 30 * day) }).where(eq(sessions.token, token));
    expect(await currentUser(cookie)).toBeNull();
    expect((await callAuthApi("/update-user", { name: "Depois do fim" }, cookie)).status).toBe(401);
    expect((await userRow(email))?.name).toBe("Rita Souza");
  });
});

describe("mass assignment", () => {
  const privileged = { role: "admin", emailVerified: "true", banned: "false", twoFactorEnabled: "true", id: "id-escolhido-pelo-cliente" };

  function expectPlainCustomer(row: typeof users.$inferSelect | undefined) {
    expect(row).toBeDefined();
    expect(row).toMatchObject({ role: "customer", emailVerified: false, twoFactorEnabled: false });
    expect(row!.id).not.toBe(privileged.id);
  }

  it("sign-up through /registrar ignores role, verification and id fields", async () => {
    const outcome = await registerByForm("intrusa-form@exemplo.com", "senha da intrusa", privileged);
    expect(outcome.status).toBe(302);
    expectPlainCustomer(await userRow("intrusa-form@exemplo.com"));
  });

  it("sign-up through Better Auth's API does not take them either", async () => {
    const body = { name: "Intrusa", email: "intrusa-api@exemplo.com", password: "senha da intrusa", ...privileged, emailVerified: true, twoFactorEnabled: true, banned: false };
    const outcome = await callAuthApi("/sign-up/email", body);
    expect(outcome.status).toBeLessThan(500);
    const row = await userRow("intrusa-api@exemplo.com");
    if (row) expectPlainCustomer(row);
  });

  it("profile updates through /conta and /api/auth/update-user change none of them", async () => {
    const email = "perfil-intrusa@exemplo.com";
    await registerByForm(email, "senha da intrusa");
    const cookie = (await signIn(email, "senha da intrusa"))!;
    const before = await userRow(email);

    const saved = await run(accountAction, post("/conta", { name: "Nome Novo", phone: "", address: "", email: "outra@exemplo.com", ...privileged }, cookie), context);
    expect(saved).toMatchObject({ status: 302, location: "/conta?salvo=1" });
    for (const body of [
      { role: "admin" },
      { emailVerified: true },
      { twoFactorEnabled: true },
      { id: privileged.id },
      { email: "outra@exemplo.com" },
      { name: "Nome da API", role: "admin", emailVerified: true, banned: false },
    ]) {
      const outcome = await callAuthApi("/update-user", body, cookie);
      expect(outcome.status, JSON.stringify(body)).toBeLessThan(500);
    }

    const after = await userRow(email);
    expectPlainCustomer(after);
    expect(after!.id).toBe(before!.id);
    expect(await userRow("outra@exemplo.com")).toBeUndefined();
    expect((await currentUser(cookie))?.role).toBe("customer");
  });
});

describe("orders", () => {
  let ana: string;
  let bruno: string;
  let anasOrder: { id: string; code: string; token: string };

  beforeAll(async () => {
    await registerByForm("ana-pedidos@exemplo.com", "senha da ana aqui");
    await registerByForm("bruno-pedidos@exemplo.com", "senha do bruno aqui");
    ana = (await signIn("ana-pedidos@exemplo.com", "senha da ana aqui"))!;
    bruno = (await signIn("bruno-pedidos@exemplo.com", "senha do bruno aqui"))!;
    const anaId = (await userRow("ana-pedidos@exemplo.com"))!.id;
    const order = await insertOrder(t.db, {
      createdAt: new Date(),
      customerName: "Ana Pedidos",
      userId: anaId,
      items: [{ name: "Sandália da Ana", unitPriceCents: 89_90, quantity: 1 }],
    });
    const [row] = await t.db.select({ token: orders.publicToken }).from(orders).where(eq(orders.id, order.id));
    anasOrder = { ...order, token: row!.token };
  });

  it("/conta lists the shopper's own orders and nobody else's", async () => {
    const anasPage = await run<{ orders: { code: string; token: string }[] }>(accountLoader, get("/conta", ana), context);
    expect(anasPage.data.orders.map((order) => order.code)).toEqual([anasOrder.code]);
    const brunosPage = await run<{ orders: unknown[] }>(accountLoader, get("/conta", bruno), context);
    expect(brunosPage.data.orders).toEqual([]);
    expect(JSON.stringify(brunosPage.data)).not.toContain(anasOrder.token);
  });

  it("/pedido/{token} opens with the order's 128-bit token only: a guessed or altered one is a 404 without data", async () => {
    const found = await run<{ order: { code: string } }>(orderLoader, get(`/pedido/${anasOrder.token}`, bruno), context, { token: anasOrder.token });
    expect(found.data.order.code).toBe(anasOrder.code);
    expect(Buffer.from(anasOrder.token, "base64url")).toHaveLength(16);

    const flipped = `${anasOrder.token.slice(0, -1)}${anasOrder.token.endsWith("A") ? "B" : "A"}`;
    for (const guess of [
      randomBytes(16).toString("base64url"),
      flipped,
      anasOrder.token.toLowerCase() === anasOrder.token ? anasOrder.token.toUpperCase() : anasOrder.token.toLowerCase(),
      anasOrder.code,
      anasOrder.id,
      `${anasOrder.token.slice(0, 12)}%`,
      "' or '1'='1",
    ]) {
      // The loader throws `data(message, { status: 404 })`, which the error boundary shows.
      const thrown: unknown = await Promise.resolve(orderLoader({ request: get(`/pedido/${encodeURIComponent(guess)}`, bruno), context, params: { token: guess } } as never)).then(
        () => null,
        (error: unknown) => error,
      );
      expect((thrown as { init?: ResponseInit } | null)?.init?.status, guess).toBe(404);
      const text = JSON.stringify(thrown);
      expect(text, guess).not.toContain("Ana Pedidos");
      expect(text, guess).not.toContain("Sandália");
    }
  });
});
