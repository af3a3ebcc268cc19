// The admin audit log (issue 6, security suite): every kind of admin change writes one entry saying
// who (account id, name, e-mail), what (action, entity, its label), when, and the changed fields
// before and after, in the same transaction as the change: a refused or rolled-back change writes
// none, and a save that changes nothing writes none. The changes go through the real route actions
// with a signed-in admin (so 'who' is the session's account), the command line through its own
// module; /admin/auditoria is read through its route module's loader.
import { randomUUID } from "node:crypto";
import { desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, auditLog, orders, products, productVariants, reviews, sessions, storeLocations, users } from "#database/schema";
import { ADMIN_PAGE_SIZE } from "~/lib/lists/admin-list";
import { stockFieldName } from "~/lib/catalog/product-form-fields";
import { variantLabel } from "~/lib/catalog/variants";
import type { AuditLogPage } from "~/lib/admin/audit-log";
import { auditActionLabel, auditFieldLabel, formatAuditValue } from "~/lib/admin/audit-log";
import { formatBRL } from "~/lib/format/money";
import { decimalCommaPrice } from "~/lib/forms/price-input";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/lib/orders/order-status";
import { loader as auditLoader } from "~/routes/admin/audit-log";
import { action as customersAction } from "~/routes/admin/customers";
import { action as importAction } from "~/routes/admin/import";
import { action as starterAction } from "~/routes/admin/import-starter";
import { action as orderAction } from "~/routes/admin/order";
import { action as productFormAction } from "~/routes/admin/product-form";
import { action as productsAction } from "~/routes/admin/products";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { action as productPageAction } from "~/routes/storefront/product";
import { recordAdminChange } from "~/server/group/audit-log.server";
import { ensureInitialAdmin } from "~/server/auth/admins.server";
import type { LoadContext } from "~/server/load-context.server";
import { productsCsv } from "~/server/catalog/product-csv.server";
import { deleteProduct } from "~/server/catalog/product-save.server";
import { setReviewHidden } from "~/server/catalog/reviews.server";
import { SettingsSaveError, saveSettings, type SettingsPage } from "~/server/group/settings-admin.server";
import { runAdminCommand } from "~/server/ops/admin-command.server";
import { openAdminTest, requestAs, signedInUser, TEST_ACTOR, type SignedInUser } from "../setup/admin-session";
import { insertOrder } from "../setup/order-fixtures";
import { settingsForm } from "../setup/settings-fixtures";
import { setVariantStockByIds } from "../setup/variant-stock";
import type { TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let admin: SignedInUser;
let customer: SignedInUser;
let close: () => Promise<void>;

beforeAll(async () => ({ t, context, admin, customer, close } = await openAdminTest()));
afterAll(() => close?.());

type Outcome = { status: number; location: string | null; data: Record<string, unknown> };

/** Calls a loader or action as React Router does, thrown responses and data() included. */
async function call(handler: unknown, request: Request, params: Record<string, string> = {}): Promise<Outcome> {
  let result: unknown;
  try {
    result = await (handler as (args: { request: Request; context: LoadContext; params: object }) => unknown)({ request, context, params });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const type = result.headers.get("content-type") ?? "";
    return { status: result.status, location: result.headers.get("location"), data: type.includes("json") ? await result.json() : {} };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data };
  }
  return { status: 200, location: null, data: result as Record<string, unknown> };
}

const post = (path: string, form: FormData | URLSearchParams, as: SignedInUser | null = admin) => requestAs(as, path, { form });

type Entry = typeof auditLog.$inferSelect;

/**
 * Runs a change and returns the entries it wrote (those after the newest one before it), oldest
 * first, with the database clock around it for the 'when'.
 */
async function entriesOf(change: () => Promise<unknown>): Promise<{ entries: Entry[]; startedAt: Date; endedAt: Date }> {
  const [last] = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  const startedAt = await databaseNow();
  await change();
  const endedAt = await databaseNow();
  const entries = await t.db
    .select()
    .from(auditLog)
    .where(gt(auditLog.id, last?.id ?? 0))
    .orderBy(auditLog.id);
  return { entries, startedAt, endedAt };
}

async function databaseNow(): Promise<Date> {
  const { rows } = await t.pool.query<{ now: Date }>("select clock_timestamp() as now");
  return rows[0]!.now;
}

