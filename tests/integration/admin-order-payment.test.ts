// The order window's money on real PostgreSQL, through the route's loader and action: the payment
// shown beside the status (with the end-to-end id), "Marcar como pago" once however many clerks click
// at once, refunds total or partial (by hand, and through the local Banco Central provider over mutual
// TLS), never more than was paid even with concurrent requests, audited, and shown on the shopper's page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPixConfig, type PixConfig } from "~/server/config/pix-config.server";
import type { LoadContext } from "~/server/load-context.server";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/order";
import { loader as ordersLoader } from "~/routes/admin/orders";
import type { AdminOrderList } from "~/lib/orders/admin-orders";
import { getReport } from "~/server/read-models/reports.server";
import { getSalesSummary } from "~/server/read-models/sales-summary.server";
import { pixProviderFor, reconcileCharge } from "~/server/payments/pix-charges.server";
import { createOrderCharge } from "~/server/payments/pix-charge-creation.server";
import { checkRequestedRefunds } from "~/server/payments/pix-refund-readback.server";
import type { AdminOrderPayment } from "~/lib/payments/admin-payment";
import { createTestContext, requestAs, signedInUser, type SignedInUser } from "../setup/admin-session";
import { bacenPixEnvironment, startFakeBacenPix, type FakeBacenPix } from "../setup/fake-bacen-pix";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { insertOrder } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { makeTestCertificates, type TestCertificates } from "../setup/test-certificates";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let certs: TestCertificates;
let fake: FakeBacenPix;
let pix: PixConfig;
/** The shop without a Pix provider (PIX_PROVIDER unset). */
let plain: LoadContext;
/** The same shop with the local Banco Central provider. */
let withProvider: LoadContext;
let admin: SignedInUser;
let shopper: SignedInUser;
let http: HttpApp;

beforeAll(async () => {
  t = await createTestDatabase({ maxConnections: 25 });
  app = await createTestContext(t);
  certs = makeTestCertificates();
  fake = await startFakeBacenPix(certs);
  const read = readPixConfig(bacenPixEnvironment(fake, certs));
  expect(read.problems).toEqual([]);
  pix = read.pix!;
  plain = app.context;
  withProvider = { ...app.context, config: { ...app.context.config, pix } };
  admin = await signedInUser(plain, "admin");
  shopper = await signedInUser(plain, "customer");
  http = await startHttpApp(withProvider);
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await fake?.close();
  certs?.remove();
  await t?.close();
});

type Answer = { data?: { ok: boolean; message?: string; errors?: Record<string, string> }; init?: { status?: number } } | Response;

async function post(context: LoadContext, orderId: string, fields: Record<string, string>, user: SignedInUser = admin): Promise<Answer> {
  try {
    return (await orderAction({ request: requestAs(user, `/admin/pedidos/${orderId}`, { form: new URLSearchParams(fields) }), context, params: { id: orderId } } as never)) as Answer;
  } catch (thrown) {
    return thrown as Response;
  }
}
const markPaid = (context: LoadContext, orderId: string, user?: SignedInUser) => post(context, orderId, { intent: "mark-paid" }, user);
const refund = (context: LoadContext, orderId: string, amount: string, reason = "Cliente desistiu") => post(context, orderId, { intent: "refund", amount, reason });

async function windowPayment(context: LoadContext, orderId: string): Promise<AdminOrderPayment> {
  const page = (await orderLoader({ request: requestAs(admin, `/admin/pedidos/${orderId}`), context, params: { id: orderId } } as never)) as { payment: AdminOrderPayment };
  return page.payment;
}

const okOf = (answer: Answer) => !(answer instanceof Response) && answer.data?.ok === true;
const refusalOf = (answer: Answer) => (answer instanceof Response ? null : (answer.data?.errors ?? null));

async function order(totalCents: number, paymentMethod: string | null = "pix", extra: { createdAt?: string; customerName?: string; status?: "cancelled" } = {}) {
  return insertOrder(t.db, { createdAt: extra.createdAt ?? new Date(), paymentMethod, customerName: extra.customerName, status: extra.status, items: [{ name: "Sandália", unitPriceCents: totalCents, quantity: 1 }] });
}

async function paymentRow(orderId: string) {
  const { rows } = await t.pool.query("select status, paid_cents, refunded_cents, confirmed_by, actor_name, paid_at from order_payments where order_id = $1", [orderId]);
  return rows[0] as { status: string; paid_cents: number; refunded_cents: number; confirmed_by: string; actor_name: string; paid_at: Date | null } | undefined;
}

