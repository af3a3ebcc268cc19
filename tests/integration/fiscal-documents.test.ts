// Issue 52, fiscal documents, through the real HTTP app, PostgreSQL and a fake Focus NFe over real
// HTTP (tests/setup/fake-focus-nfe.ts): a counter sale is recorded at once and its NFC-e issued after
// the commit, from the fiscal queue; the receipt carries the chave in groups of four and the QR code;
// a provider that is down, or whose answer is lost after it authorised, never costs the sale nor
// makes a second note; twenty concurrent sales make twenty notes under twenty refs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/config.server";
import { fiscalProviderFor, fiscalRef, issueDueFiscalDocuments, buildFiscalNote } from "~/server/fiscal/fiscal-documents.server";
import type { FiscalNote } from "~/server/fiscal/fiscal-provider.server";
import { archiveAuthorisedNotes, fiscalStorageOf } from "~/server/fiscal/fiscal-archive.server";
import { unzipSync } from "fflate";
import { CPF_FOR_NFE_MESSAGE } from "~/server/orders/checkout.server";
import { CHECKOUT_CUSTOMER, checkoutFormFields, orderableLine } from "../setup/order-fixtures";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startFakeFocusNfe, type FakeFocusNfe } from "../setup/fake-focus-nfe";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { setAllVariantStock, setVariantUnitsAt } from "../setup/variant-stock";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let focus: FakeFocusNfe;
let admin: SignedInUser;
let keys = 0;
let relogio: { id: number; priceCents: number; variantId: number; storeId: number };
const CNPJ = "11222333000181";

beforeAll(async () => {
  t = await createTestDatabase();
  focus = await startFakeFocusNfe();
  app = await createTestContext(t);
  app.context.config = loadConfig({ DATA_DIR: app.dataDir, PORT: "3999", FISCAL_PROVIDER: "focusnfe", FISCAL_API_URL: focus.url, FISCAL_TOKEN: focus.token });
  http = await startHttpApp(app.context);
  admin = await signedInUser(app.context, "admin");
  const { rows } = await t.pool.query<{ id: number; price_cents: number; variant_id: number; store: number }>(
    `select p.id, p.price_cents, v.id as variant_id, erick_product_home_store(p.id) as store
     from products p join product_variants v on v.product_id = p.id and v.color = 'Preto' where p.name = 'Relógio Digital Unissex'`,
  );
  relogio = { id: rows[0]!.id, priceCents: rows[0]!.price_cents, variantId: rows[0]!.variant_id, storeId: rows[0]!.store };
  await setAllVariantStock(t.pool, 0, [relogio.id]);
  await setVariantUnitsAt(t.pool, relogio.variantId, relogio.storeId, 200);
  // The fiscal identity the data part edits (migration 0050): set here as the owner would.
  await t.pool.query("update store_locations set cnpj = $1, state_registration = '0321418-40' where id = $2", [CNPJ, relogio.storeId]);
  await t.pool.query("update products set ncm = '91021200' where id = $1", [relogio.id]);
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await focus?.close();
  await t?.close();
});

const provider = () => fiscalProviderFor(app.context.config.fiscal!);
const issue = (orderId?: string) => issueDueFiscalDocuments(t.db, provider(), orderId ? { orderId } : {});

async function sale(fields: Record<string, string> = {}) {
  const response = await fetch(`${http.origin}/admin/balcao`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: admin.cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      storeId: String(relogio.storeId),
      saleKey: `fiscal-sale-key-${(keys += 1)}-000000000000`,
      lines: JSON.stringify([{ productId: relogio.id, size: null, color: "Preto", quantity: 1 }]),
      payment: "cash",
      received: "500,00",
      ...fields,
    }),
  });
  const body = await response.text();
  expect(response.status, body.slice(0, 300)).toBe(302);
  return response.headers.get("location")!.split("/").pop()!;
}