/** Who and when, as every entry by the signed-in admin must say them. */
function expectByAdmin(entry: Entry, startedAt: Date, endedAt: Date) {
  expect({ actorUserId: entry.actorUserId, actorName: entry.actorName, actorEmail: entry.actorEmail }).toEqual({
    actorUserId: admin.id,
    actorName: admin.name,
    actorEmail: admin.email,
  });
  expect(entry.at.getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
  expect(entry.at.getTime()).toBeLessThanOrEqual(endedAt.getTime());
}

const png = (color: string) => sharp({ create: { width: 48, height: 48, channels: 3, background: color } }).png().toBuffer();

/** The stock grid's two cells (sizes 36 and 37, Caramelo), and the audit log's record of them. */
const units = (size36: string, size37: string) => ({ [stockFieldName("36", "Caramelo")]: size36, [stockFieldName("37", "Caramelo")]: size37 });
const loggedUnits = (size36: number, size37: number) => ({ "Tam. 36 / Caramelo": size36, "Tam. 37 / Caramelo": size37 });

function productForm(fields: Record<string, string | string[]>, files: { name: string; bytes: Buffer }[] = []): FormData {
  const form = new FormData();
  const base: Record<string, string | string[]> = {
    name: "Sandália Auditoria",
    description: "Sandália de couro para o teste do registro.",
    price: "89,90",
    oldPrice: "",
    category: "Feminino",
    store: "barreiros-calcados",
    subcategory: "Sandálias",
    brand: "Moleca",
    ...units("4", "3"),
    sizes: ["36", "37"],
    colors: ["Caramelo"],
    active: "on",
    imagesSent: "1",
  };
  for (const [name, value] of Object.entries({ ...base, ...fields })) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  for (const file of files) form.append("newImages", new File([new Uint8Array(file.bytes)], file.name, { type: "image/png" }));
  return form;
}

describe("products (form, images, delete)", () => {
  let id: number;
  let firstImage: string;

  it("create: who, what, when, no before, every field after", async () => {
    const { entries, startedAt, endedAt } = await entriesOf(async () => {
      const outcome = await call(productFormAction, post("/admin/produtos/novo", productForm({ imageOrder: "n:0" }, [{ name: "capa.png", bytes: await png("#b45309") }])));
      expect(outcome.status, JSON.stringify(outcome.data)).toBe(302);
    });
    const [row] = await t.db.select().from(products).where(eq(products.name, "Sandália Auditoria"));
    id = row!.id;
    firstImage = row!.images[0]!;
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expectByAdmin(entry!, startedAt, endedAt);
    expect(entry).toMatchObject({ action: "product.create", entityType: "product", entityId: String(id), entityLabel: "Sandália Auditoria", before: null });
    expect(entry!.after).toEqual({
      name: "Sandália Auditoria",
      description: "Sandália de couro para o teste do registro.",
      category: "Feminino",
      subcategory: "Sandálias",
      brand: "Moleca",
      gender: "",
      store: "Erick Calçados Barreiros",
      priceCents: 89_90,
      oldPriceCents: null,
      stock: loggedUnits(4, 3),
      sizes: ["36", "37"],
      colors: ["Caramelo"],
      featured: false,
      active: true,
      images: [firstImage],
      // Weight and size left empty: the category's default box for carrier quotes.
      weightGrams: null,
      heightCm: null,
      widthCm: null,
      lengthCm: null,
      // The fiscal fields left as they come (docs/fiscal.md): NCM from the category, Simples' defaults, no EAN.
      ncm: "",
      cfopInState: "5102",
      cfopOutOfState: "6102",
      taxOrigin: "0",
      taxSituation: "102",
      cest: "",
      eans: {},
    });
  });

  it("edit: only the changed fields, before and after (price, stock, a new image)", async () => {
    const { entries, startedAt, endedAt } = await entriesOf(async () => {
      const form = productForm({ price: "99,90", ...units("0", "3"), imageOrder: [`k:${firstImage}`, "n:0"] }, [{ name: "lado.png", bytes: await png("#1e3a8a") }]);
      expect((await call(productFormAction, post(`/admin/produtos/editar/${id}`, form), { id: String(id) })).status).toBe(302);
    });
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row!.images).toHaveLength(2);
    expect(entries).toHaveLength(1);
    expectByAdmin(entries[0]!, startedAt, endedAt);
    expect(entries[0]).toMatchObject({
      action: "product.update",
      entityId: String(id),
      before: { priceCents: 89_90, stock: loggedUnits(4, 3), images: [firstImage] },
      after: { priceCents: 99_90, stock: loggedUnits(0, 3), images: row!.images },
    });
    expect(Object.keys(entries[0]!.before as object).sort()).toEqual(["images", "priceCents", "stock"]);
  });

  it("image removed and reordered: the images field says so", async () => {
    const [current] = await t.db.select({ images: products.images }).from(products).where(eq(products.id, id));
    const { entries } = await entriesOf(async () => {
      const form = productForm({ price: "99,90", ...units("0", "3"), imageOrder: [`k:${current!.images[1]}`] });
      expect((await call(productFormAction, post(`/admin/produtos/editar/${id}`, form), { id: String(id) })).status).toBe(302);
    });
    expect(entries.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      { action: "product.update", before: { images: current!.images }, after: { images: [current!.images[1]] } },
    ]);
  });

  it("a save that changes nothing writes no entry", async () => {
    const [current] = await t.db.select({ images: products.images }).from(products).where(eq(products.id, id));
    const { entries } = await entriesOf(async () => {
      const form = productForm({ price: "99,90", ...units("0", "3"), imageOrder: current!.images.map((key) => `k:${key}`) });
      expect((await call(productFormAction, post(`/admin/produtos/editar/${id}`, form), { id: String(id) })).status).toBe(302);
    });
    expect(entries).toEqual([]);
  });

  it("a refused save (an image that is not one) writes no entry and changes nothing", async () => {
    const [before] = await t.db.select().from(products).where(eq(products.id, id));
    const { entries } = await entriesOf(async () => {
      const form = productForm({ price: "1,00", ...units("99", "0"), imageOrder: "n:0" }, [{ name: "foto.png", bytes: Buffer.from("só texto, não é imagem") }]);
      expect((await call(productFormAction, post(`/admin/produtos/editar/${id}`, form), { id: String(id) })).status).toBe(400);
    });
    expect(entries).toEqual([]);
    const [after] = await t.db.select().from(products).where(eq(products.id, id));
    expect(after).toEqual(before);
  });

  it("a customer's attempt writes no entry", async () => {
    const { entries } = await entriesOf(async () => {
      expect((await call(productsAction, post("/admin/produtos", new URLSearchParams({ intent: "delete", id: String(id) }), customer))).status).toBe(403);
    });
    expect(entries).toEqual([]);
  });

  it("a delete rolled back with the transaction around it leaves no entry", async () => {
    const { entries } = await entriesOf(() =>
      t.db
        .transaction(async (tx) => {
          expect(await deleteProduct(tx, t.media, id, admin)).toBe(true);
          throw new Error("rollback");
        })
        .catch((error: Error) => expect(error.message).toBe("rollback")),
    );
    expect(entries).toEqual([]);
    expect(await t.db.select({ id: products.id }).from(products).where(eq(products.id, id))).toHaveLength(1);
  });

  it("delete: everything it was before, nothing after, its name kept as the label", async () => {
    const [current] = await t.db.select().from(products).where(eq(products.id, id));
    const { entries, startedAt, endedAt } = await entriesOf(async () => {
      const outcome = await call(productsAction, post("/admin/produtos", new URLSearchParams({ intent: "delete", id: String(id) })));
      expect(outcome.status).toBeLessThan(400);
    });
    expect(entries).toHaveLength(1);
    expectByAdmin(entries[0]!, startedAt, endedAt);
    expect(entries[0]).toMatchObject({
      action: "product.delete",
      entityId: String(id),
      entityLabel: "Sandália Auditoria",
      after: null,
      before: { name: "Sandália Auditoria", priceCents: 99_90, stock: loggedUnits(0, 3), images: current!.images },
    });
    // Deleting it again (already gone) changes nothing and writes nothing.
    const again = await entriesOf(() => call(productsAction, post("/admin/produtos", new URLSearchParams({ intent: "delete", id: String(id) }))));
    expect(again.entries).toEqual([]);
  });
});