async function auditCount(orderId: string, action: string) {
  const { rows } = await t.pool.query("select count(*)::int as n from audit_log where entity_id = $1 and action = $2", [orderId, action]);
  return rows[0].n as number;
}

/** A Pix order paid through the local provider and reconciled, as the webhook or the poller would. */
async function paidPixOrder(totalCents: number) {
  const placed = await order(totalCents);
  const charge = await createOrderCharge(t.db, pix, { orderId: placed.id, code: placed.code, amountCents: placed.totalCents, key: "+5581998765432", shopName: "Loja Erick" });
  if (!charge) throw new Error("no charge");
  const paid = await fake.pay(charge.txid);
  expect(await reconcileCharge(t.db, pixProviderFor(pix), charge.txid)).toBe("paid");
  return { ...placed, txid: charge.txid, endToEndId: paid.endToEndId };
}

describe("Marcar como pago", () => {
  it("without a provider: the clerk marks it paid, with who and when, audited; the window shows it", async () => {
    const placed = await order(8990);
    expect(await windowPayment(plain, placed.id)).toMatchObject({ status: "awaiting", canMarkPaid: true, refundableCents: 0 });
    const answer = await markPaid(plain, placed.id);
    expect(okOf(answer)).toBe(true);
    expect(await paymentRow(placed.id)).toMatchObject({ status: "paid", paid_cents: 8990, confirmed_by: "clerk", actor_name: admin.name });
    expect((await paymentRow(placed.id))!.paid_at).toBeInstanceOf(Date);
    expect(await auditCount(placed.id, "order.payment")).toBe(1);
    const shown = await windowPayment(plain, placed.id);
    expect(shown).toMatchObject({ status: "paid", confirmedBy: "clerk", confirmedByName: admin.name, canMarkPaid: false, refundableCents: 8990, refundViaProvider: false });
    expect(shown.paidAt).not.toBeNull();
    // The window's history says it too, with who (issue 51: it listed the status changes only).
    const window = (await orderLoader({ request: requestAs(admin, `/admin/pedidos/${placed.id}`), context: plain, params: { id: placed.id } } as never)) as {
      detail: { history: { kind: string; actorName: string; at: string }[] };
    };
    expect(window.detail.history.map(({ kind, actorName }) => ({ kind, actorName }))).toEqual([
      { kind: "status", actorName: "" },
      { kind: "paid", actorName: admin.name },
    ]);
    expect(window.detail.history[1]!.at).toBe(shown.paidAt);

    const again = await markPaid(plain, placed.id);
    expect(refusalOf(again)).toEqual({ form: "Este pedido já está pago." });
    expect(await auditCount(placed.id, "order.payment")).toBe(1);
  });

  it("twenty clerks clicking at once make one payment and one audit entry", async () => {
    const placed = await order(12000, "cash");
    // Its payment row already there (as a charge or an earlier look makes it): only the row lock keeps the clicks apart.
    await t.pool.query("insert into order_payments (order_id, status) values ($1, 'awaiting')", [placed.id]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => markPaid(plain, placed.id)));
    expect(answers.filter(okOf)).toHaveLength(1);
    expect(answers.filter((answer) => refusalOf(answer)?.form === "Este pedido já está pago.")).toHaveLength(19);
    expect(await auditCount(placed.id, "order.payment")).toBe(1);
    expect(await paymentRow(placed.id)).toMatchObject({ status: "paid", paid_cents: 12000 });
  });

  it("with a provider, a Pix order with a live charge is paid only by the bank; a cash order may still be marked", async () => {
    const pixOrder = await order(5000, "pix");
    await createOrderCharge(t.db, pix, { orderId: pixOrder.id, code: pixOrder.code, amountCents: pixOrder.totalCents, key: "+5581998765432", shopName: "Loja Erick" });
    expect(await windowPayment(withProvider, pixOrder.id)).toMatchObject({ canMarkPaid: false });
    expect(refusalOf(await markPaid(withProvider, pixOrder.id))?.form).toMatch(/confirmado pelo banco/);
    expect((await paymentRow(pixOrder.id))?.status ?? "awaiting").toBe("awaiting");

    const cash = await order(5000, "cash");
    expect(await windowPayment(withProvider, cash.id)).toMatchObject({ canMarkPaid: true });
    expect(okOf(await markPaid(withProvider, cash.id))).toBe(true);
  });

  it("only staff: a shopper's click is refused and changes nothing", async () => {
    const placed = await order(3000);
    const answer = await markPaid(plain, placed.id, shopper);
    expect((answer as Response).status).toBe(403);
    expect(await paymentRow(placed.id)).toBeUndefined();
  });
});

