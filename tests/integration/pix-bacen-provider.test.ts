// The Banco Central Pix adapter against a local provider over mutual TLS (certificates made by openssl
// for this run): tokens, charges, webhooks and refunds, and what happens when the provider is slow,
// down, refuses the credentials or the client certificate.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bacenPixProvider, type BacenPixOptions } from "~/server/payments/bacen-pix.server";
import { PixProviderError } from "~/server/payments/pix-provider.server";
import { startFakeBacenPix, type FakeBacenPix } from "../setup/fake-bacen-pix";
import { makeTestCertificates, type TestCertificates } from "../setup/test-certificates";

let certs: TestCertificates;
let fake: FakeBacenPix;
let options: BacenPixOptions;
const txid = (n: number) => `lojaerick${String(n).padStart(18, "0")}`;

beforeAll(async () => {
  certs = makeTestCertificates();
  fake = await startFakeBacenPix(certs);
  options = {
    apiUrl: fake.url,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    certificate: { pem: fs.readFileSync(certs.clientPemFile) },
    ca: fs.readFileSync(certs.caFile),
    // A deadline on the whole call (TLS handshake included): room for a loaded machine.
    timeoutMs: 3000,
  };
});

afterAll(async () => {
  await fake.close();
  certs.remove();
});

describe("the Banco Central Pix adapter", () => {
  it("creates a charge for the exact amount and reads it back as paid once the shopper pays", async () => {
    const provider = bacenPixProvider(options);
    const created = await provider.createCharge({ txid: txid(1), amountCents: 59205, expiresInSeconds: 1800, key: "+5581998765432", description: "Pedido #AB12CD34" });
    expect(created).toMatchObject({ txid: txid(1), status: "active", amountCents: 59205, received: [] });
    expect(created.copyPaste).toMatch(/^000201/);
    expect(created.expiresAt.getTime() - created.createdAt.getTime()).toBe(1800 * 1000);
    expect(fake.charges.get(txid(1))?.valor.original).toBe("592.05");

    const paid = await fake.pay(txid(1));
    const read = await provider.readCharge({ txid: txid(1), providerId: txid(1) });
    expect(read.status).toBe("concluded");
    expect(read.received).toEqual([{ endToEndId: paid.endToEndId, amountCents: 59205, paidAt: new Date(paid.horario), refunds: [] }]);
  });

  it("a retried create whose first answer was lost returns the charge that exists", async () => {
    const provider = bacenPixProvider(options);
    const input = { txid: txid(2), amountCents: 1000, expiresInSeconds: 600, key: "loja@exemplo.com", description: "Pedido" };
    const first = await provider.createCharge(input);
    const again = await provider.createCharge(input);
    expect(again.copyPaste).toBe(first.copyPaste);
    expect(fake.charges.size).toBeGreaterThanOrEqual(2);
  });

  it("reads a PKCS#12 certificate with its password", async () => {
    const provider = bacenPixProvider({ ...options, certificate: { pkcs12: fs.readFileSync(certs.clientP12File), password: certs.clientP12Password } });
    await expect(provider.registerWebhook("+5581998765432", "https://loja.example/api/pix/webhook/segredo")).resolves.toBeUndefined();
    expect(fake.webhooks.get("+5581998765432")).toBe("https://loja.example/api/pix/webhook/segredo");
  });

  it("a certificate from another authority is refused at the handshake", async () => {
    const provider = bacenPixProvider({ ...options, certificate: { pem: fs.readFileSync(certs.strangerPemFile) } });
    const error = await provider.readCharge({ txid: txid(1), providerId: txid(1) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PixProviderError);
    expect((error as PixProviderError).kind).toBe("unavailable");
  });

  it("wrong credentials are 'refused', and the message never carries the secret", async () => {
    const provider = bacenPixProvider({ ...options, clientSecret: "errado-" + fake.clientSecret });
    const error = (await provider.readCharge({ txid: txid(1), providerId: txid(1) }).catch((caught: unknown) => caught)) as PixProviderError;
    expect(error.kind).toBe("refused");
    expect(error.message).not.toContain(fake.clientSecret);
    expect(error.message).not.toContain(fake.clientId);
  });

  it("a slow provider times out, a down one is 'unavailable', an unknown charge is 'not-found'", async () => {
    const provider = bacenPixProvider(options);
    await provider.readCharge({ txid: txid(1), providerId: txid(1) }); // token taken before the provider slows down
    fake.delayMs = 8000;
    const started = Date.now();
    const slow = (await provider.readCharge({ txid: txid(1), providerId: txid(1) }).catch((caught: unknown) => caught)) as PixProviderError;
    expect(slow.kind).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(7000); // the 3 s deadline, far from the 8 s answer
    fake.delayMs = 0;
    fake.down = true;
    const down = (await provider.readCharge({ txid: txid(1), providerId: txid(1) }).catch((caught: unknown) => caught)) as PixProviderError;
    expect(down.kind).toBe("unavailable");
    fake.down = false;
    const missing = (await provider.readCharge({ txid: txid(99), providerId: txid(99) }).catch((caught: unknown) => caught)) as PixProviderError;
    expect(missing.kind).toBe("not-found");
  });

  it("refunds part and then the rest, never more than was paid", async () => {
    const provider = bacenPixProvider(options);
    await provider.createCharge({ txid: txid(3), amountCents: 5000, expiresInSeconds: 600, key: "+5581998765432", description: "Pedido" });
    const paid = await fake.pay(txid(3));
    const reference = { txid: txid(3), providerId: txid(3) };
    await expect(provider.refund({ reference, endToEndId: paid.endToEndId, refundId: "D1", amountCents: 2000 })).resolves.toMatchObject({ id: "D1", amountCents: 2000, status: "processing" });
    const tooMuch = (await provider.refund({ reference, endToEndId: paid.endToEndId, refundId: "D2", amountCents: 3001 }).catch((caught: unknown) => caught)) as PixProviderError;
    expect(tooMuch.kind).toBe("refused");
    await expect(provider.refund({ reference, endToEndId: paid.endToEndId, refundId: "D2", amountCents: 3000 })).resolves.toMatchObject({ amountCents: 3000 });
    const read = await provider.readCharge(reference);
    expect(read.received[0]?.refunds.map((refund) => refund.amountCents)).toEqual([2000, 3000]);
  });

  it("a provider answering nonsense is 'unavailable', not a crash", async () => {
    const provider = bacenPixProvider(options);
    await provider.createCharge({ txid: txid(4), amountCents: 100, expiresInSeconds: 600, key: "+5581998765432", description: "x" });
    (fake.charges.get(txid(4)) as unknown as { valor: unknown }).valor = { original: "cem reais" };
    const error = (await provider.readCharge({ txid: txid(4), providerId: txid(4) }).catch((caught: unknown) => caught)) as PixProviderError;
    expect(error.kind).toBe("unavailable");
  });
});