describe("orders: status, with the stock it moves", () => {
  /** The first product's first size × colour, with `stock` units; its order line and its audit label. */
  async function productWithStock(stock: number) {
    const [row] = await t.db
      .select({ id: products.id, name: products.name, variantId: productVariants.id, size: productVariants.size, color: productVariants.color })
      .from(products)
      .innerJoin(productVariants, eq(productVariants.productId, products.id))
      .orderBy(products.id, productVariants.id)
      .limit(1);
    await setVariantStockByIds(t.pool, [row!.variantId], stock);
    const { rows: stores } = await t.pool.query<{ name: string }>("select name from store_locations where id = erick_product_home_store($1)", [row!.id]);
    const variant = variantLabel(row!);
    return {
      line: { productId: row!.id, variantId: row!.variantId, size: row!.size || null, color: row!.color || null, name: row!.name },
      // Each store's units move on their own since stock is per store: the label names the store.
      label: `${row!.name}${variant ? ` – ${variant}` : ""} (#${row!.id}) em ${stores[0]!.name}`,
    };
  }
  // A cancel is confirmed, as the status control's dialog does.
  const setStatus = (orderId: string, status: string) =>
    call(orderAction, post(`/admin/pedidos/${orderId}`, new URLSearchParams({ status, ...(status === "cancelled" ? { confirmCancel: "1" } : {}) })), { id: orderId });

  it("records the status and each product's stock before and after", async () => {
    const { line, label } = await productWithStock(10);
    const order = await insertOrder(t.db, { createdAt: new Date(), items: [{ ...line, unitPriceCents: 10_00, quantity: 2 }] });

    const taken = await entriesOf(async () => expect((await setStatus(order.id, "processing")).status).toBe(200));
    expect(taken.entries).toHaveLength(1);
    expectByAdmin(taken.entries[0]!, taken.startedAt, taken.endedAt);
    expect(taken.entries[0]).toMatchObject({
      action: "order.status",
      entityType: "order",
      entityId: order.id,
      entityLabel: `#${order.code}`,
      before: { status: "pending", stock: { [label]: 10 } },
      after: { status: "processing", stock: { [label]: 8 } },
    });

    // Between statuses that both hold the stock: only the status moves.
    const shipped = await entriesOf(async () => expect((await setStatus(order.id, "shipped")).status).toBe(200));
    expect(shipped.entries.map(({ before, after }) => ({ before, after }))).toEqual([{ before: { status: "processing" }, after: { status: "shipped" } }]);

    const returned = await entriesOf(async () => expect((await setStatus(order.id, "cancelled")).status).toBe(200));
    expect(returned.entries.map(({ before, after }) => ({ before, after }))).toEqual([
      { before: { status: "shipped", stock: { [label]: 8 } }, after: { status: "cancelled", stock: { [label]: 10 } } },
    ]);

    // The same status again changes nothing: no entry.
    const same = await entriesOf(async () => expect((await setStatus(order.id, "cancelled")).status).toBe(200));
    expect(same.entries).toEqual([]);
  });

  it("a change refused for want of stock writes no entry", async () => {
    const { line } = await productWithStock(1);
    const order = await insertOrder(t.db, { createdAt: new Date(), items: [{ ...line, unitPriceCents: 10_00, quantity: 5 }] });
    const { entries } = await entriesOf(async () => expect((await setStatus(order.id, "processing")).status).toBe(409));
    expect(entries).toEqual([]);
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("pending");
    const unknown = await entriesOf(async () => expect((await setStatus(randomUUID(), "processing")).status).toBe(404));
    expect(unknown.entries).toEqual([]);
  });
});