describe("refunds", () => {
  it("by hand (no provider): partial then the rest, each with its reason, audited; more than paid is refused in Portuguese", async () => {
    const placed = await order(10000, "cash");
    await markPaid(plain, placed.id);
    expect(okOf(await refund(plain, placed.id, "30,00", "Produto com defeito"))).toBe(true);
    expect(await paymentRow(placed.id)).toMatchObject({ status: "paid", refunded_cents: 3000 });

    const tooMuch = await refund(plain, placed.id, "70,01");
    expect(refusalOf(tooMuch)).toEqual({ amount: "Valor maior que o pago: no máximo R$\u00a070,00 pode ser devolvido." });
    expect((tooMuch as { init: { status: number } }).init.status).toBe(400);
    expect(refusalOf(await refund(plain, placed.id, "abc"))).toMatchObject({ amount: "Valor inválido: use o formato 12,50." });
    expect(refusalOf(await refund(plain, placed.id, "10,00", ""))).toMatchObject({ reason: "Diga o motivo da devolução." });

    expect(okOf(await refund(plain, placed.id, "70,00"))).toBe(true);
    expect(await paymentRow(placed.id)).toMatchObject({ status: "refunded", refunded_cents: 10000 });
    expect(await auditCount(placed.id, "order.refund")).toBe(2);
    const shown = await windowPayment(plain, placed.id);
    expect(shown.refundableCents).toBe(0);
    expect(shown.refunds.map((item) => [item.amountCents, item.reason, item.status, item.viaProvider])).toEqual([
      [3000, "Produto com defeito", "done", false],
      [7000, "Cliente desistiu", "done", false],
    ]);
  });

  it("an unpaid order has nothing to give back", async () => {
    const placed = await order(4000, "cash");
    expect(refusalOf(await refund(plain, placed.id, "10,00"))).toEqual({ form: "Este pedido ainda não foi pago: não há o que devolver." });
  });

  it("twenty concurrent refunds of a quarter each: four go through, never more than paid", async () => {
    const placed = await order(20000, "cash");
    await markPaid(plain, placed.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(plain, placed.id, "50,00")));
    expect(answers.filter(okOf)).toHaveLength(4);
    expect(answers.filter((answer) => /no máximo|Não há valor pago/.test(refusalOf(answer)?.amount ?? ""))).toHaveLength(16);
    expect(await paymentRow(placed.id)).toMatchObject({ status: "refunded", refunded_cents: 20000 });
    const { rows } = await t.pool.query("select coalesce(sum(amount_cents), 0)::int as sum, count(*)::int as n from pix_refunds where order_id = $1", [placed.id]);
    expect(rows[0]).toEqual({ sum: 20000, n: 4 });
  });

  it("a Pix confirmed by the bank is given back through the provider; the window shows the end-to-end id and the refund; the shopper's page says it", async () => {
    const placed = await paidPixOrder(15990);
    const before = await windowPayment(withProvider, placed.id);
    expect(before).toMatchObject({ status: "paid", confirmedBy: "pix", endToEndId: placed.endToEndId, refundableCents: 15990, refundViaProvider: true, canMarkPaid: false });

    expect(okOf(await refund(withProvider, placed.id, "59,90", "Trocou por outro número"))).toBe(true);
    const atProvider = fake.charges.get(placed.txid)!.pix[0]!.devolucoes;
    expect(atProvider.map((item) => item.valor)).toEqual(["59.90"]);
    const { rows } = await t.pool.query("select receipt_id, status, refund_id from pix_refunds where order_id = $1", [placed.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].receipt_id).not.toBeNull();
    expect(rows[0].refund_id).toBe(atProvider[0]!.id);
    expect(await paymentRow(placed.id)).toMatchObject({ status: "paid", refunded_cents: 5990 });
    expect(await auditCount(placed.id, "order.refund")).toBe(1);

    const { rows: tokens } = await t.pool.query("select public_token from orders where id = $1", [placed.id]);
    const html = await fetch(`${http.origin}/pedido/${tokens[0].public_token}`).then((response) => response.text());
    expect(html).toContain("Pagamento confirmado");
    expect(html.replaceAll("<!-- -->", "")).toContain("A loja devolveu R$\u00a059,90 para a sua conta.");
  });

  it("concurrent refunds through the provider never exceed the paid amount; a refusal by the bank gives the amount back", async () => {
    const placed = await paidPixOrder(10000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(withProvider, placed.id, "50,00")));
    expect(answers.filter(okOf)).toHaveLength(2);
    expect(fake.charges.get(placed.txid)!.pix[0]!.devolucoes).toHaveLength(2);
    expect(await paymentRow(placed.id)).toMatchObject({ status: "refunded", refunded_cents: 10000 });

    const other = await paidPixOrder(8000);
    fake.down = true;
    try {
      // The provider down: no answer at all, so the amount stays counted as asked for ("pedida ao banco").
      expect(okOf(await refund(withProvider, other.id, "10,00"))).toBe(true);
    } finally {
      fake.down = false;
    }
    expect(await paymentRow(other.id)).toMatchObject({ refunded_cents: 1000 });
    expect(okOf(await refund(withProvider, other.id, "10,00"))).toBe(true);
    // The bank refuses: as if the shop had lost count (70,00 left at the bank, 75,00 asked), the bank's no wins and the amount goes back.
    await t.pool.query("update order_payments set refunded_cents = 0 where order_id = $1", [other.id]);
    const refused = await refund(withProvider, other.id, "75,00");
    expect(refusalOf(refused)?.form).toMatch(/^O banco recusou a devolução; nada foi devolvido\./);
    expect(await paymentRow(other.id)).toMatchObject({ status: "paid", refunded_cents: 0 });
    const { rows } = await t.pool.query("select status from pix_refunds where order_id = $1 order by id", [other.id]);
    expect(rows.map((row) => row.status)).toEqual(["processing", "processing", "failed"]);
  });
});

