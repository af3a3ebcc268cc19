// A route's own header replaces the default the security middleware set (server/app.ts): one value
// each, never two that contradict each other.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { insertOrder } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let token: string;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  const order = await insertOrder(t.db, { createdAt: new Date().toISOString(), items: [{ productId: 1, name: "Sandália", unitPriceCents: 9990, quantity: 1 }] });
  const { rows } = await t.pool.query<{ token: string }>("select public_token as token from orders where id = $1", [order.id]);
  token = rows[0]!.token;
  // With the security headers server.js puts in front, whose defaults the routes may replace.
  http = await startHttpApp(app.context, { withSecurityHeaders: true });
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

describe("headers a route sets itself", () => {
  it("the order page sends Cache-Control and Referrer-Policy once, with the route's values", async () => {
    const response = await fetch(`${http.origin}/pedido/${token}`);
    await response.text();
    expect(response.status).toBe(200);
    // fetch joins repeated headers with ", ": a second value would show here.
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("a page without its own keeps the middleware's defaults", async () => {
    const response = await fetch(`${http.origin}/conta`, { redirect: "manual" });
    await response.text();
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});