describe("settings and store locations", () => {
  async function loadPage(): Promise<SettingsPage> {
    return (await call(settingsLoader, requestAs(admin, "/admin/configuracoes"))).data as unknown as SettingsPage;
  }

  const save = async (form: FormData) => expect((await call(settingsAction, post("/admin/configuracoes", form))).data).toMatchObject({ ok: true });

  it("records the changed settings and the changed store location, each with before and after", async () => {
    const page = await loadPage();
    const location = page.locations[1]!;
    const { entries, startedAt, endedAt } = await entriesOf(() =>
      save(settingsForm(page, { storeName: "Grupo Erick Auditado", deliveryFee: "7,50", "paymentMethods.cash": null, "locations.1.hours": "Seg a Sáb, 9h às 17h" })),
    );
    expect(entries).toHaveLength(2);
    for (const entry of entries) expectByAdmin(entry, startedAt, endedAt);
    const paymentBefore = page.settings.paymentMethods;
    expect(entries[0]).toMatchObject({ action: "settings.update", entityType: "settings", entityId: "1" });
    expect(entries[0]!.before).toEqual({ storeName: page.settings.storeName, deliveryFeeCents: page.settings.deliveryFeeCents, paymentMethods: paymentBefore });
    expect(entries[0]!.after).toEqual({ storeName: "Grupo Erick Auditado", deliveryFeeCents: 7_50, paymentMethods: { ...paymentBefore, cash: false } });
    expect(entries[1]).toMatchObject({
      action: "store_location.update",
      entityType: "store_location",
      entityId: String(location.id),
      entityLabel: location.name,
      before: { hours: location.hours },
      after: { hours: "Seg a Sáb, 9h às 17h" },
    });
  });

  it("saving the page as it is writes no entry (the stored document's key order does not count)", async () => {
    const page = await loadPage();
    const { entries } = await entriesOf(() => save(settingsForm(page)));
    expect(entries).toEqual([]);
  });

  it("a save that fails half-way (a store location gone) writes no entry and changes nothing", async () => {
    const page = await loadPage();
    const input = {
      settings: { ...page.settings, storeName: "Nunca gravado" },
      locations: [{ ...page.locations[0]!, name: "Nunca gravada" }, { ...page.locations[1]!, id: 999_999 }],
    };
    const { entries } = await entriesOf(() => expect(saveSettings(t.db, input, admin)).rejects.toBeInstanceOf(SettingsSaveError));
    expect(entries).toEqual([]);
    expect((await loadPage()).settings.storeName).toBe(page.settings.storeName);
    const [first] = await t.db.select({ name: storeLocations.name }).from(storeLocations).where(eq(storeLocations.id, page.locations[0]!.id));
    expect(first!.name).toBe(page.locations[0]!.name);
  });
});

