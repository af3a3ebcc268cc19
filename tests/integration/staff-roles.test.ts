// Staff roles on the server, beyond who gets in (admin-authorization.test.ts): a refused write changes
// nothing (a Vendedor's price change, a Gerente's PIX key), a Vendedor's orders are their store's only,
// `npm run admin` with --role and --loja, and the staff screen (/admin/equipe) with its last-Dono rule,
// also under concurrent requests.
import { and, asc, count, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders, products, productVariants, storeLocations, users } from "#database/schema";
import { stockFieldName } from "~/lib/catalog/product-form-fields";
import { action as productAction } from "~/routes/admin/product-form";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/order";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { action as staffAction, loader as staffLoader } from "~/routes/admin/staff";
import { getCurrentUser } from "~/server/auth/guards.server";
import { removeStaffAccess } from "~/server/auth/staff.server";
import type { SettingsPage } from "~/server/group/settings-admin.server";
import { getSettings } from "~/server/group/settings.server";
import type { LoadContext } from "~/server/load-context.server";
import { runAdminCommand } from "~/server/ops/admin-command.server";
import { openAdminTest, requestAs, signedInUser, TEST_ACTOR, type SignedInUser } from "../setup/admin-session";
import { insertOrder } from "../setup/order-fixtures";
import { settingsForm } from "../setup/settings-fixtures";
import type { TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let dono: SignedInUser;
let gerente: SignedInUser;
let vendedor: SignedInUser;
let close: () => Promise<void>;
let stores: { id: number; name: string }[];

beforeAll(async () => {
  ({ t, context, admin: dono, close } = await openAdminTest());
  stores = await t.db.select({ id: storeLocations.id, name: storeLocations.name }).from(storeLocations).orderBy(asc(storeLocations.id));
  gerente = await signedInUser(context, "admin", { staffRole: "gerente" });
  vendedor = await signedInUser(context, "admin", { staffRole: "vendedor", storeId: stores[0]!.id });
});
afterAll(() => close?.());

type Outcome = { status: number; location: string | null; data: Record<string, unknown>; body: string };

/** Calls a loader or action as React Router does, thrown responses and data() included. */
async function call(handler: unknown, request: Request, params: Record<string, string> = {}): Promise<Outcome> {
  let result: unknown;
  try {
    result = await (handler as (args: { request: Request; context: LoadContext; params: object }) => unknown)({ request, context, params });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), data: {}, body: await result.text() };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data: (typeof data === "object" ? data : { text: data }) as Record<string, unknown>, body: "" };
  }
  return { status: 200, location: null, data: result as Record<string, unknown>, body: "" };
}

const post = (user: SignedInUser, path: string, form: FormData | Record<string, string>) =>
  requestAs(user, path, { form: form instanceof FormData ? form : new URLSearchParams(form) });

describe("a Vendedor's price change", () => {
  it("is refused with 403 and a pt-BR message, and changes nothing; the same form from a Gerente saves", async () => {
    const [product] = await t.db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.id)).limit(1);
    const variantsBefore = await t.db.select().from(productVariants).where(eq(productVariants.productId, product!.id)).orderBy(asc(productVariants.id));
    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#123456" } }).png().toBuffer();
    const form = () => {
      const fields = new FormData();
      const values: Record<string, string | string[]> = {
        name: "Preço Mudado Pelo Teste",
        description: "Descrição do teste de perfis.",
        price: "1,00",
        oldPrice: "",
        category: "Feminino",
        store: "barreiros-calcados",
        subcategory: "Sapatilhas",
        brand: "Moleca",
        [stockFieldName("35", "Preto")]: "99",
        sizes: ["35"],
        colors: ["Preto"],
        active: "on",
        imagesSent: "1",
      };
      for (const [name, value] of Object.entries(values)) for (const item of Array.isArray(value) ? value : [value]) fields.append(name, item);
      fields.append("newImages", new File([new Uint8Array(image)], "capa.png", { type: "image/png" }));
      return fields;
    };
    const path = `/admin/produtos/editar/${product!.id}`;

    const refused = await call(productAction, post(vendedor, path, form()), { id: String(product!.id) });
    expect(refused.status).toBe(403);
    expect(refused.body).toBe("Seu perfil (Vendedor) não permite isso. Se precisar, fale com o Dono da loja.");
    const [after] = await t.db.select().from(products).where(eq(products.id, product!.id));
    expect(after).toEqual(product);
    expect(await t.db.select().from(productVariants).where(eq(productVariants.productId, product!.id)).orderBy(asc(productVariants.id))).toEqual(variantsBefore);

    // The same form is a valid one: the refusal above was the role's.
    const saved = await call(productAction, post(gerente, path, form()), { id: String(product!.id) });
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    const [changed] = await t.db.select({ priceCents: products.priceCents }).from(products).where(eq(products.id, product!.id));
    expect(changed!.priceCents).toBe(1_00);
  });
});

