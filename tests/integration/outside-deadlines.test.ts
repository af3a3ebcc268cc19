// An outside service that is slow never holds a page: the order page reads a Pix charge again from the
// local Banco Central provider (mutual TLS, tests/setup/fake-bacen-pix.ts) made to hang, then to
// trickle its answer a byte at a time (which an idle timeout never stops). The page answers with the
// pending state while the fake is still answering, and the read left in the background is cut at the
// provider's own deadline on the whole call. No wall-clock assertion: "answered before the fake
// finished" is the proof.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPixConfig } from "~/server/config/pix-config.server";
import { createTestContext } from "../setup/admin-session";
import { bacenPixEnvironment, startFakeBacenPix, type FakeBacenPix } from "../setup/fake-bacen-pix";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields, orderableLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { makeTestCertificates, type TestCertificates } from "../setup/test-certificates";

let t: TestDatabase;
let certs: TestCertificates;
let fake: FakeBacenPix;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let lines: string;

beforeAll(async () => {
  t = await createTestDatabase();
  certs = makeTestCertificates();
  fake = await startFakeBacenPix(certs);
  app = await createTestContext(t);
  const { pix, problems } = readPixConfig(bacenPixEnvironment(fake, certs));
  expect(problems).toEqual([]);
  app.context.config = { ...app.context.config, pix };
  await t.pool.query(`update settings set data = jsonb_set(data, '{pixKey}', '"+5581998765432"') where id = 1`);
  http = await startHttpApp(app.context);
  ({ lines } = await orderableLine(t.pool, { stock: 5 }));
}, 120_000);

afterAll(async () => {
  if (fake) {
    fake.delayMs = 0;
    fake.trickleMs = 0;
  }
  await http?.close();
  await app?.close();
  await fake?.close();
  certs?.remove();
  await t?.close();
});

let keys = 0;
/** A Pix order whose charge the provider made, as its page path and charge row. */
async function pixOrderWithCharge(): Promise<{ path: string; charge: { id: number; txid: string } }> {
  const response = await fetch(`${http.origin}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...checkoutFormFields(), phone: `(81) 9${8100 + (keys += 1)}-1234`, lines, idempotencyKey: `outside-deadline-${keys}-padding` }),
  });
  expect(response.status).toBe(302);
  const path = new URL(response.headers.get("location")!, http.origin).pathname;
  const payments = (await http.loadModule("/app/server/payments/order-payment.server.ts")) as { chargesSettled: () => Promise<void> };
  await payments.chargesSettled();
  const { rows } = await t.pool.query<{ id: number; txid: string; status: string }>(
    "select c.id, c.txid, c.status from pix_charges c join orders o on o.id = c.order_id where o.public_token = $1",
    [path.split("/").pop()],
  );
  expect(rows[0]?.status).toBe("active");
  // As if the page's last look at the provider was a while ago: this visit reads the charge again.
  await t.pool.query("update pix_charges set last_checked_at = now() - interval '1 minute' where id = $1", [rows[0]!.id]);
  return { path, charge: rows[0]! };
}

async function until(condition: () => boolean | Promise<boolean>) {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe("a slow Pix provider and the order page", () => {
  it("a bank that hangs, then answers 'paid': the page answers first with the pending state, and the read finishes behind it", async () => {
    const { path, charge } = await pixOrderWithCharge();
    await fake.pay(charge.txid);
    fake.delayMs = 3_500;
    try {
      const page = await fetch(`${http.origin}${path}`).then((response) => response.text());
      expect(fake.answering).toBeGreaterThan(0);
      expect(page).toContain("Aguardando o Pix.");
      expect(page).not.toContain("Pagamento confirmado");
      await until(() => fake.answering === 0);
      await until(async () => (await t.pool.query("select status from order_payments where order_id = (select order_id from pix_charges where id = $1)", [charge.id])).rows[0]?.status === "paid");
    } finally {
      fake.delayMs = 0;
    }
  }, 60_000);

  it("a bank trickling its answer a byte a second: the page answers while it trickles, and the read is cut at the call's deadline", async () => {
    const { path } = await pixOrderWithCharge();
    fake.trickleMs = 1_000;
    try {
      const page = await fetch(`${http.origin}${path}`).then((response) => response.text());
      expect(fake.answering).toBeGreaterThan(0);
      expect(page).toContain("Aguardando o Pix.");
      // The answer would take minutes; the shop hangs up at its deadline.
      await until(() => fake.answering === 0);
    } finally {
      fake.trickleMs = 0;
    }
  }, 60_000);
});