describe("accounts: promote and demote", () => {
  const setRole = (userId: string, role: string) => call(customersAction, post("/admin/clientes", new URLSearchParams({ userId, role })));

  it("from /admin/clientes: the role before and after, the account's e-mail as the label", async () => {
    const account = await signedInUser(context, "customer");
    const promoted = await entriesOf(async () => expect((await setRole(account.id, "admin")).status).toBe(200));
    expect(promoted.entries).toHaveLength(1);
    expectByAdmin(promoted.entries[0]!, promoted.startedAt, promoted.endedAt);
    expect(promoted.entries[0]).toMatchObject({
      action: "user.promote",
      entityType: "user",
      entityId: account.id,
      entityLabel: account.email,
      before: { role: "customer" },
      after: { role: "admin" },
    });
    const demoted = await entriesOf(async () => expect((await setRole(account.id, "customer")).status).toBe(200));
    expect(demoted.entries.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      { action: "user.demote", before: { role: "admin", staffRole: "gerente" }, after: { role: "customer", staffRole: null } },
    ]);
    // Already a customer: nothing changes, nothing is written.
    expect((await entriesOf(async () => expect((await setRole(account.id, "customer")).status).toBe(200))).entries).toEqual([]);
  });

  it("refused changes (one's own role, an unknown account) write no entry", async () => {
    const own = await entriesOf(async () => expect((await setRole(admin.id, "customer")).status).toBe(403));
    expect(own.entries).toEqual([]);
    const unknown = await entriesOf(async () => expect((await setRole("nao-existe", "admin")).status).toBe(404));
    expect(unknown.entries).toEqual([]);
  });

  it("from the command line (npm run admin) and the server start: no account, but who ran it; never the password", async () => {
    const out = { log: () => {}, error: () => {} };
    const email = `cli-${randomUUID().slice(0, 8)}@exemplo.com`;
    const password = `senha-da-linha-de-comando-${randomUUID()}`;
    const created = await entriesOf(async () => expect(await runAdminCommand(["create", email, "--password", password, "--name", "Gerente CLI"], context, out)).toBe(0));
    const [account] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(created.entries).toHaveLength(1);
    expect(created.entries[0]).toMatchObject({
      actorUserId: null,
      actorName: expect.stringMatching(/^npm run admin/),
      action: "user.create_admin",
      entityType: "user",
      entityId: account!.id,
      entityLabel: email,
      before: null,
      after: { name: "Gerente CLI", email, role: "admin" },
    });
    expect(JSON.stringify(created.entries)).not.toContain(password);

    const demoted = await entriesOf(async () => expect(await runAdminCommand(["demote", email], context, out)).toBe(0));
    expect(demoted.entries).toMatchObject([{ actorUserId: null, actorName: expect.stringMatching(/^npm run admin/), action: "user.demote", before: { role: "admin" }, after: { role: "customer" } }]);
    const promoted = await entriesOf(async () => expect(await runAdminCommand(["promote", email], context, out)).toBe(0));
    expect(promoted.entries).toMatchObject([{ action: "user.promote", entityId: account!.id, before: { role: "customer" }, after: { role: "admin" } }]);
    // No such account: nothing written.
    expect((await entriesOf(async () => expect(await runAdminCommand(["promote", "ninguem@exemplo.com"], context, out)).toBe(1))).entries).toEqual([]);

    // ADMIN_EMAIL on start: creating the account, or promoting an existing one, is recorded too.
    const startEmail = `inicio-${randomUUID().slice(0, 8)}@exemplo.com`;
    const started = await entriesOf(() => ensureInitialAdmin(context.auth, t.db, { email: startEmail, password: "senha-do-inicio-123" }));
    expect(started.entries).toMatchObject([{ actorUserId: null, actorName: expect.stringContaining("ADMIN_EMAIL"), action: "user.create_admin", entityLabel: startEmail }]);
    const shopper = await signedInUser(context, "customer");
    const promotedOnStart = await entriesOf(() => ensureInitialAdmin(context.auth, t.db, { email: shopper.email, password: "qualquer-uma-123" }));
    expect(promotedOnStart.entries).toMatchObject([{ actorUserId: null, action: "user.promote", entityLabel: shopper.email, before: { role: "customer" }, after: { role: "admin" } }]);
  });
});

describe("reviews: moderation from the product page", () => {
  let productId: number;
  let reviewId: number;
  const hide = (hidden: boolean, id = reviewId, as: SignedInUser = admin) =>
    call(productPageAction, post(`/produto/${productId}`, new URLSearchParams({ intent: "hide-review", reviewId: String(id), hidden: String(hidden) }), as), {
      id: String(productId),
    });

  beforeAll(async () => {
    const [product] = await t.db.select({ id: products.id }).from(products).orderBy(products.id).limit(1);
    productId = product!.id;
    const [row] = await t.db.insert(reviews).values({ productId, userId: customer.id, rating: 2, comment: "Não gostei." }).returning({ id: reviews.id });
    reviewId = row!.id;
  });

  it("hide and show again: hidden before and after", async () => {
    const hidden = await entriesOf(async () => expect((await hide(true)).status).toBe(302));
    expect(hidden.entries).toHaveLength(1);
    expectByAdmin(hidden.entries[0]!, hidden.startedAt, hidden.endedAt);
    expect(hidden.entries[0]).toMatchObject({
      action: "review.hide",
      entityType: "review",
      entityId: String(reviewId),
      entityLabel: expect.stringContaining("em “"),
      before: { hidden: false },
      after: { hidden: true },
    });
    // Hidden already: nothing changes, no entry.
    expect((await entriesOf(async () => expect((await hide(true)).status).toBe(302))).entries).toEqual([]);
    const shown = await entriesOf(async () => expect((await hide(false)).status).toBe(302));
    expect(shown.entries).toMatchObject([{ action: "review.show", before: { hidden: true }, after: { hidden: false } }]);
  });

  it("refused or rolled back: no entry", async () => {
    expect((await entriesOf(async () => expect((await hide(true, reviewId, customer)).status).toBe(403))).entries).toEqual([]);
    expect((await entriesOf(async () => expect((await hide(true, 2_000_000_000)).status).toBe(404))).entries).toEqual([]);
    const rolledBack = await entriesOf(() =>
      t.db
        .transaction(async (tx) => {
          expect(await setReviewHidden(tx, { productId, reviewId, hidden: true }, admin)).toBe(true);
          throw new Error("rollback");
        })
        .catch((error: Error) => expect(error.message).toBe("rollback")),
    );
    expect(rolledBack.entries).toEqual([]);
    const [row] = await t.db.select({ hidden: reviews.hidden }).from(reviews).where(eq(reviews.id, reviewId));
    expect(row!.hidden).toBe(false);
  });
});

