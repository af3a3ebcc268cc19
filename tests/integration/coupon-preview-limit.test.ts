// 'Aplicar' tells whether a code exists, so it is limited per client address: a script cannot try
// codes until one works, while another address (another shopper) is not affected.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponPreviewUrl } from "~/lib/coupons/coupons";
import { CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import { COUPON_TRY_LIMIT } from "~/server/coupons/coupon-tries.server";
import { loader } from "~/routes/api/coupon-preview";
import { createTestContext, TEST_ORIGIN } from "../setup/admin-session";
import { orderableLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let productId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  productId = (await orderableLine(t.pool)).line.productId;
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function preview(code: string, address: string) {
  const request = new Request(`${TEST_ORIGIN}${couponPreviewUrl(code, [{ id: productId, quantity: 1 }], null)}`, {
    headers: { host: "localhost:3999", [CLIENT_IP_HEADER]: address },
  });
  const response = await loader({ request, context: app.context, params: {} } as Parameters<typeof loader>[0]);
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as { ok: boolean; code: string; message: string } };
}

describe("the coupon preview's limit", () => {
  it(`answers ${COUPON_TRY_LIMIT.max} tries from one address, then 429 with a pt-BR message and Retry-After; another address goes on`, async () => {
    const tries = await Promise.all(Array.from({ length: COUPON_TRY_LIMIT.max }, (_, index) => preview(`CHUTE${index}`, "203.0.113.7")));
    expect(tries.map((answer) => answer.status)).toEqual(Array(COUPON_TRY_LIMIT.max).fill(200));
    expect(tries[0]!.body).toMatchObject({ ok: false, code: "CHUTE0" });

    const refused = await preview("chute-a-mais", "203.0.113.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body).toEqual({ ok: false, code: "CHUTE-A-MAIS", message: expect.stringMatching(/^Muitas tentativas de cupom seguidas\. Tente de novo em \d+ minutos?\.$/) });

    expect((await preview("OUTRO", "203.0.113.8")).status).toBe(200);
  });
});
