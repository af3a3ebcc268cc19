// A local stand-in for Mercado Pago's payments API on 127.0.0.1 (plain HTTP): Pix payments, reading
// them, refunds, and the signed notification it sends to a payment's notification_url. Driven by the
// tests; can be slow or down.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

type FakePayment = {
  id: number;
  status: "pending" | "approved" | "cancelled" | "refunded";
  transaction_amount: number;
  external_reference: string;
  description: string;
  date_created: string;
  date_of_expiration: string;
  date_approved: string | null;
  notification_url: string | null;
  point_of_interaction: { transaction_data: { qr_code: string; qr_code_base64: string; e2e_id: string | null } };
  transaction_details: { total_paid_amount: number | null };
  refunds: { id: number; amount: number; status: "approved" }[];
};

export type FakeMercadoPago = {
  url: string;
  accessToken: string;
  webhookSecret: string;
  payments: Map<number, FakePayment>;
  /** Every GET /v1/payments/{id}, by payment id, in order. */
  reads: number[];
  delayMs: number;
  down: boolean;
  /** The shopper pays; `notify` sends Mercado Pago's signed notification to the payment's notification_url. */
  approve(externalReference: string, options?: { amountCents?: number; notify?: boolean }): Promise<FakePayment>;
  /** Sends a notification for a payment id, signed with `secret` (the right one unless a test forges it). */
  notify(paymentId: number, options?: { secret?: string; ts?: number; url?: string }): Promise<Response>;
  close(): Promise<void>;
};

export async function startFakeMercadoPago(): Promise<FakeMercadoPago> {
  const accessToken = "APP_USR-" + crypto.randomBytes(12).toString("hex");
  const webhookSecret = crypto.randomBytes(16).toString("hex");
  const payments = new Map<number, FakePayment>();
  const byIdempotencyKey = new Map<string, number>();
  const refundsByIdempotencyKey = new Map<string, FakePayment["refunds"][number]>();
  let nextId = 1_000_001;
  const reads: number[] = [];

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (fake.down) return send(503, { message: "service unavailable" });
    if (req.headers.authorization !== `Bearer ${accessToken}`) return send(401, { message: "invalid access token" });
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    let body: Record<string, unknown> = {};
    try {
      body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
    } catch {
      return send(400, { message: "invalid json" });
    }
    if (req.method === "POST" && url.pathname === "/v1/payments") {
      const key = String(req.headers["x-idempotency-key"] ?? "");
      const existing = key ? byIdempotencyKey.get(key) : undefined;
      if (existing) return send(201, payments.get(existing));
      if (body.payment_method_id !== "pix" || typeof body.transaction_amount !== "number" || body.transaction_amount <= 0) {
        return send(400, { message: "invalid payment" });
      }
      const id = nextId++;
      const payment: FakePayment = {
        id,
        status: "pending",
        transaction_amount: body.transaction_amount,
        external_reference: String(body.external_reference ?? ""),
        description: String(body.description ?? ""),
        date_created: new Date().toISOString(),
        date_of_expiration: String(body.date_of_expiration ?? new Date(Date.now() + 86_400_000).toISOString()),
        date_approved: null,
        notification_url: typeof body.notification_url === "string" ? body.notification_url : null,
        point_of_interaction: { transaction_data: { qr_code: `00020126580014br.gov.bcb.pix0136${crypto.randomUUID()}5204000053039865802BR6304ABCD`, qr_code_base64: "", e2e_id: null } },
        transaction_details: { total_paid_amount: null },
        refunds: [],
      };
      payments.set(id, payment);
      if (key) byIdempotencyKey.set(key, id);
      return send(201, payment);
    }
    if (req.method === "GET" && url.pathname === "/v1/payments/search") {
      const reference = url.searchParams.get("external_reference");
      const results = [...payments.values()].filter((payment) => payment.external_reference === reference);
      return send(200, { paging: { total: results.length, limit: 30, offset: 0 }, results });
    }
    const one = url.pathname.match(/^\/v1\/payments\/(\d+)(\/refunds)?$/);
    if (one) {
      const payment = payments.get(Number(one[1]));
      if (!payment) return send(404, { message: "Payment not found" });
      if (!one[2] && req.method === "GET") {
        reads.push(payment.id);
        return send(200, payment);
      }
      if (!one[2] && req.method === "PUT") {
        if (body.status !== "cancelled" || payment.status !== "pending") return send(400, { message: "payment cannot be cancelled" });
        payment.status = "cancelled";
        return send(200, payment);
      }
      if (one[2] && req.method === "POST") {
        // The same idempotency key answers the refund it made, as Mercado Pago does.
        const key = String(req.headers["x-idempotency-key"] ?? "");
        const repeated = key ? refundsByIdempotencyKey.get(key) : undefined;
        if (repeated) return send(201, repeated);
        const amount = typeof body.amount === "number" ? body.amount : payment.transaction_amount;
        const refunded = payment.refunds.reduce((sum, refund) => sum + refund.amount, 0);
        if (payment.status !== "approved" || Math.round((refunded + amount) * 100) > Math.round(payment.transaction_amount * 100)) {
          return send(400, { message: "invalid refund amount" });
        }
        const refund = { id: nextId++, amount, status: "approved" as const };
        payment.refunds.push(refund);
        if (key) refundsByIdempotencyKey.set(key, refund);
        return send(201, refund);
      }
    }
    send(404, { message: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function notify(paymentId: number, options: { secret?: string; ts?: number; url?: string } = {}) {
    const payment = payments.get(paymentId);
    const target = options.url ?? payment?.notification_url;
    if (!target) throw new Error("fake Mercado Pago: no notification_url");
    const ts = String(options.ts ?? Math.floor(Date.now() / 1000));
    const requestId = crypto.randomUUID();
    const manifest = `id:${paymentId};request-id:${requestId};ts:${ts};`;
    const v1 = crypto.createHmac("sha256", options.secret ?? webhookSecret).update(manifest).digest("hex");
    const address = new URL(target);
    address.searchParams.set("data.id", String(paymentId));
    address.searchParams.set("type", "payment");
    return fetch(address, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": `ts=${ts},v1=${v1}`, "x-request-id": requestId },
      body: JSON.stringify({ action: "payment.updated", api_version: "v1", data: { id: String(paymentId) }, type: "payment", live_mode: false }),
    });
  }

  const fake: FakeMercadoPago = {
    url,
    accessToken,
    webhookSecret,
    payments,
    reads,
    delayMs: 0,
    down: false,
    async approve(externalReference, options = {}) {
      const payment = [...payments.values()].find((item) => item.external_reference === externalReference);
      if (!payment) throw new Error(`fake Mercado Pago: no payment for ${externalReference}`);
      payment.status = "approved";
      payment.date_approved = new Date().toISOString();
      payment.transaction_details.total_paid_amount = options.amountCents === undefined ? payment.transaction_amount : options.amountCents / 100;
      payment.point_of_interaction.transaction_data.e2e_id = "E" + crypto.randomBytes(16).toString("hex").slice(0, 31);
      if (options.notify) await notify(payment.id);
      return payment;
    },
    notify,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
