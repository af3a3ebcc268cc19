// A shopper who ordered without an account and then registers with the same e-mail: her guest orders
// become hers in Minha conta once she opens the confirmation link sent to that address (Better Auth's
// e-mail verification, the e-mail queue's outbox), never merely because the address was typed at
// sign-up. Until then the account works as before. Through the account pages' loaders and actions,
// as React Router calls them, on a real PostgreSQL.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "#database/schema";
import { action as accountAction, loader as accountLoader } from "~/routes/account/account";
import { loader as confirmLoader } from "~/routes/account/confirm-email";
import { action as registerAction } from "~/routes/account/register";
import { CLIENT_IP_HEADER, createAuth } from "~/server/auth/auth.server";
import { loadConfig } from "~/server/config.server";
import { emailOutbox } from "~/server/email/email-queue.server";
import type { OutboxEmail } from "~/server/email/send-email.server";
import type { LoadContext } from "~/server/load-context.server";
import { placeOrder } from "~/server/orders/order-placing.server";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { CHECKOUT_CUSTOMER, orderableLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

const ORIGIN = "http://localhost:3999";
let t: TestDatabase;
let dataDir: string;
let context: LoadContext;

beforeAll(async () => {
  t = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "erick-guest-orders-test-"));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: "3999" });
  context = { db: t.db, config, auth: createAuth(t.db, config), emails: emailOutbox(t.db, config), cspNonce: "" };
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

let lastIp = 0;
type Browser = { ip: string; cookies: Map<string, string> };
const browser = (): Browser => ({ ip: `10.9.0.${++lastIp}`, cookies: new Map() });