describe("a refund left 'pedida ao banco' is read back from the bank", () => {
  it("once, however many rounds run at once: DEVOLVIDO keeps it given back; NAO_REALIZADO, or a refund the bank never received, gives the amount back", async () => {
    const neverArrived = await paidPixOrder(6000);
    const done = await paidPixOrder(6100);
    const notDone = await paidPixOrder(6200);
    fake.down = true;
    try {
      expect(okOf(await refund(withProvider, neverArrived.id, "20,00"))).toBe(true);
    } finally {
      fake.down = false;
    }
    // The bank does these two, but its answer comes after the shop stopped waiting (4 s).
    fake.delayMs = 4500;
    try {
      await Promise.all([refund(withProvider, done.id, "10,00"), refund(withProvider, notDone.id, "30,00")]);
    } finally {
      fake.delayMs = 0;
    }
    const ids = [neverArrived.id, done.id, notDone.id];
    const refundStates = async () => (await t.pool.query("select order_id, status from pix_refunds where order_id = any($1) order by amount_cents", [ids])).rows.map((row) => row.status);
    expect(await refundStates()).toEqual(["processing", "processing", "processing"]);
    expect((await paymentRow(notDone.id))!.refunded_cents).toBe(3000);
    // The bank's side finishes half a second after the shop gave up waiting.
    for (const placed of [done, notDone]) await expect.poll(() => fake.charges.get(placed.txid)!.pix[0]!.devolucoes.length).toBe(1);
    fake.charges.get(notDone.txid)!.pix[0]!.devolucoes[0]!.status = "NAO_REALIZADO";

    const provider = pixProviderFor(pix);
    // Not right away: the refund's own request may still be waiting for the bank.
    expect((await checkRequestedRefunds(t.db, provider)).length).toBe(0);
    await t.pool.query("update pix_refunds set next_check_at = now() where order_id = any($1)", [ids]);
    const rounds = (await Promise.all(Array.from({ length: 20 }, () => checkRequestedRefunds(t.db, provider)))).flat();
    expect(rounds.sort()).toEqual(["done", "failed", "failed"]);
    expect(await refundStates()).toEqual(["done", "failed", "failed"]);
    expect(await paymentRow(neverArrived.id)).toMatchObject({ status: "paid", refunded_cents: 0 });
    expect(await paymentRow(done.id)).toMatchObject({ status: "paid", refunded_cents: 1000 });
    expect(await paymentRow(notDone.id)).toMatchObject({ status: "paid", refunded_cents: 0 });
    expect(fake.charges.get(done.txid)!.pix[0]!.devolucoes.map((item) => item.status)).toEqual(["DEVOLVIDO"]);

    await t.pool.query("update pix_refunds set next_check_at = now() where order_id = any($1)", [ids]);
    expect(await checkRequestedRefunds(t.db, provider)).toEqual([]);
    // The window shows what the bank said; the amount not given back may be asked for again.
    expect((await windowPayment(withProvider, notDone.id)).refundableCents).toBe(6200);
  }, 60_000);
});

