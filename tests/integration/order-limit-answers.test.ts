// The order limits' refusals over HTTP, as browsers and scripts meet them: every 429 says when to
// come back (Retry-After), on the checkout page and its data request, and on the cart's quick order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields, orderableLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let lines: string;
let keys = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  // One order per address: the first goes through, every later one is refused.
  http = await startHttpApp({ ...app.context, config: { ...app.context.config, orderLimits: { perAddress: 1, perPhone: 100 } } });
  lines = (await orderableLine(t.pool)).lines;
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

function post(path: string, fields: Record<string, string>) {
  return fetch(`${http.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ lines, idempotencyKey: `limit-answer-key-${(keys += 1)}`, ...fields }),
  });
}

const customer = checkoutFormFields();

describe("a refused order (429)", () => {
  it("carries Retry-After on /checkout, /checkout.data, /pedido and /pedido.data", async () => {
    const first = await post("/pedido", {});
    await first.text();
    expect(first.status).toBe(302);
    for (const [path, fields] of [
      ["/checkout", customer],
      ["/checkout.data", customer],
      ["/pedido", {}],
      ["/pedido.data", {}],
    ] as const) {
      const response = await post(path, fields);
      const body = await response.text();
      expect(response.status, path).toBe(429);
      expect(body, path).toContain("Recebemos muitos pedidos seguidos");
      const retryAfter = Number(response.headers.get("retry-after"));
      expect(retryAfter, path).toBeGreaterThan(60);
      expect(retryAfter, path).toBeLessThanOrEqual(10 * 60);
    }
  }, 90_000);
});
