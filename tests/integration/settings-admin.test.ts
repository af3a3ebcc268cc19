// /admin/configuracoes on the server: the route's loader and action with a real admin session, the
// shared form schema, the transaction that saves settings and store locations, and the storefront
// reading the new values on its next request.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings as settingsTable, storeLocations } from "#database/schema";
import { parseSettingsForm, SETTINGS_MESSAGES } from "~/lib/group/settings-form.schema";
import type { Settings } from "~/lib/group/settings";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { action, loader } from "~/routes/admin/settings";
import type { LoadContext } from "~/server/load-context.server";
import type { SettingsPage } from "~/server/group/settings-admin.server";
import { getSettings } from "~/server/group/settings.server";
import { loadStorefrontShell } from "~/server/read-models/storefront-shell.server";
import { createTestContext, requestAs, signedInUser, type SignedInUser } from "../setup/admin-session";
import { settingsForm } from "../setup/settings-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let context: LoadContext;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  context = app.context;
  admin = await signedInUser(context, "admin");
});
afterAll(async () => {
  await t?.close();
  await app?.close();
});

type Outcome = { status: number; data: { ok?: boolean; errors?: Record<string, string> } & Partial<SettingsPage> };

/** Calls a loader or action as React Router does, thrown responses and data() included. */
async function call(handler: unknown, request: Request): Promise<Outcome> {
  let result: unknown;
  try {
    result = await (handler as (args: { request: Request; context: LoadContext; params: object }) => unknown)({ request, context, params: {} });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, data: {} };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: Outcome["data"]; init: ResponseInit | null };
    return { status: init?.status ?? 200, data };
  }
  return { status: 200, data: result as Outcome["data"] };
}

async function loadPage(): Promise<SettingsPage> {
  const outcome = await call(loader, requestAs(admin, "/admin/configuracoes"));
  expect(outcome.status).toBe(200);
  return outcome.data as SettingsPage;
}

const save = (form: FormData) => call(action, requestAs(admin, "/admin/configuracoes", { form }));

async function settingsRow() {
  const [row] = await t.db.select().from(settingsTable).where(eq(settingsTable.id, 1));
  return row!;
}

describe("the settings form schema", () => {
  it("reads back exactly what the page shows (defaults and seeded locations)", async () => {
    const page = await loadPage();
    expect(page.settings).toEqual(DEFAULT_SETTINGS);
    expect(page.locations).toHaveLength(6);
    expect(page.lastSaved).toBeNull();
    const parsed = parseSettingsForm(settingsForm(page));
    expect(parsed.success).toBe(true);
    expect(parsed.data!.settings).toEqual(DEFAULT_SETTINGS);
    expect(parsed.data!.locations).toEqual(page.locations);
  });

  it("normalizes what people type: Instagram @, WhatsApp digits, reais with comma, cities by line or comma", async () => {
    const page = await loadPage();
    const parsed = parseSettingsForm(
      settingsForm(page, {
        instagram: " lojaerick ",
        storeWhatsApp: "+55 (81) 99999-8888",
        deliveryFee: "7,5",
        freeShippingMin: "1.250,00",
        deliveryCities: "Barreiros, Sirinhaém\nTamandaré;  barreiros \n\n",
        "locations.0.lat": "−8,5",
        "locations.0.lng": "-35.25",
      }),
    );
    expect(parsed.error?.issues).toBeUndefined();
    const { settings, locations } = parsed.data!;
    expect(settings.instagram).toBe("@lojaerick");
    expect(settings.storeWhatsApp).toBe("5581999998888");
    expect(settings.deliveryFeeCents).toBe(750);
    expect(settings.freeShippingMinCents).toBe(125_000);
    expect(settings.deliveryCities).toEqual(["Barreiros", "Sirinhaém", "Tamandaré"]);
    expect(locations[0]).toMatchObject({ lat: -8.5, lng: -35.25 });
    expect(parseSettingsForm(settingsForm(page, { instagram: "@@lojaerick" })).data?.settings.instagram).toBe("@lojaerick");
    for (const typed of ["(81) 99876-5432", "+55 81 99876-5432", "81998765432"]) {
      const form = settingsForm(page, { storeWhatsApp: typed, "locations.0.whatsapp": typed });
      const { settings: typedSettings, locations: typedLocations } = parseSettingsForm(form).data!;
      expect([typedSettings.storeWhatsApp, typedLocations[0]!.whatsapp], typed).toEqual(["5581998765432", "5581998765432"]);
    }
  });

  it.each([
    ["maxInstallments", "13", SETTINGS_MESSAGES.maxInstallments],
    ["maxInstallments", "0", SETTINGS_MESSAGES.maxInstallments],
    ["maxInstallments", "2.5", SETTINGS_MESSAGES.maxInstallments],
    ["storeWhatsApp", "99999-8888", SETTINGS_MESSAGES.whatsapp],
    ["storeWhatsApp", "55819999988889", SETTINGS_MESSAGES.whatsapp],
    ["storeWhatsApp", "55 81 9999-ABCD", SETTINGS_MESSAGES.whatsapp],
    ["deliveryFee", "-5", SETTINGS_MESSAGES.money],
    ["deliveryFee", "cinco", SETTINGS_MESSAGES.money],
    ["freeShippingMin", "", SETTINGS_MESSAGES.money],
    ["storeEmail", "contato@", SETTINGS_MESSAGES.email],
    ["instagram", "erick calçados", SETTINGS_MESSAGES.instagram],
    ["facebook", "javascript:alert(1)", SETTINGS_MESSAGES.facebook],
    ["facebook", "facebook.com/erick", SETTINGS_MESSAGES.facebook],
    ["storeName", "   ", "Informe o nome da loja"],
    ["pixMerchantCity", "Cidade com nome comprido demais", "Use no máximo 15 caracteres"],
    ["locations.2.whatsapp", "123", SETTINGS_MESSAGES.whatsapp],
    ["locations.1.lat", "91", SETTINGS_MESSAGES.latitude],
    ["locations.1.lng", "abc", SETTINGS_MESSAGES.longitude],
    ["locations.0.name", "", "Informe o nome da loja"],
  ])("%s = %j is refused: %s", async (field, value, message) => {
    const parsed = parseSettingsForm(settingsForm(await loadPage(), { [field]: value }));
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues.find((candidate) => candidate.path.join(".") === field);
    expect(issue?.message).toBe(message);
  });

  it("needs at least one payment method", async () => {
    const page = await loadPage();
    const none = Object.fromEntries(Object.keys(page.settings.paymentMethods).map((key) => [`paymentMethods.${key}`, null]));
    const parsed = parseSettingsForm(settingsForm(page, none));
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["paymentMethods", SETTINGS_MESSAGES.paymentMethods]]);
  });
});

