// What the shopper hears about an order after placing it, on a real PostgreSQL: the clerk's WhatsApp
// text (the shop's templates from /admin/configuracoes, 'Pronto para retirada' with the store's address
// and hours for a pick-up order), and the order's history (status changes and messages opened, with
// who did them) on the admin page and, without names, on the shopper's page.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, storeLocations } from "#database/schema";
import type { AdminOrderPageData } from "~/lib/orders/admin-orders";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/order";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { loader as publicOrderLoader } from "~/routes/storefront/order";
import type { LoadContext } from "~/server/load-context.server";
import type { SettingsPage } from "~/server/group/settings-admin.server";
import { setOrderStatus } from "~/server/orders/admin-order-changes.server";
import { placeOrder } from "~/server/orders/order-placing.server";
import { openAdminTest, requestAs, type SignedInUser, TEST_ACTOR } from "../setup/admin-session";
import { CHECKOUT_CUSTOMER } from "../setup/order-fixtures";
import { settingsForm } from "../setup/settings-fixtures";
import type { TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let admin: SignedInUser;
let close: () => Promise<void>;
beforeAll(async () => ({ t, context, admin, close } = await openAdminTest()), 60_000);
afterAll(() => close?.());

type Handler = (args: never) => unknown;
/** Calls a loader or action as React Router does, unwrapping data(…). */
async function call<T>(handler: Handler, request: Request, params: Record<string, string> = {}): Promise<T> {
  let result: unknown;
  try {
    result = await (handler as (args: { request: Request; context: LoadContext; params: Record<string, string> }) => unknown)({ request, context, params });
  } catch (thrown) {
    result = thrown;
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) return (result as { data: T }).data;
  return result as T;
}

let keys = 0;
async function placePickupOrder() {
  const [store] = await t.db.select().from(storeLocations).where(eq(storeLocations.slug, "barreiros-calcados"));
  const [product] = await t.db.execute<{ id: number; size: string | null; color: string | null }>(
    "select p.id, v.size, v.color from products p join product_variants v on v.product_id = p.id where v.stock > 2 and p.price_cents is not null order by p.id limit 1",
  ).then((result) => result.rows);
  keys += 1;
  const { token } = await placeOrder(t.db, DEFAULT_SETTINGS, {
    idempotencyKey: `status-messages-${Date.now()}-${keys}-key`,
    lines: [{ productId: product!.id, size: product!.size, color: product!.color, quantity: 1 }],
    customer: { ...CHECKOUT_CUSTOMER, deliveryMethod: "pickup", pickupLocationId: store!.id },
    userId: null,
  });
  const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.publicToken, token));
  return { id: row!.id, token, store: store! };
}

function whatsappText(page: AdminOrderPageData) {
  const url = new URL(page.whatsappUrl!);
  return { number: url.pathname.slice(1), text: url.searchParams.get("text")! };
}

describe("the clerk's WhatsApp text", () => {
  it("tells a pick-up order it is ready, at the chosen store's address and hours, not 'Enviado'", async () => {
    const order = await placePickupOrder();
    expect((await setOrderStatus(t.db, order.id, "shipped", TEST_ACTOR)).ok).toBe(true);
    const page = await call<AdminOrderPageData>(orderLoader, requestAs(admin, `/admin/pedidos/${order.id}`), { id: order.id });
    const { number, text } = whatsappText(page);
    expect(number).toBe("5581999998888");
    expect(text).toContain("está: Pronto para retirada.");
    expect(text).not.toContain("Enviado");
    expect(text).toContain(`Pode vir buscar na ${order.store.name}: ${order.store.address} (horário: ${order.store.hours}).`);
    expect(text).toContain(`http://localhost:3999/pedido/${order.token}`);
  });

  it("uses the texts saved in the settings, every placeholder filled in", async () => {
    const settingsPage = await call<SettingsPage>(settingsLoader, requestAs(admin, "/admin/configuracoes"));
    const template = "Oi {nome}, o #{pedido} está {status} na {loja} ({endereco_loja}). {link} {desconhecido}";
    const saved = await call<{ ok: boolean }>(
      settingsAction,
      requestAs(admin, "/admin/configuracoes", { form: settingsForm(settingsPage, { "statusMessages.pickupReady": template }) }),
    );
    expect(saved).toMatchObject({ ok: true });

    const order = await placePickupOrder();
    await setOrderStatus(t.db, order.id, "shipped", TEST_ACTOR);
    const { text } = whatsappText(await call<AdminOrderPageData>(orderLoader, requestAs(admin, `/admin/pedidos/${order.id}`), { id: order.id }));
    const code = order.id.slice(0, 8).toUpperCase();
    expect(text).toBe(
      `Oi Maria, o #${code} está Pronto para retirada na ${order.store.name} (${order.store.address} (horário: ${order.store.hours})). http://localhost:3999/pedido/${order.token} {desconhecido}`,
    );
  });

  it("refuses an empty text with a pt-BR message and keeps the saved one", async () => {
    const before = await call<SettingsPage>(settingsLoader, requestAs(admin, "/admin/configuracoes"));
    const refused = await call<{ ok: boolean; errors: Record<string, string> }>(
      settingsAction,
      requestAs(admin, "/admin/configuracoes", { form: settingsForm(before, { "statusMessages.cancelled": "   " }) }),
    );
    expect(refused.ok).toBe(false);
    expect(refused.errors["statusMessages.cancelled"]).toBe("Escreva a mensagem deste status");
    const after = await call<SettingsPage>(settingsLoader, requestAs(admin, "/admin/configuracoes"));
    expect(after.settings.statusMessages).toEqual(before.settings.statusMessages);
  });
});

