// The shop's PIX key from /admin/configuracoes to the shopper's order page, on a real PostgreSQL:
// a key typed as people write it ("(81) 99876-5432") is saved, and put into every code, in the form
// the Central Bank's directory knows it by; one that is no key is refused with the reason; a key
// saved as typed before this was fixed is read normalised; and the code is offered only while the
// order waits ('Pendente'), never once it was moved on, delivered or cancelled.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, settings as settingsTable } from "#database/schema";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { PIX_KEY_MESSAGES } from "~/lib/payments/pix-key";
import type { OrderStatus } from "~/lib/orders/order-status";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { loader as publicOrderLoader } from "~/routes/storefront/order";
import type { LoadContext } from "~/server/load-context.server";
import type { SettingsPage } from "~/server/group/settings-admin.server";
import { getSettings } from "~/server/group/settings.server";
import { setOrderStatus } from "~/server/orders/admin-order-changes.server";
import { placeOrder } from "~/server/orders/order-placing.server";
import { openAdminTest, requestAs, type SignedInUser, TEST_ACTOR } from "../setup/admin-session";
import { CHECKOUT_CUSTOMER, orderableLine } from "../setup/order-fixtures";
import { settingsForm } from "../setup/settings-fixtures";
import type { TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let admin: SignedInUser;
let close: () => Promise<void>;
beforeAll(async () => ({ t, context, admin, close } = await openAdminTest()), 60_000);
afterAll(() => close?.());

type Handler = (args: never) => unknown;
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

async function saveKey(pixKey: string) {
  const page = await call<SettingsPage>(settingsLoader as Handler, requestAs(admin, "/admin/configuracoes"));
  return call<{ ok: boolean; errors: Record<string, string> }>(
    settingsAction as Handler,
    requestAs(admin, "/admin/configuracoes", { form: settingsForm(page, { pixKey, pixMerchantName: "Erick Calcados", pixMerchantCity: "Barreiros" }) }),
  );
}

let keys = 0;
async function placePixOrder() {
  const { line } = await orderableLine(t.pool);
  keys += 1;
  const { token } = await placeOrder(t.db, await getSettings(t.db), {
    idempotencyKey: `pix-key-${Date.now()}-${keys}-key`,
    lines: [line],
    customer: { ...CHECKOUT_CUSTOMER, paymentMethod: "pix" },
    userId: null,
  });
  const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.publicToken, token));
  return { id: row!.id, token };
}

type OrderPage = { order: { pixCode: string | null }; whatsappUrl: string; pixQrSvg: string | null };
const orderPage = (token: string) => call<OrderPage>(publicOrderLoader as Handler, new Request(`http://localhost/pedido/${token}`), { token });

/** The BR Code's merchant account: the PIX GUI, then the key as field 01. */
const keyField = (key: string) => `0014br.gov.bcb.pix01${String(key.length).padStart(2, "0")}${key}`;

describe("the PIX key", () => {
  it("typed as a phone is saved as +55… and every code, QR and WhatsApp text of an order carries it so", async () => {
    expect(await saveKey("(81) 99876-5432")).toEqual({ ok: true });
    const [row] = await t.db.select().from(settingsTable).where(eq(settingsTable.id, 1));
    expect((row!.data as { pixKey: string }).pixKey).toBe("+5581998765432");

    const { token } = await placePixOrder();
    const page = await orderPage(token);
    expect(page.order.pixCode).toContain(keyField("+5581998765432"));
    expect(page.order.pixCode).not.toContain("(81)");
    expect(page.pixQrSvg).toContain("<svg");
    expect(new URL(page.whatsappUrl).searchParams.get("text")).toContain(page.order.pixCode!);
  });

  it.each([
    ["123.456.789-09", "12345678909"],
    ["11.222.333/0001-81", "11222333000181"],
    ["Loja@ErickCalcados.com.br", "loja@erickcalcados.com.br"],
  ])("%j is saved as %s", async (typed, key) => {
    expect(await saveKey(typed)).toEqual({ ok: true });
    expect((await getSettings(t.db)).pixKey).toBe(key);
  });

  it.each([
    ["123.456.789-00", PIX_KEY_MESSAGES.cpf],
    ["(81) 3675-1995", PIX_KEY_MESSAGES.phone],
    ["pix da loja", PIX_KEY_MESSAGES.none],
  ])("%j is refused (%s) and nothing is saved", async (typed, message) => {
    await saveKey("loja@erickcalcados.com.br");
    const outcome = await saveKey(typed);
    expect(outcome.ok).toBe(false);
    expect(outcome.errors.pixKey).toBe(message);
    expect((await getSettings(t.db)).pixKey).toBe("loja@erickcalcados.com.br");
  });

  it("a key stored as typed before is read normalised; one that is no key gives no code at all", async () => {
    await t.db.update(settingsTable).set({ data: { ...DEFAULT_SETTINGS, pixKey: "(81) 99876-5432" } }).where(eq(settingsTable.id, 1));
    expect((await getSettings(t.db)).pixKey).toBe("+5581998765432");
    const { token } = await placePixOrder();
    expect((await orderPage(token)).order.pixCode).toContain(keyField("+5581998765432"));

    await t.db.update(settingsTable).set({ data: { ...DEFAULT_SETTINGS, pixKey: "pix da loja" } }).where(eq(settingsTable.id, 1));
    const page = await orderPage(token);
    expect(page.order.pixCode).toBeNull();
    expect(page.pixQrSvg).toBeNull();
  });
});

describe("the PIX block on the order page", () => {
  it.each<OrderStatus[]>([["processing"], ["shipped"], ["delivered"], ["cancelled"]])("shows while 'Pendente', never after %s", async (status) => {
    await saveKey("loja@erickcalcados.com.br");
    const order = await placePixOrder();
    expect((await orderPage(order.token)).order.pixCode).toContain(keyField("loja@erickcalcados.com.br"));
    if (status === "delivered") expect((await setOrderStatus(t.db, order.id, "processing", TEST_ACTOR)).ok).toBe(true);
    expect((await setOrderStatus(t.db, order.id, status, TEST_ACTOR)).ok).toBe(true);
    const page = await orderPage(order.token);
    expect(page.order.pixCode).toBeNull();
    expect(page.pixQrSvg).toBeNull();
    expect(new URL(page.whatsappUrl).searchParams.get("text")).not.toContain("PIX copia e cola");
  });
});