const page = (path: string) =>
  fetch(`${http.origin}${path}`, { headers: { cookie: admin.cookie } }).then(async (response) =>
    (await response.text()).replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/\u00a0/g, " "),
  );

const documentOf = async (orderId: string) =>
  (await t.pool.query<{ status: string; chave: string; ref: string; attempts: number; sefaz_message: string }>("select status, chave, ref, attempts, sefaz_message from fiscal_documents where order_id = $1", [orderId])).rows;

const makeDue = (orderId: string) => t.pool.query("update fiscal_documents set next_attempt_at = now() where order_id = $1", [orderId]);

describe("NFC-e at the counter", () => {
  it("records the sale at once, queues its NFC-e, issues it after the commit; the receipt carries the chave in groups of four and the QR code", async () => {
    const orderId = await sale({ cpf: "52998224725" });
    expect(await documentOf(orderId)).toMatchObject([{ status: "pendente", ref: fiscalRef(orderId, "65") }]);
    const before = await page(`/admin/balcao/recibo/${orderId}`);
    expect(before).toContain("NFC-e em processamento");

    expect(await issue(orderId)).toEqual(["autorizado"]);
    const [document] = await documentOf(orderId);
    expect(document!.chave).toMatch(/^\d{44}$/);
    const sent = focus.notes.get(fiscalRef(orderId, "65"))!;
    // The payment as the NFC-e codes it: dinheiro 01, with the troco; the CPF asked for; the product's NCM.
    const total = relogio.priceCents;
    expect(sent.body).toMatchObject({
      cnpj_emitente: CNPJ,
      cpf_destinatario: "52998224725",
      formas_pagamento: [{ forma_pagamento: "01", valor_pagamento: "500.00" }],
      valor_troco: ((50_000 - total) / 100).toFixed(2),
      items: [{ codigo_ncm: "91021200", cfop: "5102", icms_situacao_tributaria: "102", quantidade_comercial: "1.0000" }],
    });
    expect(focus.requests.every((request) => request.authorised)).toBe(true);

    const receipt = await page(`/admin/balcao/recibo/${orderId}`);
    expect(receipt).toContain(document!.chave.replace(/(\d{4})(?=\d)/g, "$1 "));
    expect(receipt).toContain(`NFC-e nº ${sent.numero} série 1`);
    expect(receipt).toContain("Protocolo: 1262600000");
    expect(receipt).toContain("nfce.sefaz.pe.gov.br/nfce/consulta");
    expect(receipt).toMatch(/data-testid="receipt-qr"[^>]*><svg[^>]*aria-label="QR Code da NFC-e"/);
    expect(receipt).not.toContain("Sem valor fiscal");
  });

  it("codes crédito 03, débito 04 and PIX 17 (a PIX sale's note waits for its money)", async () => {
    const credit = await sale({ payment: "credit", received: "" });
    const debit = await sale({ payment: "debit", received: "" });
    await issue(credit);
    await issue(debit);
    expect(focus.notes.get(fiscalRef(credit, "65"))!.body.formas_pagamento).toEqual([{ forma_pagamento: "03", valor_pagamento: (relogio.priceCents / 100).toFixed(2) }]);
    expect(focus.notes.get(fiscalRef(debit, "65"))!.body.formas_pagamento).toEqual([{ forma_pagamento: "04", valor_pagamento: (relogio.priceCents / 100).toFixed(2) }]);

    const pix = await sale({ payment: "pix", received: "" });
    expect(await issue(pix)).toEqual(["waiting"]);
    expect(focus.posts(fiscalRef(pix, "65"))).toBe(0);
    await t.pool.query("update order_payments set status = 'paid', paid_cents = $2, paid_at = now() where order_id = $1", [pix, relogio.priceCents]);
    await makeDue(pix);
    expect(await issue(pix)).toEqual(["autorizado"]);
    expect(focus.notes.get(fiscalRef(pix, "65"))!.body.formas_pagamento).toEqual([{ forma_pagamento: "17", valor_pagamento: (relogio.priceCents / 100).toFixed(2) }]);
  });

  it("provider down: the sale is done at once, the receipt says the NFC-e is in processing, and the note is issued when it is back", async () => {
    focus.down = true;
    const orderId = await sale();
    expect(await issue(orderId)).toEqual(["unavailable"]);
    expect(await documentOf(orderId)).toMatchObject([{ status: "processando", chave: "" }]);
    expect(await page(`/admin/balcao/recibo/${orderId}`)).toContain("NFC-e em processamento");
    // Retried with backoff: not before its time.
    expect(await issue(orderId)).toEqual([]);
    // The dashboard counts the sales still without a note.
    const waiting = (await t.pool.query<{ count: number }>("select count(*)::int as count from fiscal_documents where status in ('pendente', 'processando', 'erro')")).rows[0]!.count;
    expect(waiting).toBeGreaterThan(0);
    expect(await page("/admin")).toContain(`${waiting} ${waiting === 1 ? "venda ainda sem nota fiscal" : "vendas ainda sem nota fiscal"} autorizada`);
    focus.down = false;
    await makeDue(orderId);
    expect(await issue(orderId)).toEqual(["autorizado"]);
    expect(focus.posts(fiscalRef(orderId, "65"))).toBe(1);
  });

  it("a slow provider (10 s) holds neither the sale nor the clerk: the call ends at its deadline and is tried again", async () => {
    focus.delayMs = 10_000;
    try {
      const orderId = await sale();
      expect(await documentOf(orderId)).toMatchObject([{ status: "pendente" }]);
      expect(await issue(orderId)).toEqual(["unavailable"]);
      focus.delayMs = 0;
      await makeDue(orderId);
      expect(await issue(orderId)).toEqual(["autorizado"]);
      expect(focus.notes.size).toBeGreaterThan(0);
    } finally {
      focus.delayMs = 0;
    }
  }, 30_000);

  it("the provider authorised but its answer was lost (a process killed before recording it): the next try reads the same ref, exactly one note", async () => {
    focus.loseNextAnswer = true;
    const orderId = await sale();
    const ref = fiscalRef(orderId, "65");
    expect(await issue(orderId)).toEqual(["unavailable"]);
    expect(focus.notes.get(ref)!.status).toBe("autorizado");
    await makeDue(orderId);
    expect(await issue(orderId)).toEqual(["autorizado"]);
    expect(focus.posts(ref)).toBe(1);
    expect((await documentOf(orderId))[0]!.chave).toBe(focus.notes.get(ref)!.chave);

    // A second POST of the same ref (a process that died before even marking its try) finds the first.
    const note = (await buildFiscalNote(t.db, orderId, "65")) as FiscalNote;
    const again = await provider().issue(ref, note);
    expect(again).toMatchObject({ status: "autorizado", chave: focus.notes.get(ref)!.chave });
    expect([...focus.notes.keys()].filter((key) => key === ref)).toHaveLength(1);
  });

  it("a rejection keeps the SEFAZ's message; after the fix, the same ref is issued again", async () => {
    focus.rejectWith = "Rejeição 778: Informado NCM inexistente";
    const orderId = await sale();
    try {
      expect(await issue(orderId)).toEqual(["erro"]);
    } finally {
      focus.rejectWith = null;
    }
    expect(await documentOf(orderId)).toMatchObject([{ status: "erro", sefaz_message: "Rejeição 778: Informado NCM inexistente" }]);
    // Not retried by itself: the clerk fixes the product and presses "Emitir de novo".
    await makeDue(orderId);
    expect(await issue(orderId)).toEqual([]);
    const window = await page(`/admin/pedidos/${orderId}`);
    expect(window).toContain("NFC-e rejeitada");
    expect(window).toContain("A SEFAZ recusou a nota: Rejeição 778: Informado NCM inexistente");
    expect(window).toContain("Confira o NCM dos produtos (8 dígitos)");
    expect(window).toContain("Emitir de novo");

    const again = await orderAction(admin, orderId, { intent: "fiscal-reissue", model: "65" });
    expect(again.status, again.body).toBe(200);
    expect(await issue(orderId)).toEqual(["autorizado"]);
    expect(focus.posts(fiscalRef(orderId, "65"))).toBe(2);
    const { rows: audit } = await t.pool.query("select 1 from audit_log where action = 'fiscal.reissue' and entity_id = $1", [orderId]);
    expect(audit).toHaveLength(1);
  });

  it("twenty concurrent counter sales at one store: twenty notes under twenty distinct refs, each sent once, by two concurrent workers", async () => {
    const orderIds = await Promise.all(Array.from({ length: 20 }, () => sale()));
    expect(new Set(orderIds).size).toBe(20);
    const outcomes = (await Promise.all([issue(), issue()])).flat();
    expect(outcomes.filter((outcome) => outcome === "autorizado")).toHaveLength(20);
    const { rows } = await t.pool.query<{ ref: string; status: string; chave: string }>("select ref, status, chave from fiscal_documents where order_id = any($1::uuid[])", [orderIds]);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row.ref)).size).toBe(20);
    expect(new Set(rows.map((row) => row.chave)).size).toBe(20);
    expect(rows.every((row) => row.status === "autorizado")).toBe(true);
    for (const row of rows) expect(focus.posts(row.ref)).toBe(1);
  });
});