describe("a Gerente and the money settings", () => {
  async function page(user: SignedInUser) {
    return (await call(settingsLoader, requestAs(user, "/admin/configuracoes"))).data as unknown as SettingsPage & { canEditMoney: boolean };
  }

  it("sees them but cannot change them: a changed PIX key or payment method is refused whole (403), nothing saved", async () => {
    const shown = await page(gerente);
    expect(shown.canEditMoney).toBe(false);
    expect((await page(dono)).canEditMoney).toBe(true);
    const before = await getSettings(t.db);
    const changes: Record<string, string | null>[] = [
      { pixKey: "loja@exemplo.com" },
      { maxInstallments: String(before.maxInstallments === 1 ? 2 : 1) },
      { "paymentMethods.cash": before.paymentMethods.cash ? null : "on" },
    ];
    for (const change of changes) {
      const refused = await call(settingsAction, post(gerente, "/admin/configuracoes", settingsForm(shown, { ...change, storeName: "Nome Mudado Junto" })));
      expect(refused.status, JSON.stringify(change)).toBe(403);
      expect(refused.body).toContain("Seu perfil (Gerente) não permite isso");
      expect(await getSettings(t.db)).toEqual(before);
    }
  });

  it("saves the rest of the settings with the money ones as stored", async () => {
    const shown = await page(gerente);
    const saved = await call(settingsAction, post(gerente, "/admin/configuracoes", settingsForm(shown, { businessHours: "Seg a Sáb, 8h às 18h (teste)" })));
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    expect((await getSettings(t.db)).businessHours).toBe("Seg a Sáb, 8h às 18h (teste)");
  });

  it("the Dono changes the PIX key", async () => {
    const saved = await call(settingsAction, post(dono, "/admin/configuracoes", settingsForm(await page(dono), { pixKey: "pix-do-dono@exemplo.com" })));
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    expect((await getSettings(t.db)).pixKey).toBe("pix-do-dono@exemplo.com");
  });
});

describe("a Vendedor's orders", () => {
  let mine: { id: string; code: string };
  let other: { id: string; code: string };
  let delivery: { id: string; code: string };

  beforeAll(async () => {
    const item = { name: "Produto", unitPriceCents: 10_00, quantity: 1 };
    mine = await insertOrder(t.db, { createdAt: new Date(), deliveryMethod: "pickup", items: [item] });
    other = await insertOrder(t.db, { createdAt: new Date(), deliveryMethod: "pickup", items: [item] });
    delivery = await insertOrder(t.db, { createdAt: new Date(), items: [item] });
    await t.db.update(orders).set({ pickupLocationId: stores[0]!.id }).where(eq(orders.id, mine.id));
    await t.db.update(orders).set({ pickupLocationId: stores[1]!.id }).where(eq(orders.id, other.id));
  });

  const codesIn = async (user: SignedInUser) => {
    const list = (await call(ordersLoader, requestAs(user, "/admin/pedidos"))).data as { orders: { code: string }[]; total: number };
    return list.orders.map((order) => order.code);
  };

  it("lists only the orders picked up at their store; a Gerente sees every store's", async () => {
    const vendedorCodes = await codesIn(vendedor);
    expect(vendedorCodes).toContain(mine.code);
    expect(vendedorCodes).not.toContain(other.code);
    expect(vendedorCodes).not.toContain(delivery.code);
    const [atStore] = await t.db.select({ n: count() }).from(orders).where(eq(orders.pickupLocationId, stores[0]!.id));
    expect(vendedorCodes).toHaveLength(Math.min(atStore!.n, 20));
    expect(await codesIn(gerente)).toEqual(expect.arrayContaining([mine.code, other.code, delivery.code]));
  });

  it("opens their store's order; another store's is not found, and its status cannot be changed", async () => {
    expect((await call(orderLoader, requestAs(vendedor, `/admin/pedidos/${mine.id}`), { id: mine.id })).status).toBe(200);
    expect((await call(orderLoader, requestAs(vendedor, `/admin/pedidos/${other.id}`), { id: other.id })).status).toBe(404);
    const refused = await call(orderAction, post(vendedor, `/admin/pedidos/${other.id}`, { status: "processing" }), { id: other.id });
    expect(refused.status).toBe(404);
    const [untouched] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, other.id));
    expect(untouched!.status).toBe("pending");

    const changed = await call(orderAction, post(vendedor, `/admin/pedidos/${mine.id}`, { status: "processing" }), { id: mine.id });
    expect(changed.status, JSON.stringify(changed.data)).toBe(200);
    const [moved] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, mine.id));
    expect(moved!.status).toBe("processing");
  });
});