describe("imports", () => {
  const header = "id;nome;categoria;loja;preco;estoque;descricao";
  function upload(text: string) {
    const form = new FormData();
    form.set("intent", "csv");
    form.set("file", new File([text], "produtos.csv", { type: "text/csv" }));
    return call(importAction, post("/admin/importar", form));
  }

  it("CSV: one entry per product created or changed, with its fields before and after; unchanged rows none", async () => {
    const rows = await t.db.select().from(products).orderBy(products.id).limit(2);
    const [changed, untouched] = rows as [(typeof rows)[number], (typeof rows)[number]];
    // The export, a row per size × colour: the untouched product's rows go back exactly as they are;
    // the changed one costs R$ 1 more and its first size × colour gains 5 units.
    const [exportHeader, ...exported] = (await productsCsv(t.db)).replace(/^\uFEFF/, "").split(/\r?\n/);
    const columns = exportHeader!.split(";");
    const at = (name: string) => columns.indexOf(name);
    const rowsOf = (id: number) => exported.filter((line) => line.startsWith(`${id};`)).map((line) => line.split(";"));
    const changedRows = rowsOf(changed.id);
    const first = changedRows[0]!;
    const firstLabel = variantLabel({ size: first[at("tamanho")]!, color: first[at("cor")]! });
    const firstStock = Number(first[at("estoque_loja_principal")]);
    for (const fields of changedRows) if (changed.priceCents !== null) fields[at("preco")] = decimalCommaPrice(changed.priceCents + 1_00);
    first[at("estoque_loja_principal")] = String(firstStock + 5);
    const newRow = columns.map((column) =>
      ({ nome: "Caneca Auditoria", categoria: "Magazine", loja: "Erick Magazine e Kids", preco: "19,90", estoque_loja_principal: "4", ativo: "sim", destaque: "não", descricao: "Caneca de louça." })[column] ?? "",
    );
    const file = [exportHeader, ...changedRows.map((fields) => fields.join(";")), ...rowsOf(untouched.id).map((fields) => fields.join(";")), newRow.join(";")].join("\n");

    const { entries, startedAt, endedAt } = await entriesOf(async () => expect(((await upload(file)).data as { data?: { csv?: unknown } }).data?.csv).toEqual({ ok: true, created: 1, updated: 1, unchanged: 1 }));
    expect(entries).toHaveLength(2);
    for (const entry of entries) expectByAdmin(entry, startedAt, endedAt);
    expect(entries[0]).toMatchObject({
      action: "product.csv_update",
      entityType: "product",
      entityId: String(changed.id),
      entityLabel: changed.name,
      before: { stock: { [firstLabel]: firstStock } },
      after: { stock: { [firstLabel]: firstStock + 5 } },
    });
    if (changed.priceCents !== null) expect(entries[0]!.after).toMatchObject({ priceCents: changed.priceCents + 1_00 });
    const [created] = await t.db.select({ id: products.id }).from(products).where(eq(products.name, "Caneca Auditoria"));
    expect(entries[1]).toMatchObject({
      action: "product.csv_create",
      entityId: String(created!.id),
      entityLabel: "Caneca Auditoria",
      before: null,
      after: { name: "Caneca Auditoria", priceCents: 19_90, stock: 4, category: "Magazine" },
    });
  });

  it("CSV with a bad row: nothing saved, no entry", async () => {
    // (A row of only separators is Excel's empty row, skipped: the bad row has a price in letters.)
    const { entries } = await entriesOf(async () =>
      expect((await upload(`${header}\n;Produto Bom;Magazine;Erick Magazine e Kids;10,00;1;Bom.\n;Produto Ruim;Magazine;Erick Magazine e Kids;dez;1;Ruim.`)).status).toBe(400),
    );
    expect(entries).toEqual([]);
    expect(await t.db.select().from(products).where(eq(products.name, "Produto Bom"))).toEqual([]);
  });

  it("starter product: created with its fields; already there: no entry", async () => {
    const importOne = async () => {
      const outcome = await call(starterAction, post("/admin/importar/produto-inicial", new URLSearchParams({ index: "0" })));
      expect(outcome.status).toBe(200);
      return outcome.data as { status: string; id?: number; name: string };
    };
    const first = await entriesOf(async () => expect(await importOne()).toMatchObject({ status: "created" }));
    expect(first.entries).toHaveLength(1);
    expectByAdmin(first.entries[0]!, first.startedAt, first.endedAt);
    const [row] = await t.db.select().from(products).where(eq(products.id, Number(first.entries[0]!.entityId)));
    expect(first.entries[0]).toMatchObject({
      action: "product.import_starter",
      entityType: "product",
      entityLabel: row!.name,
      before: null,
      after: { name: row!.name, images: row!.images },
    });
    // Its stock per size and colour, adding up to the product's total.
    const logged = Object.values((first.entries[0]!.after as { stock: Record<string, number> }).stock);
    expect(logged.reduce((sum, units) => sum + units, 0)).toBe(row!.stock);
    expect((await entriesOf(async () => expect(await importOne()).toMatchObject({ status: "exists" }))).entries).toEqual([]);
  });
});