async function orderAction(user: SignedInUser, orderId: string, fields: Record<string, string>) {
  const response = await fetch(`${http.origin}/admin/pedidos/${orderId}`, {
    method: "POST",
    headers: { cookie: user.cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: (await response.text()).replace(/\\+"/g, '"') };
}

const unitsLeft = async () =>
  (await t.pool.query<{ units: number }>("select units from variant_stock where variant_id = $1 and store_location_id = $2", [relogio.variantId, relogio.storeId])).rows[0]!.units;

describe("cancelling a note", () => {
  const REASON = "Cliente desistiu da compra no caixa";

  it("within 30 minutes: cancelled at the provider with the reason, the sale cancelled, its unit back on the shelf, audited", async () => {
    const orderId = await sale();
    await issue(orderId);
    const before = await unitsLeft();
    expect((await orderAction(admin, orderId, { intent: "fiscal-cancel", model: "65", reason: "curto" })).body).toContain("de 15 a 255 caracteres");
    expect(focus.notes.get(fiscalRef(orderId, "65"))!.status).toBe("autorizado");

    const answer = await orderAction(admin, orderId, { intent: "fiscal-cancel", model: "65", reason: REASON });
    expect(answer.status, answer.body).toBe(200);
    expect(focus.notes.get(fiscalRef(orderId, "65"))).toMatchObject({ status: "cancelado", justificativa: REASON });
    expect(await documentOf(orderId)).toMatchObject([{ status: "cancelado" }]);
    expect((await t.pool.query("select status from orders where id = $1", [orderId])).rows[0]).toEqual({ status: "cancelled" });
    expect(await unitsLeft()).toBe(before + 1);
    const { rows: audit } = await t.pool.query<{ after: { motivo: string } }>("select after from audit_log where action = 'fiscal.cancel' and entity_id = $1", [orderId]);
    expect(audit.map((entry) => entry.after.motivo)).toEqual([REASON]);
  });

  it("past the window the button says why, and the action refuses, changing nothing", async () => {
    const orderId = await sale();
    await issue(orderId);
    await t.pool.query("update fiscal_documents set authorized_at = now() - interval '31 minutes' where order_id = $1", [orderId]);
    expect(await page(`/admin/pedidos/${orderId}`)).toContain("Passaram os 30 minutos em que a SEFAZ aceita cancelar uma NFC-e");
    const answer = await orderAction(admin, orderId, { intent: "fiscal-cancel", model: "65", reason: REASON });
    expect(answer.status).toBe(409);
    expect(answer.body).toContain("Passaram os 30 minutos");
    expect(focus.notes.get(fiscalRef(orderId, "65"))!.status).toBe("autorizado");
  });

  it("a Vendedor sees the note but not the cancel, and the action refuses it", async () => {
    const vendedor = await signedInUser(app.context, "admin", { staffRole: "vendedor", storeId: relogio.storeId });
    const orderId = await sale();
    await issue(orderId);
    const window = await fetch(`${http.origin}/admin/pedidos/${orderId}`, { headers: { cookie: vendedor.cookie } }).then((response) => response.text());
    expect(window).toContain("NFC-e autorizada");
    expect(window).not.toContain("Cancelar nota");
    const answer = await orderAction(vendedor, orderId, { intent: "fiscal-cancel", model: "65", reason: REASON });
    expect(answer.status).toBe(403);
    expect(focus.notes.get(fiscalRef(orderId, "65"))!.status).toBe("autorizado");
  });
});

describe("hand-over and shipping", () => {
  /** A counter sale turned, in the database, into a shopper's order (the checkout's fields), not yet handed over. */
  async function shopperOrder(deliveryMethod: "pickup" | "delivery") {
    const orderId = await sale();
    await t.pool.query("delete from fiscal_documents where order_id = $1", [orderId]);
    await t.pool.query(
      `update orders set channel = 'checkout', status = 'processing', delivery_method = $2, customer_name = 'Maria Souza', customer_phone = '(81) 98888-7777', customer_cpf = '529.982.247-25',
         delivery_cents = $3, shipping_address = $4 where id = $1`,
      [orderId, deliveryMethod, deliveryMethod === "delivery" ? 1500 : null, deliveryMethod === "delivery" ? { street: "Rua do Sol", number: "10", complement: "", neighborhood: "Centro", city: "Recife", state: "PE", cep: "50010-000" } : null],
    );
    return orderId;
  }

  it("a pick-up marked \"Entregue\" takes its NFC-e", async () => {
    const orderId = await shopperOrder("pickup");
    expect((await orderAction(admin, orderId, { status: "delivered" })).status).toBe(200);
    expect(await documentOf(orderId)).toMatchObject([{ status: "pendente", ref: fiscalRef(orderId, "65") }]);
    expect(await issue(orderId)).toEqual(["autorizado"]);
  });

  it("a delivered order marked shipped takes an NF-e (model 55) with the shopper as recipient, authorised at a later read", async () => {
    const orderId = await shopperOrder("delivery");
    expect((await orderAction(admin, orderId, { status: "shipped" })).status).toBe(200);
    expect(await documentOf(orderId)).toMatchObject([{ status: "pendente", ref: fiscalRef(orderId, "55") }]);
    expect(await issue(orderId)).toEqual(["processando"]);
    expect(focus.notes.get(fiscalRef(orderId, "55"))!.body).toMatchObject({
      cpf_destinatario: "52998224725",
      nome_destinatario: "Maria Souza",
      municipio_destinatario: "Recife",
      uf_destinatario: "PE",
      cep_destinatario: "50010000",
      valor_frete: "15.00",
      presenca_comprador: "2",
    });
    await makeDue(orderId);
    expect(await issue(orderId)).toEqual(["autorizado"]);
    expect(focus.posts(fiscalRef(orderId, "55"))).toBe(1);

    // Its DANFE, once kept: linked on the shopper's order page and in the order window's WhatsApp text.
    await archiveAuthorisedNotes(t.db, provider(), fiscalStorageOf(app.context.config), { batch: 500 });
    const token = (await t.pool.query<{ public_token: string }>("select public_token from orders where id = $1", [orderId])).rows[0]!.public_token;
    expect(await page(`/pedido/${token}`)).toContain(`href="/pedido/${token}/danfe"`);
    const danfe = await fetch(`${http.origin}/pedido/${token}/danfe`);
    expect(danfe.status).toBe(200);
    expect(danfe.headers.get("content-type")).toBe("application/pdf");
    expect(await danfe.text()).toContain(focus.notes.get(fiscalRef(orderId, "55"))!.chave);
    expect(decodeURIComponent(await page(`/admin/pedidos/${orderId}`))).toContain(`Nota fiscal (DANFE): `);
    expect((await fetch(`${http.origin}/pedido/${"0".repeat(token.length)}/danfe`)).status).toBe(404);
  });
});

describe("the checkout's CPF with fiscal documents on", () => {
  async function checkout(cpf: string) {
    const { lines } = await orderableLine(t.pool);
    const response = await fetch(`${http.origin}/checkout`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...checkoutFormFields({ ...CHECKOUT_CUSTOMER, cpf, phone: "(81) 98888-1234" }), lines, idempotencyKey: `fiscal-checkout-${(keys += 1)}-0000` }),
    });
    return { status: response.status, body: (await response.text()).replace(/\\+"/g, '"') };
  }

  it("a delivered order asks for the CPF, with the reason, and records nothing without it; with a valid one it is placed", async () => {
    const orders = async () => (await t.pool.query<{ count: number }>("select count(*)::int as count from orders where channel = 'checkout'")).rows[0]!.count;
    const before = await orders();
    const refused = await checkout("");
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(CPF_FOR_NFE_MESSAGE);
    expect(await orders()).toBe(before);
    expect((await checkout("123.456.789-00")).body).toContain("Confira o CPF: os dígitos não conferem");
    const placed = await checkout("529.982.247-25");
    expect(placed.status, placed.body.slice(0, 300)).toBeLessThan(400);
    expect(await orders()).toBe(before + 1);
  });
});

describe("the accountant's export", () => {
  it("keeps each authorised note's XML and DANFE and hands a month of them over as a ZIP to a Dono, audited; a Vendedor is refused", async () => {
    const orderId = await sale();
    await issue(orderId);
    expect(await archiveAuthorisedNotes(t.db, provider(), fiscalStorageOf(app.context.config), { batch: 500 })).toBeGreaterThan(0);
    const [document] = await documentOf(orderId);
    const month = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Recife", year: "numeric", month: "2-digit" }).format(new Date()).slice(0, 7);

    const response = await fetch(`${http.origin}/admin/notas-fiscais/exportar?mes=${month}`, { headers: { cookie: admin.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(new TextDecoder().decode(files[`${document!.chave}-65.xml`])).toContain(`NFe${document!.chave}`);
    expect(files[`${document!.chave}-65-danfe.pdf`]).toBeDefined();
    const { rows: audit } = await t.pool.query("select 1 from audit_log where action = 'fiscal.export'");
    expect(audit.length).toBeGreaterThan(0);

    const vendedor = await signedInUser(app.context, "admin", { staffRole: "vendedor", storeId: relogio.storeId });
    expect((await fetch(`${http.origin}/admin/notas-fiscais/exportar?mes=${month}`, { headers: { cookie: vendedor.cookie } })).status).toBe(403);
    expect((await fetch(`${http.origin}/admin/notas-fiscais/exportar?mes=novembro`, { headers: { cookie: admin.cookie } })).status).toBe(400);
  });
});

describe("without a fiscal provider", () => {
  it("the sale queues no note and the receipt says \"Sem valor fiscal\"", async () => {
    const fiscal = app.context.config.fiscal;
    app.context.config.fiscal = null;
    try {
      const orderId = await sale();
      expect(await documentOf(orderId)).toEqual([]);
      expect(await page(`/admin/balcao/recibo/${orderId}`)).toContain("Sem valor fiscal");
    } finally {
      app.context.config.fiscal = fiscal;
    }
  });
});
