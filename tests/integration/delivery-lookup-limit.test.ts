// /api/entrega answers an address for any CEP and may ask Melhor Envio, so it is limited per client
// address: 80 look-ups at once from one address get exactly the allowance, the rest a pt-BR 429 with
// Retry-After; another address goes on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import { DELIVERY_LOOKUP_LIMIT } from "~/server/delivery/delivery-lookup-limit.server";
import { loader } from "~/routes/api/delivery-lookup";
import { createTestContext, TEST_ORIGIN } from "../setup/admin-session";
import { orderableLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let productId: number;

beforeAll(async () => {
  t = await createTestDatabase({ maxConnections: 24 });
  app = await createTestContext(t);
  productId = (await orderableLine(t.pool)).line.productId;
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function lookUp(cep: string, address: string) {
  const request = new Request(`${TEST_ORIGIN}/api/entrega?${new URLSearchParams({ cep, itens: `${productId}x1`, uf: "SP" })}`, {
    headers: { host: "localhost:3999", [CLIENT_IP_HEADER]: address },
  });
  const response = await loader({ request, context: app.context, params: {} } as Parameters<typeof loader>[0]);
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as { message?: string } };
}

describe("the delivery look-up's limit", () => {
  it(`answers ${DELIVERY_LOOKUP_LIMIT.max} of 80 concurrent look-ups from one address, then 429 in pt-BR with Retry-After`, async () => {
    const answers = await Promise.all(Array.from({ length: 80 }, (_, index) => lookUp(`0131${String(index).padStart(4, "0")}`, "203.0.113.20")));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(DELIVERY_LOOKUP_LIMIT.max);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(80 - DELIVERY_LOOKUP_LIMIT.max);
    expect(Number(refused[0]!.retryAfter)).toBeGreaterThan(0);
    expect(refused[0]!.body.message).toMatch(/^Muitas consultas de entrega seguidas\. Tente de novo em \d+ minutos?, ou combine a entrega pelo WhatsApp\.$/);

    expect((await lookUp("01310100", "203.0.113.21")).status).toBe(200);
  });

  it("a malformed CEP is answered without spending the allowance", async () => {
    expect((await lookUp("123", "203.0.113.22")).status).toBe(400);
  });
});
