// Ids that can name no row (outside PostgreSQL's integer range) are "not found" or a refused form,
// never a failed query: each request goes through the real Express app, as a browser's would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

const BEYOND_INTEGER = "2147483648";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let admin: SignedInUser;
let customer: SignedInUser;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  admin = await signedInUser(app.context, "admin");
  customer = await signedInUser(app.context, "customer");
  http = await startHttpApp(app.context);
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

async function request(pathname: string, { cookie, form }: { cookie?: string; form?: Record<string, string> } = {}) {
  const response = await fetch(`${http.origin}${pathname}`, {
    method: form ? "POST" : "GET",
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(form ? { origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? new URLSearchParams(form) : undefined,
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}

describe("ids beyond PostgreSQL's integer range", () => {
  it("a product page says 'Produto indisponível' with a 404, as for any unknown product", async () => {
    for (const id of [BEYOND_INTEGER, "99999999999", "0"]) {
      const response = await request(`/produto/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.body, id).toContain("Produto indisponível");
    }
  });

  it("the admin's product editor answers 404 with its pt-BR message", async () => {
    const response = await request(`/admin/produtos/editar/${BEYOND_INTEGER}`, { cookie: admin.cookie });
    expect(response.status).toBe(404);
    expect(response.body).toContain("Erro ao carregar produto");
  });

  it("a favourite toggle, a review's visibility and a product deletion refuse the id without a 500", async () => {
    const favourite = await request("/api/favoritos", { cookie: customer.cookie, form: { productId: BEYOND_INTEGER, on: "true" } });
    expect(favourite.status).toBe(400);
    const hide = await request("/produto/1", { cookie: admin.cookie, form: { intent: "hide-review", reviewId: BEYOND_INTEGER, hidden: "true" } });
    expect(hide.status).toBe(400);
    const deletion = await request("/admin/produtos", { cookie: admin.cookie, form: { intent: "delete", id: BEYOND_INTEGER } });
    expect(deletion.status).toBe(400);
  });

  it("a checkout line naming such a product is refused with a message, and no order is written", async () => {
    const lines = JSON.stringify([{ productId: Number(BEYOND_INTEGER), size: null, color: null, quantity: 1 }]);
    const response = await request("/pedido", { form: { lines, idempotencyKey: "a".repeat(32) } });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const { rows } = await t.pool.query("select count(*)::int as count from orders");
    expect(rows[0]?.count).toBe(0);
  });
});