describe("the order's history", () => {
  it("records each status change and each message opened, with who; the shopper sees the changes, dated, without names", async () => {
    const order = await placePickupOrder();
    await setOrderStatus(t.db, order.id, "processing", { ...TEST_ACTOR, name: "Ana Balconista" });
    // The same status again is not a change.
    await setOrderStatus(t.db, order.id, "processing", TEST_ACTOR);
    await setOrderStatus(t.db, order.id, "shipped", { ...TEST_ACTOR, name: "Ana Balconista" });
    const opened = await call<{ ok: boolean }>(
      orderAction,
      requestAs(admin, `/admin/pedidos/${order.id}`, { form: new URLSearchParams({ intent: "whatsapp-opened" }) }),
      { id: order.id },
    );
    expect(opened).toEqual({ ok: true });

    const page = await call<AdminOrderPageData>(orderLoader, requestAs(admin, `/admin/pedidos/${order.id}`), { id: order.id });
    expect(page.detail.history.map((entry) => [entry.kind, "status" in entry ? entry.status : null, entry.actorName])).toEqual([
      ["status", "pending", ""],
      ["status", "processing", "Ana Balconista"],
      ["status", "shipped", "Ana Balconista"],
      ["whatsapp", "shipped", admin.name],
    ]);
    const times = page.detail.history.map((entry) => Date.parse(entry.at));
    expect(times.every((time, index) => index === 0 || time >= times[index - 1]!)).toBe(true);

    const shopperPage = await call<{ history: AdminOrderPageData["detail"]["history"] }>(
      publicOrderLoader,
      requestAs(null, `/pedido/${order.token}`),
      { token: order.token },
    );
    expect(shopperPage.history.map((entry) => [entry.kind, "status" in entry ? entry.status : null, entry.actorName])).toEqual([
      ["status", "pending", ""],
      ["status", "processing", ""],
      ["status", "shipped", ""],
    ]);
  });

  it("a message opened on an unknown order records nothing and answers 404", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const answer = await (orderAction as unknown as (args: object) => Promise<unknown>)({
      request: requestAs(admin, `/admin/pedidos/${missing}`, { form: new URLSearchParams({ intent: "whatsapp-opened" }) }),
      context,
      params: { id: missing },
    }).catch((thrown: unknown) => thrown);
    expect(answer).toMatchObject({ init: { status: 404 } });
  });
});

describe("cancelling", () => {
  it("is refused unless confirmed, with a pt-BR message and nothing changed; confirmed, it cancels", async () => {
    const order = await placePickupOrder();
    const post = (fields: Record<string, string>) =>
      (orderAction as unknown as (args: object) => Promise<unknown>)({
        request: requestAs(admin, `/admin/pedidos/${order.id}`, { form: new URLSearchParams(fields) }),
        context,
        params: { id: order.id },
      });
    expect(await post({ status: "cancelled" })).toMatchObject({
      data: { ok: false, errors: { status: "Confirme o cancelamento: os produtos voltam para o estoque." } },
      init: { status: 400 },
    });
    const [still] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(still!.status).toBe("pending");
    expect(await post({ status: "cancelled", confirmCancel: "1" })).toMatchObject({ data: { ok: true, data: { status: "cancelled" } } });
    expect(await post({ status: "processing" })).toMatchObject({ data: { ok: true, data: { status: "processing" } } });
  });
});