describe("npm run admin with roles", () => {
  function output() {
    const lines: string[] = [];
    const errors: string[] = [];
    return { lines, errors, out: { log: (line: string) => lines.push(line), error: (line: string) => errors.push(line) } };
  }
  const accessOf = async (email: string) => {
    const [row] = await t.db.select({ role: users.role, staffRole: users.staffRole, storeId: users.staffStoreId }).from(users).where(eq(users.email, email));
    return row;
  };

  it("creates a Vendedor of the store named by --loja (accents and case aside), who signs in to their store's panel", async () => {
    const { lines, out } = output();
    expect(await runAdminCommand(["create", "vendedora@exemplo.com", "--role", "vendedor", "--loja", "Erick Calçados Sirinhaém", "--password", "senha-forte-da-vendedora"], context, out)).toBe(0);
    const sirinhaem = stores.find((store) => store.name === "Erick Calçados Sirinhaém")!;
    expect(await accessOf("vendedora@exemplo.com")).toEqual({ role: "admin", staffRole: "vendedor", storeId: sirinhaem.id });
    expect(lines[0]).toContain("Vendedor");

    expect(await runAdminCommand(["create", "outra@exemplo.com", "--role", "VENDEDOR", "--loja", "erick calcados  sirinhaem"], context, output().out)).toBe(0);
    expect((await accessOf("outra@exemplo.com"))?.storeId).toBe(sirinhaem.id);
  });

  it("refuses an unknown role, an unknown store and a Vendedor without a store, in pt-BR, creating nothing", async () => {
    const cases: [string[], RegExp][] = [
      [["create", "x1@exemplo.com", "--role", "caixa"], /Perfil desconhecido: "caixa"\. Use dono, gerente, vendedor\./],
      [["create", "x2@exemplo.com", "--role", "vendedor", "--loja", "Loja Que Não Existe"], /Loja não encontrada: "Loja Que Não Existe"\. Lojas cadastradas: .*"Erick Calçados Sirinhaém"/],
      [["create", "x3@exemplo.com", "--role", "vendedor"], /Um vendedor precisa de uma loja: --loja/],
      [["create", "x4@exemplo.com", "--role", "gerente", "--loja", "Erick Calçados Sirinhaém"], /--loja é só para vendedor/],
    ];
    for (const [argv, message] of cases) {
      const { errors, out } = output();
      expect(await runAdminCommand(argv, context, out), argv.join(" ")).toBe(1);
      expect(errors.join("\n")).toMatch(message);
      expect(await accessOf(argv[1]!)).toBeUndefined();
    }
  });

  it("creates a Dono without --role, and promote gives a role to an existing account", async () => {
    expect(await runAdminCommand(["create", "dona@exemplo.com"], context, output().out)).toBe(0);
    expect(await accessOf("dona@exemplo.com")).toEqual({ role: "admin", staffRole: "dono", storeId: null });
    const shopper = await signedInUser(context, "customer");
    expect(await runAdminCommand(["promote", shopper.email, "--role", "gerente"], context, output().out)).toBe(0);
    expect(await accessOf(shopper.email)).toEqual({ role: "admin", staffRole: "gerente", storeId: null });
    expect((await getCurrentUser(requestAs(shopper, "/admin"), context))?.staffRole).toBe("gerente");
  });
});

