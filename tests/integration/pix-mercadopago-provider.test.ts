// The Mercado Pago adapter against a local Mercado Pago on loopback, and the notification signature.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mercadoPagoPixProvider, verifyMercadoPagoSignature } from "~/server/payments/mercadopago-pix.server";
import { type PixProviderError } from "~/server/payments/pix-provider.server";
import { startFakeMercadoPago, type FakeMercadoPago } from "../setup/fake-mercadopago";

let fake: FakeMercadoPago;
beforeAll(async () => {
  fake = await startFakeMercadoPago();
});
afterAll(() => fake.close());

const charge = (txid: string, amountCents: number) => ({ txid, amountCents, expiresInSeconds: 1800, key: "", description: "Pedido", payerEmail: "cliente@exemplo.com" });

describe("the Mercado Pago Pix adapter", () => {
  it("creates a Pix payment once per txid and reads it back as paid after approval", async () => {
    const provider = mercadoPagoPixProvider({ accessToken: fake.accessToken, apiUrl: fake.url });
    const created = await provider.createCharge(charge("lojaerick000000000000000001", 59205));
    expect(created).toMatchObject({ status: "active", amountCents: 59205, received: [] });
    expect(created.copyPaste).toMatch(/^000201/);
    const again = await provider.createCharge(charge("lojaerick000000000000000001", 59205));
    expect(again.providerId).toBe(created.providerId);
    expect(fake.payments.size).toBe(1);

    await fake.approve("lojaerick000000000000000001");
    const read = await provider.readCharge({ txid: "lojaerick000000000000000001", providerId: created.providerId });
    expect(read.status).toBe("concluded");
    expect(read.received).toHaveLength(1);
    expect(read.received[0]).toMatchObject({ amountCents: 59205 });
  });

  it("refunds within what was paid", async () => {
    const provider = mercadoPagoPixProvider({ accessToken: fake.accessToken, apiUrl: fake.url });
    const created = await provider.createCharge(charge("lojaerick000000000000000002", 1000));
    await fake.approve("lojaerick000000000000000002");
    const reference = { txid: created.txid, providerId: created.providerId };
    await expect(provider.refund({ reference, endToEndId: "x", refundId: "r1", amountCents: 400 })).resolves.toMatchObject({ amountCents: 400, status: "done" });
    const tooMuch = (await provider.refund({ reference, endToEndId: "x", refundId: "r2", amountCents: 601 }).catch((caught: unknown) => caught)) as PixProviderError;
    expect(tooMuch.kind).toBe("refused");
  });

  it("a refund read back is the refund made (the same idempotency key), and is made then if the first request never arrived", async () => {
    const provider = mercadoPagoPixProvider({ accessToken: fake.accessToken, apiUrl: fake.url });
    const created = await provider.createCharge(charge("lojaerick000000000000000004", 1000));
    await fake.approve("lojaerick000000000000000004");
    const reference = { txid: created.txid, providerId: created.providerId };
    const made = await provider.refund({ reference, endToEndId: "x", refundId: "rb1", amountCents: 300 });
    await expect(provider.readRefund({ reference, endToEndId: "x", refundId: "rb1", amountCents: 300 })).resolves.toEqual(made);
    expect(fake.payments.get(Number(created.providerId))!.refunds).toHaveLength(1);

    fake.down = true;
    await expect(provider.refund({ reference, endToEndId: "x", refundId: "rb2", amountCents: 200 })).rejects.toMatchObject({ kind: "unavailable" });
    fake.down = false;
    await expect(provider.readRefund({ reference, endToEndId: "x", refundId: "rb2", amountCents: 200 })).resolves.toMatchObject({ amountCents: 200, status: "done" });
    await provider.readRefund({ reference, endToEndId: "x", refundId: "rb2", amountCents: 200 });
    expect(fake.payments.get(Number(created.providerId))!.refunds.map((refund) => refund.amount)).toEqual([3, 2]);
  });

  it("a wrong token is 'refused', a down service 'unavailable', and the token never shows in messages", async () => {
    const wrong = mercadoPagoPixProvider({ accessToken: "APP_USR-errado", apiUrl: fake.url });
    const refused = (await wrong.createCharge(charge("lojaerick000000000000000003", 100)).catch((caught: unknown) => caught)) as PixProviderError;
    expect(refused.kind).toBe("refused");
    fake.down = true;
    const provider = mercadoPagoPixProvider({ accessToken: fake.accessToken, apiUrl: fake.url });
    const down = (await provider.createCharge(charge("lojaerick000000000000000003", 100)).catch((caught: unknown) => caught)) as PixProviderError;
    fake.down = false;
    expect(down.kind).toBe("unavailable");
    expect(down.message + refused.message).not.toContain(fake.accessToken);
  });
});

describe("Mercado Pago's notification signature", () => {
  const secret = "segredo-do-webhook";
  const sign = (manifest: string, key = secret) => crypto.createHmac("sha256", key).update(manifest).digest("hex");
  const now = 1_795_800_000_000;
  const ts = String(now / 1000);

  it("accepts the signed manifest and refuses a wrong secret, another id, or an old timestamp", () => {
    const signature = `ts=${ts},v1=${sign(`id:123;request-id:abc;ts:${ts};`)}`;
    expect(verifyMercadoPagoSignature({ secret, signature, requestId: "abc", dataId: "123", now })).toBe(true);
    expect(verifyMercadoPagoSignature({ secret: "outro", signature, requestId: "abc", dataId: "123", now })).toBe(false);
    expect(verifyMercadoPagoSignature({ secret, signature, requestId: "abc", dataId: "124", now })).toBe(false);
    expect(verifyMercadoPagoSignature({ secret, signature, requestId: "abc", dataId: "123", now: now + 301_000 })).toBe(false);
    expect(verifyMercadoPagoSignature({ secret, signature: null, requestId: "abc", dataId: "123", now })).toBe(false);
    expect(verifyMercadoPagoSignature({ secret, signature: "ts=,v1=", requestId: "abc", dataId: "123", now })).toBe(false);
  });

  it("lower-cases an alphanumeric data.id, as Mercado Pago signs it", () => {
    const signature = `ts=${ts},v1=${sign(`id:abc123;request-id:r;ts:${ts};`)}`;
    expect(verifyMercadoPagoSignature({ secret, signature, requestId: "r", dataId: "ABC123", now })).toBe(true);
  });
});