describe("the orders list and the reports", () => {
  /** One of each: paid, awaiting, awaiting with a Pix of another amount, expired, given back in part, cancelled. */
  async function mixOfOrders(createdAt: string, customerName: string) {
    const paid = await order(10000, "cash", { createdAt, customerName });
    await markPaid(plain, paid.id);
    const awaiting = await order(20000, "pix", { createdAt, customerName });
    const mismatch = await order(30000, "pix", { createdAt, customerName });
    await t.pool.query("insert into order_payments (order_id, status, mismatch_cents) values ($1, 'awaiting', 100)", [mismatch.id]);
    const expired = await order(40000, "pix", { createdAt, customerName });
    await t.pool.query("insert into order_payments (order_id, status) values ($1, 'expired')", [expired.id]);
    const refunded = await order(50000, "cash", { createdAt, customerName });
    await markPaid(plain, refunded.id);
    await refund(plain, refunded.id, "100,00");
    const cancelled = await order(60000, "cash", { createdAt, customerName, status: "cancelled" });
    return { paid, awaiting, mismatch, expired, refunded, cancelled };
  }

  it("a payment column and a filter: Pago, Aguardando, Expirado, Devolvido", async () => {
    const orders = await mixOfOrders(new Date().toISOString(), "Filtro Pagamento");
    const list = async (payment: string) => {
      const page = (await ordersLoader({ request: requestAs(admin, `/admin/pedidos?q=Filtro+Pagamento${payment ? `&pagamento=${payment}` : ""}`), context: plain, params: {} } as never)) as AdminOrderList;
      return page.orders;
    };
    const all = await list("");
    expect(all).toHaveLength(6);
    const byId = new Map(all.map((row) => [row.id, row.payment]));
    expect(byId.get(orders.paid.id)).toEqual({ status: "paid", mismatchCents: null, refundedCents: 0 });
    expect(byId.get(orders.awaiting.id)).toEqual({ status: "awaiting", mismatchCents: null, refundedCents: 0 });
    expect(byId.get(orders.mismatch.id)).toEqual({ status: "awaiting", mismatchCents: 100, refundedCents: 0 });
    expect(byId.get(orders.refunded.id)).toEqual({ status: "paid", mismatchCents: null, refundedCents: 10000 });
    const ids = async (payment: string) => new Set((await list(payment)).map((row) => row.id));
    expect(await ids("paid")).toEqual(new Set([orders.paid.id, orders.refunded.id]));
    expect(await ids("awaiting")).toEqual(new Set([orders.awaiting.id, orders.mismatch.id, orders.cancelled.id]));
    expect(await ids("expired")).toEqual(new Set([orders.expired.id]));
    expect(await ids("refunded")).toEqual(new Set([orders.refunded.id]));
    expect(await ids("lost")).toEqual(await ids(""));
  });

  it("reports count received apart from awaited; an expired unpaid Pix is not a sale", async () => {
    await mixOfOrders("2025-05-10T15:00:00-03:00", "Relatorio Pagamento");
    const period = { from: "2025-05-01", to: "2025-05-31", group: "dia" as const };
    // Paid 100 + awaiting 200 + mismatch 300 + refunded in part 500; not the expired 400 nor the cancelled 600.
    expect(await getSalesSummary(t.db, period)).toEqual({ orders: 4, revenueCents: 110000, averageTicketCents: 27500 });
    const report = await getReport(t.db, period);
    expect(report.payments).toEqual({ paidCents: 10000 + 50000 - 10000, awaitingCents: 20000 + 30000, refundedCents: 10000 });
    const sales = report.tables.find((table) => table.id === "vendas")!;
    expect(sales.rows.reduce((sum, row) => sum + Number(row[2]), 0)).toBe(110000);
  });
});