function request(who: Browser, pathname: string, form?: Record<string, string>) {
  const headers = new Headers({ host: "localhost:3999", [CLIENT_IP_HEADER]: who.ip, "user-agent": "vitest" });
  if (who.cookies.size) headers.set("cookie", [...who.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
  if (form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    headers.set("origin", ORIGIN);
    headers.set("sec-fetch-site", "same-origin");
  }
  return new Request(`${ORIGIN}${pathname}`, { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form) : undefined });
}

type Outcome = { status: number; location: string | null; data: Record<string, unknown> | null };
async function run(handler: unknown, req: Request, who?: Browser): Promise<Outcome> {
  let result: unknown;
  try {
    result = await (handler as (args: { request: Request; context: LoadContext; params: object }) => unknown)({ request: req, context, params: {} });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    for (const line of result.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      who?.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    return { status: result.status, location: result.headers.get("location"), data: null };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data };
  }
  return { status: 200, location: null, data: result as Record<string, unknown> };
}

async function register(who: Browser, email: string) {
  const outcome = await run(registerAction, request(who, "/registrar", { name: "Maria Silva", email, password: "senha-segura-1", confirmPassword: "senha-segura-1" }), who);
  expect(outcome.status).toBe(302);
}

type AccountPage = { orders: { code: string }[]; emailConfirmation: { confirmed: boolean; justConfirmed: boolean; link: string | null } };
async function accountPage(who: Browser, search = ""): Promise<AccountPage> {
  const outcome = await run(accountLoader, request(who, `/conta${search}`), who);
  expect(outcome.status).toBe(200);
  return outcome.data as unknown as AccountPage;
}

let keys = 0;
async function guestOrder(email: string, userId: string | null = null) {
  const { line } = await orderableLine(t.pool);
  keys += 1;
  await placeOrder(t.db, DEFAULT_SETTINGS, {
    idempotencyKey: `guest-orders-${Date.now()}-${keys}-key`,
    lines: [line],
    customer: { ...CHECKOUT_CUSTOMER, email },
    userId,
  });
  const [row] = await t.db.select({ code: orders.code }).from(orders).orderBy(orders.createdAt).limit(1).offset(keys - 1);
  return row!.code;
}

async function confirmationEmails(to: string, count: number): Promise<OutboxEmail[]> {
  const outbox = path.join(dataDir, "outbox");
  for (let waited = 0; waited < 10_000; waited += 100) {
    const files = await fs.readdir(outbox).catch(() => [] as string[]);
    const messages = await Promise.all(files.map(async (file) => JSON.parse(await fs.readFile(path.join(outbox, file), "utf8")) as OutboxEmail));
    const found = messages.filter((message) => message.to === to && message.subject.startsWith("Confirme seu e-mail"));
    if (found.length >= count) return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} confirmation e-mails to ${to}`);
}

function confirmationPath(email: OutboxEmail): string {
  const match = /http:\/\/localhost:3999(\/conta\/confirmar-email\?token=[^\s"]+)/.exec(email.text);
  if (!match?.[1]) throw new Error(`no confirmation link in: ${email.text}`);
  return match[1];
}

describe("guest orders after registering with the same e-mail", () => {
  it("stay out of Minha conta until the link sent to the address is opened, then all are hers", async () => {
    const first = await guestOrder("maria.guest@exemplo.com");
    const second = await guestOrder("  Maria.Guest@Exemplo.com ");
    const someoneElses = await guestOrder("outra@exemplo.com");

    const maria = browser();
    await register(maria, "maria.guest@exemplo.com");
    // The account works at once, as before; only the guest orders wait for the confirmation.
    const before = await accountPage(maria);
    expect(before.orders).toEqual([]);
    expect(before.emailConfirmation).toMatchObject({ confirmed: false });

    const [email] = await confirmationEmails("maria.guest@exemplo.com", 1);
    expect(email!.text).toContain("pedidos que você fez sem conta");
    const confirmed = await run(confirmLoader, request(maria, confirmationPath(email!)), maria);
    expect(confirmed).toMatchObject({ status: 302, location: "/conta?email=confirmado" });

    const after = await accountPage(maria, "?email=confirmado");
    expect(after.emailConfirmation).toMatchObject({ confirmed: true, justConfirmed: true });
    expect(after.orders.map((order) => order.code).sort()).toEqual([first, second].sort());
    const [other] = await t.db.select({ userId: orders.userId }).from(orders).where(eq(orders.code, someoneElses));
    expect(other!.userId).toBeNull();
  });

  it("typing someone else's e-mail at sign-up gives nothing: without the link, no order moves", async () => {
    const victims = await guestOrder("vitima@exemplo.com");
    const intruder = browser();
    await register(intruder, "vitima@exemplo.com");
    expect((await accountPage(intruder)).orders).toEqual([]);
    // A made-up or tampered link confirms nothing.
    for (const token of ["", "abc", "a.b.c", `${"x".repeat(40)}.${"y".repeat(40)}.${"z".repeat(40)}`]) {
      const outcome = await run(confirmLoader, request(intruder, `/conta/confirmar-email?token=${encodeURIComponent(token)}`), intruder);
      expect(outcome).toMatchObject({ status: 200, data: { ok: false } });
    }
    expect((await accountPage(intruder)).orders).toEqual([]);
    const [order] = await t.db.select({ userId: orders.userId }).from(orders).where(eq(orders.code, victims));
    expect(order!.userId).toBeNull();
    const [row] = await t.db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.email, "vitima@exemplo.com"));
    expect(row!.emailVerified).toBe(false);
  });

  it("an order already another account's stays there", async () => {
    const owner = browser();
    await register(owner, "dono@exemplo.com");
    const [ownerRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, "dono@exemplo.com"));
    const ownersOrder = await guestOrder("joana@exemplo.com", ownerRow!.id);
    const joana = browser();
    await register(joana, "joana@exemplo.com");
    const [email] = await confirmationEmails("joana@exemplo.com", 1);
    await run(confirmLoader, request(joana, confirmationPath(email!)), joana);
    expect((await accountPage(joana)).orders).toEqual([]);
    const [order] = await t.db.select({ userId: orders.userId }).from(orders).where(eq(orders.code, ownersOrder));
    expect(order!.userId).toBe(ownerRow!.id);
  });

  it("Minha conta sends the link again, a few times per quarter hour", async () => {
    const ana = browser();
    await register(ana, "ana.reenvio@exemplo.com");
    await confirmationEmails("ana.reenvio@exemplo.com", 1);
    const resend = () => run(accountAction, request(ana, "/conta", { intent: "confirmar-email" }), ana);
    for (let sent = 0; sent < 3; sent++) expect(await resend()).toMatchObject({ status: 302, location: "/conta?link=enviado" });
    expect(await resend()).toMatchObject({ status: 302, location: "/conta?link=espere" });
    const emails = await confirmationEmails("ana.reenvio@exemplo.com", 4);
    // The newest link works.
    expect(await run(confirmLoader, request(ana, confirmationPath(emails.at(-1)!)), ana)).toMatchObject({ location: "/conta?email=confirmado" });
    expect((await accountPage(ana)).emailConfirmation.confirmed).toBe(true);
    expect(await resend()).toMatchObject({ status: 302, location: "/conta" });
  });

  it("an account Google made (its address proved by Google) gets them at once; an unproved one made the same way does not", async () => {
    const guests = [await guestOrder("lia.google@exemplo.com"), await guestOrder("Lia.Google@exemplo.com")];
    const unproved = await guestOrder("sem.prova@exemplo.com");
    // The path Better Auth takes for a first Google sign-in: a user created with Google's email_verified.
    const { internalAdapter } = await context.auth.$context;
    const lia = await internalAdapter.createUser({ email: "lia.google@exemplo.com", name: "Lia", emailVerified: true }, { method: "oauth", oauth: { providerId: "google" } });
    await internalAdapter.createUser({ email: "sem.prova@exemplo.com", name: "Sem Prova", emailVerified: false }, { method: "oauth", oauth: { providerId: "google" } });
    const liaOrders = await t.db.select({ code: orders.code }).from(orders).where(eq(orders.userId, lia.id));
    expect(liaOrders.map((order) => order.code).sort()).toEqual(guests.sort());
    const [other] = await t.db.select({ userId: orders.userId }).from(orders).where(eq(orders.code, unproved));
    expect(other!.userId).toBeNull();
  });
});