describe("no secrets in the log", () => {
  it("no entry holds a password, hash, token or secret, by name or by value", async () => {
    const all = await t.db.select().from(auditLog);
    expect(all.length).toBeGreaterThan(10);
    const keys = (value: unknown): string[] =>
      value && typeof value === "object" ? Object.entries(value).flatMap(([key, item]) => [key, ...keys(item)]) : [];
    for (const entry of all) {
      for (const key of [...keys(entry.before), ...keys(entry.after)]) expect(key).not.toMatch(/password|senha|hash|token|secret/i);
    }
    // Nor the password hashes and session tokens the database holds.
    const text = JSON.stringify(all);
    const hashes = await t.db.select({ password: accounts.password }).from(accounts).where(isNotNull(accounts.password));
    const tokens = await t.db.select({ token: sessions.token }).from(sessions);
    expect(hashes.length).toBeGreaterThan(0);
    for (const { password } of hashes) expect(text).not.toContain(password!);
    for (const { token } of tokens) expect(text).not.toContain(token);
  });
});

describe("recordAdminChange", () => {
  it("keeps only the fields that differ, whatever their key order, and skips an update that changed nothing", async () => {
    const change = { action: "settings.update", entityType: "settings", entityId: 1, entityLabel: "x" } as const;
    const { entries } = await entriesOf(async () => {
      expect(await recordAdminChange(t.db, TEST_ACTOR, { ...change, before: { a: { x: 1, y: 2 }, b: 1 }, after: { b: 1, a: { y: 2, x: 1 } } })).toBe(false);
      expect(await recordAdminChange(t.db, TEST_ACTOR, { ...change, before: { a: 1, b: [1, 2] }, after: { a: 1, b: [2, 1], c: "novo" } })).toBe(true);
    });
    expect(entries).toMatchObject([{ actorUserId: null, actorName: TEST_ACTOR.name, actorEmail: TEST_ACTOR.email, before: { b: [1, 2], c: null }, after: { b: [2, 1], c: "novo" } }]);
  });
});

describe("/admin/auditoria", () => {
  const load = (as: SignedInUser | null, search = "") => call(auditLoader, requestAs(as, `/admin/auditoria${search}`));
  const page = async (search = "") => {
    const outcome = await load(admin, search);
    expect(outcome.status).toBe(200);
    return outcome.data as unknown as AuditLogPage & { entityType: string | null };
  };

  it("refuses anonymous visitors and customers", async () => {
    expect(await load(null)).toMatchObject({ status: 302, location: `/login?redirectTo=${encodeURIComponent("/admin/auditoria")}` });
    expect(await load(customer)).toMatchObject({ status: 302, location: "/" });
  });

  it("shows the entries newest first, who, what, when and each change as before → after", async () => {
    const [newest] = await t.db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(1);
    const [total] = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    const first = await page();
    expect(first.total).toBe(total!.n);
    expect(first.entries).toHaveLength(Math.min(ADMIN_PAGE_SIZE, total!.n));
    expect(first.entries[0]).toMatchObject({ id: newest!.id, at: newest!.at.toISOString(), actorName: newest!.actorName, action: newest!.action });
    const times = first.entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);

    const order = (await page("?tipo=order")).entries.find((entry) => entry.action === "order.status")!;
    expect(order.actorName).toBe(admin.name);
    expect(order.actorEmail).toBe(admin.email);
    expect(order.entityLabel).toMatch(/^#/);
    expect(order.changes.map((change) => change.field)).toContain("status");
    // The page says it in Portuguese: the action, the field and the statuses.
    const status = order.changes.find((change) => change.field === "status")!;
    expect(auditActionLabel(order.action)).toBe("Mudou o status do pedido");
    expect(auditFieldLabel("status")).toBe("Status");
    expect(formatAuditValue("status", status.after)).toBe(ORDER_STATUS_LABELS[status.after as OrderStatus]);
    expect(formatAuditValue("priceCents", 99_90)).toBe(formatBRL(99_90));

    // A creation has only an 'after', a deletion only a 'before'.
    const productEntries = (await page("?tipo=product")).entries;
    const kindOf = (action: string) => productEntries.find((entry) => entry.action === action)?.kind;
    expect([kindOf("product.create"), kindOf("product.update"), kindOf("product.delete")]).toEqual(["create", "update", "delete"]);
    const deleted = productEntries.find((entry) => entry.action === "product.delete")!;
    expect(deleted.changes.find((change) => change.field === "name")).toEqual({ field: "name", before: "Sandália Auditoria", after: null });
  });

  it("filters by kind of entity (an unknown kind shows all) and pages through, 20 a page", async () => {
    const orderRows = await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entityType, "order"));
    const orderPage = await page("?tipo=order");
    expect(orderPage.entityType).toBe("order");
    expect(orderPage.total).toBe(orderRows.length);
    expect(orderPage.entries.every((entry) => entry.entityType === "order")).toBe(true);
    expect((await page("?tipo=senhas")).entityType).toBeNull();

    // Enough entries for three pages of one kind, through the real recording function.
    const label = `Paginação ${randomUUID().slice(0, 8)}`;
    for (let index = 0; index < ADMIN_PAGE_SIZE * 2 + 5; index += 1) {
      await recordAdminChange(t.db, admin, { action: "review.hide", entityType: "review", entityId: index, entityLabel: `${label} ${index}`, before: { hidden: false }, after: { hidden: true } });
    }
    const reviewTotal = (await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entityType, "review"))).length;
    const pages = Math.ceil(reviewTotal / ADMIN_PAGE_SIZE);
    const first = await page("?tipo=review");
    const second = await page("?tipo=review&pagina=2");
    const last = await page(`?tipo=review&pagina=${pages}`);
    expect(first).toMatchObject({ total: reviewTotal, page: 1, pageCount: pages });
    expect(first.entries.map((entry) => entry.entityLabel)[0]).toBe(`${label} ${ADMIN_PAGE_SIZE * 2 + 4}`);
    expect(second.page).toBe(2);
    expect(second.entries).toHaveLength(ADMIN_PAGE_SIZE);
    const seen = [...first.entries, ...second.entries].map((entry) => entry.id);
    expect(new Set(seen).size).toBe(ADMIN_PAGE_SIZE * 2);
    expect(last.entries).toHaveLength(reviewTotal - (pages - 1) * ADMIN_PAGE_SIZE);
    // Past the end: the last page.
    expect((await page("?tipo=review&pagina=999")).page).toBe(pages);
  });
});

