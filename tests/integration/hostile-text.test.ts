// Text that no person types (NUL and other control characters, bidi overrides, characters a Location
// header cannot carry) is cleaned or refused with a pt-BR message: never a 500. Each request goes
// through the real Express app, as a browser's would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutFormFields, orderableLine, type OrderLine } from "../setup/order-fixtures";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let admin: SignedInUser;
let customer: SignedInUser;
let orderLine: OrderLine;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  admin = await signedInUser(app.context, "admin");
  customer = await signedInUser(app.context, "customer");
  http = await startHttpApp(app.context);
  orderLine = (await orderableLine(t.pool)).line;
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

type Answer = { status: number; location: string | null; body: string; cookies: string[] };

async function request(pathname: string, { cookie, form, json }: { cookie?: string; form?: Record<string, string>; json?: unknown } = {}): Promise<Answer> {
  const writing = form || json;
  const response = await fetch(`${http.origin}${pathname}`, {
    method: writing ? "POST" : "GET",
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(writing ? { origin: http.origin, "sec-fetch-site": "same-origin" } : {}),
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      ...(json ? { "content-type": "application/json" } : {}),
    },
    body: form ? new URLSearchParams(form) : json ? JSON.stringify(json) : undefined,
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), body: await response.text(), cookies: response.headers.getSetCookie() };
}

async function nameOf(email: string): Promise<string | undefined> {
  const { rows } = await t.pool.query<{ name: string }>("select name from users where email = $1", [email]);
  return rows[0]?.name;
}

function expectNoServerError(answer: Answer, label: string) {
  expect(answer.status, `${label}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
}

describe("NUL bytes in text fields", () => {
  it("the checkout records the order with the characters removed and names on one line", async () => {
    const lines = JSON.stringify([orderLine]);
    const form = checkoutFormFields();
    const answer = await request("/checkout", {
      form: { ...form, name: "Ana\u0000 Maria\n*Total: R$ 1,00*", address: "Rua\u202e A", notes: "*Total: R$ 1,00*", lines, idempotencyKey: "nul-byte-checkout-0001" },
    });
    expectNoServerError(answer, "checkout");
    expect(`${answer.status} ${answer.location ?? answer.body.slice(0, 400)}`).toMatch(/^302 \/pedido\//);
    const { rows } = await t.pool.query<{ customer_name: string; notes: string; shipping_address: { street: string } }>(
      "select customer_name, notes, shipping_address from orders where idempotency_key = $1",
      ["nul-byte-checkout-0001"],
    );
    expect(rows[0]).toMatchObject({ customer_name: "Ana Maria *Total: R$ 1,00*", notes: "Obs.: Total: R$ 1,00*", shipping_address: { street: "Rua A" } });
  });

  it("sign-up, the account page, update-user and the admin's customer look-up answer without a 500", async () => {
    const email = `nul-${Date.now()}@exemplo.com`;
    const registered = await request("/registrar", {
      form: { name: "Ana\u0000Maria", email, password: "uma-senha-boa-123", confirmPassword: "uma-senha-boa-123", redirectTo: "/" },
    });
    expectNoServerError(registered, "/registrar");
    expect(await nameOf(email)).toBe("AnaMaria");
    const account = await request("/conta", { cookie: customer.cookie, form: { intent: "profile", name: "Ana\u0000", phone: "81 99999\u00009999", address: "Rua\u0000 A" } });
    expectNoServerError(account, "/conta");
    // Better Auth's update-user itself (not reachable through the app: tests/integration/auth-surface.test.ts).
    const updated = await app.context.auth.handler(
      new Request(`${http.origin}/api/auth/update-user`, {
        method: "POST",
        headers: { cookie: customer.cookie, origin: http.origin, "content-type": "application/json" },
        body: JSON.stringify({ name: "Ana\u0000Maria\u202e\nda Silva" }),
      }),
    );
    expectNoServerError({ status: updated.status, location: null, body: await updated.text(), cookies: [] }, "update-user");
    expect(await nameOf(customer.email)).toBe("AnaMaria da Silva");
    const lookup = await request("/admin/clientes?cliente=%00", { cookie: admin.cookie });
    expectNoServerError(lookup, "/admin/clientes?cliente=%00");
    // Found by the fuzzing: a reset link whose token holds a NUL byte.
    const reset = await request("/redefinir-senha?token=%00%E2%80%8F");
    expectNoServerError(reset, "/redefinir-senha?token=%00");
    expect(reset.body).toContain("Link inválido ou expirado");
  });
});

describe("a redirectTo with characters above U+00FF", () => {
  const coffee = "/produtos?q=\u2615";
  it("/login, /registrar and /sair answer with an encoded Location", async () => {
    const page = await request(`/login?redirectTo=${encodeURIComponent(coffee)}`);
    expectNoServerError(page, "GET /login");
    const signIn = await request("/login", { form: { email: customer.email, password: customer.password, redirectTo: coffee } });
    expectNoServerError(signIn, "POST /login");
    const signOut = await request("/sair", { cookie: customer.cookie, form: { redirectTo: coffee } });
    expectNoServerError(signOut, "POST /sair");
    expect(signOut.location).toBe("/produtos?q=%E2%98%95");
  });

  it("a sign-up through such a link signs the person in and goes there", async () => {
    const answer = await request("/registrar", {
      form: { name: "Bia", email: `cafe-${Date.now()}@exemplo.com`, password: "uma-senha-boa-123", confirmPassword: "uma-senha-boa-123", redirectTo: coffee },
    });
    expectNoServerError(answer, "/registrar");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/produtos?q=%E2%98%95");
    expect(answer.cookies.join(";")).toMatch(/session_token=/);
  });
});