describe("the staff screen", () => {
  it("lists the staff for the Dono; a change of role and store is audited and takes effect on the next request", async () => {
    const page = (await call(staffLoader, requestAs(dono, "/admin/equipe"))).data as { members: { email: string }[] };
    expect(page.members.map((member) => member.email)).toEqual(expect.arrayContaining([dono.email, gerente.email, vendedor.email]));

    const clerk = await signedInUser(context, "admin", { staffRole: "gerente" });
    const changed = await call(staffAction, post(dono, "/admin/equipe", { intent: "change", userId: clerk.id, staffRole: "vendedor", storeId: String(stores[2]!.id) }));
    expect([changed.status, changed.location]).toEqual([302, "/admin/equipe?feito=alterado"]);
    const user = await getCurrentUser(requestAs(clerk, "/admin"), context);
    expect([user?.staffRole, user?.staffStoreId]).toEqual(["vendedor", stores[2]!.id]);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, clerk.id), eq(auditLog.action, "user.staff_role")));
    expect(entry).toMatchObject({ actorUserId: dono.id, before: { staffRole: "gerente", staffStore: null }, after: { staffRole: "vendedor", staffStore: stores[2]!.name } });
  });

  it("refuses a Vendedor without a store, in pt-BR, changing nothing", async () => {
    const refused = await call(staffAction, post(dono, "/admin/equipe", { intent: "change", userId: gerente.id, staffRole: "vendedor", storeId: "" }));
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ ok: false, errors: { storeId: "Escolha a loja do vendedor" } });
    expect((await getCurrentUser(requestAs(gerente, "/admin"), context))?.staffRole).toBe("gerente");
  });

  it("adds a new person with a password shown once, who can sign in as a Vendedor", async () => {
    const added = await call(staffAction, post(dono, "/admin/equipe", { intent: "add", email: "Nova.Vendedora@Exemplo.com", name: "Nova", staffRole: "vendedor", storeId: String(stores[1]!.id) }));
    expect(added.status).toBe(200);
    const { password } = (added.data as { data: { password: string } }).data;
    expect(password.length).toBeGreaterThanOrEqual(16);
    const [row] = await t.db.select({ staffRole: users.staffRole, storeId: users.staffStoreId }).from(users).where(eq(users.email, "nova.vendedora@exemplo.com"));
    expect(row).toEqual({ staffRole: "vendedor", storeId: stores[1]!.id });
    const again = await call(staffAction, post(dono, "/admin/equipe", { intent: "add", email: "nova.vendedora@exemplo.com", staffRole: "gerente" }));
    expect(again.status).toBe(409);
  });

  it("takes access away (the account stays, as a customer), never one's own", async () => {
    const leaving = await signedInUser(context, "admin", { staffRole: "gerente" });
    const removed = await call(staffAction, post(dono, "/admin/equipe", { intent: "remove", userId: leaving.id }));
    expect([removed.status, removed.location]).toEqual([302, "/admin/equipe?feito=removido"]);
    expect((await getCurrentUser(requestAs(leaving, "/admin"), context))?.role).toBe("customer");
    const self = await call(staffAction, post(dono, "/admin/equipe", { intent: "remove", userId: dono.id }));
    expect(self.status).toBe(403);
    expect((await getCurrentUser(requestAs(dono, "/admin"), context))?.staffRole).toBe("dono");
  });

  it("never leaves the shop without a Dono: the last one can be neither removed nor made Gerente", async () => {
    const donos = await t.db.select({ id: users.id }).from(users).where(eq(users.staffRole, "dono"));
    for (const other of donos.filter((row) => row.id !== dono.id)) expect((await removeStaffAccess(t.db, TEST_ACTOR, other.id)).ok).toBe(true);
    const demoted = await call(staffAction, post(dono, "/admin/equipe", { intent: "change", userId: dono.id, staffRole: "gerente", storeId: "" }));
    expect(demoted.status).toBe(409);
    expect(demoted.data).toEqual({ ok: false, errors: { form: "A loja precisa de pelo menos um Dono: dê o perfil de Dono a outra pessoa antes." } });
    expect((await removeStaffAccess(t.db, TEST_ACTOR, dono.id)).ok).toBe(false);
    expect((await getCurrentUser(requestAs(dono, "/admin"), context))?.staffRole).toBe("dono");
  });

  it("with two Donos removing each other at the same moment, exactly one removal goes through", async () => {
    const donos = [await signedInUser(context, "admin"), await signedInUser(context, "admin")];
    // Only these two are Donos now.
    const others = await t.db.select({ id: users.id }).from(users).where(eq(users.staffRole, "dono"));
    for (const other of others.filter((row) => !donos.some((one) => one.id === row.id))) expect((await removeStaffAccess(t.db, TEST_ACTOR, other.id)).ok).toBe(true);
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all([
        call(staffAction, post(donos[0]!, "/admin/equipe", { intent: "remove", userId: donos[1]!.id })),
        call(staffAction, post(donos[1]!, "/admin/equipe", { intent: "remove", userId: donos[0]!.id })),
      ]);
      const remaining = await t.db.select({ id: users.id }).from(users).where(and(eq(users.staffRole, "dono"), inArray(users.id, donos.map((one) => one.id))));
      expect(remaining).toHaveLength(1);
      // The refused one was refused by its role (no longer staff) or by the last-Dono rule; never both through.
      expect(answers.filter((answer) => answer.status === 302)).toHaveLength(1);
      // Back to two Donos for the next round.
      const gone = donos.find((one) => !remaining.some((row) => row.id === one.id))!;
      await t.db.update(users).set({ role: "admin", staffRole: "dono" }).where(eq(users.id, gone.id));
    }
  });
});