// database/migrations/0007_audit_log_append_only.sql: even SQL run as the app's own role cannot rewrite or
// erase the log; only the foreign key may clear the link to an account once it is deleted.
describe("append-only in the database", () => {
  const REFUSED = /o registro de auditoria só aceita novas entradas: (UPDATE|DELETE|TRUNCATE) em audit_log é recusado/;
  const allRows = async () => (await t.pool.query("select * from audit_log order by id")).rows;

  it("UPDATE, DELETE and TRUNCATE are refused with the message, and change nothing", async () => {
    const before = await allRows();
    expect(before.length).toBeGreaterThan(0);
    const refusals: [string, string][] = [
      ["update audit_log set actor_name = 'Outra pessoa'", "UPDATE"],
      ["update audit_log set after = null where id = (select max(id) from audit_log)", "UPDATE"],
      ["delete from audit_log where id = (select min(id) from audit_log)", "DELETE"],
      ["delete from audit_log", "DELETE"],
      ["truncate audit_log", "TRUNCATE"],
      // Through the foreign key: TRUNCATE fires no row triggers, so this needs the statement-level one.
      ["truncate users cascade", "TRUNCATE"],
    ];
    for (const [statement, operation] of refusals) {
      const error = await t.pool.query(statement).then(
        () => null,
        (thrown: { message: string; code: string }) => thrown,
      );
      expect(error, statement).toMatchObject({ code: "42501" });
      expect(error!.message, statement).toMatch(REFUSED);
      expect(error!.message, statement).toContain(operation);
    }
    expect(await allRows()).toEqual(before);
    expect((await t.db.select({ id: users.id }).from(users)).length).toBeGreaterThan(0);
  });

  it("clearing the link to an account that still exists, or with any other change, is refused", async () => {
    const [entry] = (await t.pool.query<{ id: string }>("select id from audit_log where actor_user_id = $1 order by id limit 1", [admin.id])).rows;
    expect(entry).toBeDefined();
    for (const statement of [
      "update audit_log set actor_user_id = null where id = $1",
      "update audit_log set actor_user_id = 'outra-conta' where id = $1",
    ]) {
      await expect(t.pool.query(statement, [entry!.id]), statement).rejects.toThrow(REFUSED);
    }
    const [row] = (await t.pool.query<{ actor_user_id: string | null }>("select actor_user_id from audit_log where id = $1", [entry!.id])).rows;
    expect(row!.actor_user_id).toBe(admin.id);
  });

  it("deleting an account that acted keeps its entries, with who it was, and only the link cleared", async () => {
    const gone = await signedInUser(context, "admin");
    const label = `Conta apagada ${randomUUID().slice(0, 8)}`;
    await recordAdminChange(t.db, gone, { action: "review.hide", entityType: "review", entityId: 1, entityLabel: label, before: { hidden: false }, after: { hidden: true } });
    const [written] = await t.db.select().from(auditLog).where(eq(auditLog.entityLabel, label));
    expect(written!.actorUserId).toBe(gone.id);

    await t.db.delete(users).where(eq(users.id, gone.id));
    const [kept] = await t.db.select().from(auditLog).where(eq(auditLog.id, written!.id));
    expect(kept).toEqual({ ...written, actorUserId: null, actorName: gone.name, actorEmail: gone.email });
    // Once cleared, the row is as fixed as any other.
    await expect(t.pool.query("update audit_log set actor_name = 'x' where id = $1", [written!.id])).rejects.toThrow(REFUSED);
  });

  it("admin changes still record after the refusals (a promotion from /admin/clientes)", async () => {
    const account = await signedInUser(context, "customer");
    const promoted = await entriesOf(async () =>
      expect((await call(customersAction, post("/admin/clientes", new URLSearchParams({ userId: account.id, role: "admin" })))).status).toBe(200),
    );
    expect(promoted.entries).toHaveLength(1);
    expectByAdmin(promoted.entries[0]!, promoted.startedAt, promoted.endedAt);
    expect(promoted.entries[0]).toMatchObject({ action: "user.promote", entityId: account.id, before: { role: "customer" }, after: { role: "admin" } });
  });
});