describe("saving (/admin/configuracoes action)", () => {
  it("saves every field and the store locations, records who and when, and the storefront shows it at once", async () => {
    const page = await loadPage();
    const before = Date.now();
    const outcome = await save(
      settingsForm(page, {
        storeName: "Erick Calçados & Cia",
        storeArticle: "a",
        storeWhatsApp: "5581988887777",
        instagram: "erick.oficial",
        facebook: "https://www.facebook.com/erick.oficial",
        deliveryFee: "8,90",
        freeShippingMin: "250",
        deliveryCities: "Barreiros\nSirinhaém",
        deliveryDays: "Terça a Sábado",
        "paymentMethods.storeCredit": null,
        maxInstallments: "10",
        emailNotifications: null,
        pixKey: "contato@erickcalcados.com.br",
        pixMerchantName: "Erick Calcados",
        pixMerchantCity: "Barreiros",
        "locations.0.name": "Erick Calçados Matriz",
        "locations.0.whatsapp": "5581977776666",
        "locations.0.lat": "-8,81",
      }),
    );
    expect(outcome).toEqual({ status: 200, data: { ok: true } });

    const expected: Settings = {
      ...DEFAULT_SETTINGS,
      storeName: "Erick Calçados & Cia",
      storeArticle: "a",
      storeWhatsApp: "5581988887777",
      instagram: "@erick.oficial",
      facebook: "https://www.facebook.com/erick.oficial",
      deliveryFeeCents: 890,
      freeShippingMinCents: 25_000,
      deliveryCities: ["Barreiros", "Sirinhaém"],
      deliveryDays: "Terça a Sábado",
      paymentMethods: { ...DEFAULT_SETTINGS.paymentMethods, storeCredit: false },
      maxInstallments: 10,
      emailNotifications: false,
      pixKey: "contato@erickcalcados.com.br",
      pixMerchantName: "Erick Calcados",
      pixMerchantCity: "Barreiros",
    };
    const row = await settingsRow();
    expect(row.data).toEqual(expected);
    expect(row.updatedBy).toBe(admin.id);
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await getSettings(t.db)).toEqual(expected);

    const [location] = await t.db.select().from(storeLocations).where(eq(storeLocations.id, page.locations[0]!.id));
    expect(location).toMatchObject({ name: "Erick Calçados Matriz", whatsapp: "5581977776666", lat: -8.81 });

    // The storefront reads settings per request: its next page already has the new values.
    const shell = await loadStorefrontShell(t.db, context.config);
    expect(shell.settings).toEqual(expected);
    expect(shell.locations.find((candidate) => candidate.id === page.locations[0]!.id)?.name).toBe("Erick Calçados Matriz");

    const reloaded = await loadPage();
    expect(reloaded.settings).toEqual(expected);
    expect(reloaded.lastSaved).toEqual({ at: row.updatedAt.toISOString(), by: admin.name });
  });

  it("'Vende no site' off for a store: its units leave what the storefront sells, the others' stay; on again, they are back; audited", async () => {
    const page = await loadPage();
    const index = page.locations.findIndex((location) => location.servesOnline);
    const store = page.locations[index]!;
    const other = page.locations.find((location) => location.id !== store.id)!;
    // A product's first variant: 4 units at this store, 1 at another.
    const { rows } = await t.pool.query<{ id: number; product_id: number }>("select id, product_id from product_variants order by id limit 1");
    const variant = rows[0]!;
    await t.pool.query("delete from variant_stock where variant_id = $1", [variant.id]);
    await t.pool.query("insert into variant_stock (variant_id, store_location_id, units) values ($1, $2, 4), ($1, $3, 1)", [variant.id, store.id, other.id]);
    const sold = async () => (await t.pool.query<{ stock: number }>("select stock from product_variants where id = $1", [variant.id])).rows[0]!.stock;
    expect(await sold()).toBe(5);

    expect(await save(settingsForm(page, { [`locations.${index}.servesOnline`]: null }))).toEqual({ status: 200, data: { ok: true } });
    expect((await t.db.select().from(storeLocations).where(eq(storeLocations.id, store.id)))[0]!.servesOnline).toBe(false);
    expect(await sold()).toBe(1);
    expect((await loadPage()).locations[index]!.servesOnline).toBe(false);
    const [entry] = (
      await t.pool.query<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
        "select before, after from audit_log where entity_type = 'store_location' and entity_id = $1 order by id desc limit 1",
        [String(store.id)],
      )
    ).rows;
    expect(entry).toMatchObject({ before: { servesOnline: true }, after: { servesOnline: false } });

    // A form without the box (an older page) leaves it as it is.
    const withoutBox = settingsForm(await loadPage());
    withoutBox.delete(`locations.${index}.servesOnlineSent`);
    withoutBox.set(`locations.${index}.servesOnline`, "on");
    expect((await save(withoutBox)).status).toBe(200);
    expect(await sold()).toBe(1);

    expect(await save(settingsForm(await loadPage(), { [`locations.${index}.servesOnline`]: "on" }))).toEqual({ status: 200, data: { ok: true } });
    expect(await sold()).toBe(5);
  });

  it("maxInstallments 13: the message, status 400, and nothing saved", async () => {
    const page = await loadPage();
    const rowBefore = await settingsRow();
    const locationsBefore = await t.db.select().from(storeLocations);
    const outcome = await save(settingsForm(page, { maxInstallments: "13", storeName: "Outro Nome", "locations.0.name": "Outra Loja" }));
    expect(outcome.status).toBe(400);
    expect(outcome.data.ok).toBe(false);
    expect(outcome.data.errors).toEqual({ maxInstallments: SETTINGS_MESSAGES.maxInstallments });
    expect(await settingsRow()).toEqual(rowBefore);
    expect(await t.db.select().from(storeLocations)).toEqual(locationsBefore);
  });

  it("several bad fields: every message at once, nothing saved", async () => {
    const rowBefore = await settingsRow();
    const outcome = await save(settingsForm(await loadPage(), { storeWhatsApp: "999", instagram: "a b", "locations.3.lng": "500" }));
    expect(outcome.status).toBe(400);
    expect(Object.keys(outcome.data.errors!).sort()).toEqual(["instagram", "locations.3.lng", "storeWhatsApp"]);
    expect(await settingsRow()).toEqual(rowBefore);
  });

  it("a store location that no longer exists: the spec's failure message, and the settings are not half-saved", async () => {
    const rowBefore = await settingsRow();
    const outcome = await save(settingsForm(await loadPage(), { storeName: "Não deve ficar", "locations.5.id": "999999" }));
    expect(outcome.status).toBe(500);
    expect(outcome.data.errors).toEqual({ form: SETTINGS_MESSAGES.saveFailed });
    expect(await settingsRow()).toEqual(rowBefore);
  });

  it("refuses a customer (403) and an anonymous visitor (to /login), saving nothing", async () => {
    const customer = await signedInUser(context, "customer");
    const rowBefore = await settingsRow();
    const form = () => settingsForm({ settings: DEFAULT_SETTINGS, locations: [], lastSaved: null }, { storeName: "Invasor" });
    expect((await call(action, requestAs(customer, "/admin/configuracoes", { form: form() }))).status).toBe(403);
    expect((await call(action, requestAs(null, "/admin/configuracoes", { form: form() }))).status).toBe(302);
    expect(await settingsRow()).toEqual(rowBefore);
  });
});
