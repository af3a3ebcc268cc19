// Staff roles on the server, beyond who gets in (admin-authorization.test.ts): a refused write changes
// nothing (a Vendedor's price change, a Gerente's PIX key), a Vendedor's orders are their store's only,
// `npm run admin` with --role and --loja, and the staff screen (/admin/equipe) with its last-Dono rule,
// also under concurrent requests. Through the real HTTP app (issues 49 and 51): the shop's public
// address, WhatsApp and e-mail are the Dono's (a Gerente cannot take over the Dono's password through
// them); an order's store is changed by Dono and Gerente only, asked first, never for a sale handed
// over; a Vendedor neither hides reviews nor reads the product picker; the order window shows a role
// only the controls it may use, and a refused action keeps the page with a pt-BR line.
import { and, asc, count, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orderItems, orders, products, productVariants, publicOrigin, reviews, storeLocations, users } from "#database/schema";
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
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { insertOrder } from "../setup/order-fixtures";
import { settingsForm } from "../setup/settings-fixtures";
import type { TestDatabase } from "../setup/test-database";
import { setVariantUnitsAt, variantUnitsByStore } from "../setup/variant-stock";

let t: TestDatabase;
let context: LoadContext;
let dono: SignedInUser;
let gerente: SignedInUser;
let vendedor: SignedInUser;
let close: () => Promise<void>;
let stores: { id: number; name: string; slug: string }[];
let http: HttpApp;

beforeAll(async () => {
  ({ t, context, admin: dono, close } = await openAdminTest());
  stores = await t.db.select({ id: storeLocations.id, name: storeLocations.name, slug: storeLocations.slug }).from(storeLocations).orderBy(asc(storeLocations.id));
  gerente = await signedInUser(context, "admin", { staffRole: "gerente" });
  vendedor = await signedInUser(context, "admin", { staffRole: "vendedor", storeId: stores[0]!.id });
  http = await startHttpApp(context);
}, 120_000);
afterAll(async () => {
  await http?.close();
  await close?.();
});

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

  it("sees them but cannot change them: a changed PIX key or payment method is refused whole (403, on the page), nothing saved", async () => {
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
      expect(refused.data).toMatchObject({ ok: false, errors: { form: expect.stringMatching(/^Só o Dono pode mudar: .+\. Nada foi salvo\.$/) } });
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

// Issues 49 and 51, through the real HTTP app.

type HttpAnswer = { status: number; location: string | null; body: string };

/** A same-origin form POST as a browser sends it (`path` ending in .data: as a fetcher). */
async function send(user: SignedInUser, path: string, fields: Record<string, string>): Promise<HttpAnswer> {
  const response = await fetch(`${http.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: user.cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}

async function pageHtml(user: SignedInUser, path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${http.origin}${path}`, { headers: { cookie: user.cookie }, redirect: "manual" });
  return { status: response.status, body: await response.text() };
}

// The staff screen's tests above take the Dono role from every other account: these run with a Dono of their own.
describe("through the HTTP app (issues 49 and 51)", () => {
  let owner: SignedInUser;
  beforeAll(async () => {
    owner = await signedInUser(context, "admin");
  });

  describe("the shop's public address, WhatsApp and e-mail (issue 49.6: a Gerente took over the Dono)", () => {
    const GERENTE_ORIGIN = "https://loja-do-gerente.example";

    it("a Gerente's confirmation of the public address is refused (403, pt-BR, the page stays): the Dono's reset link never goes to the Gerente's host", async () => {
      expect(context.config.publicUrl).toBeUndefined();
      const originBefore = await t.db.select().from(publicOrigin);
      const auditBefore = await t.db.select({ n: count() }).from(auditLog);

      for (const intent of ["public-origin-review", "public-origin-confirm"]) {
        const fields = { intent, publicOrigin: GERENTE_ORIGIN, confirmed: "on" };
        for (const path of ["/admin/configuracoes", "/admin/configuracoes.data"]) {
          const refused = await send(gerente, path, fields);
          expect([refused.status, refused.location], `${intent} ${path}`).toEqual([403, null]);
          expect(refused.body).toContain("Só o Dono pode mudar o endereço público da loja");
          // As a page without JavaScript: the settings page itself, not an error page.
          if (!path.endsWith(".data")) expect(refused.body).toContain("Endereço público da loja");
        }
      }
      expect(await t.db.select().from(publicOrigin)).toEqual(originBefore);
      expect(await t.db.select({ n: count() }).from(auditLog)).toEqual(auditBefore);

      // The rest of the takeover: the Gerente asks for the Dono's password reset; the link is the shop's.
      await t.pool.query("delete from rate_limits");
      const asked = await fetch(`${http.origin}/recuperar-senha`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: owner.email }),
      });
      expect(asked.status).toBe(302);
      let email: string | undefined;
      for (let waited = 0; waited < 10_000 && !email; waited += 100) {
        const { rows } = await t.pool.query<{ body: string }>("select text_body || coalesce(html_body, '') as body from email_queue where kind = 'password-reset' and recipient = $1", [owner.email]);
        email = rows[0]?.body;
        if (!email) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(email).toContain("/redefinir-senha");
      expect(email).not.toContain("loja-do-gerente.example");
    }, 60_000);

    it("the Gerente sees the address, WhatsApp and e-mail with 'Só o Dono pode mudar', and no form to change the address", async () => {
      const asGerente = await pageHtml(gerente, "/admin/configuracoes");
      expect(asGerente.status).toBe(200);
      expect(asGerente.body).toContain('data-testid="public-origin-dono-only"');
      expect(asGerente.body).not.toContain("Revisar endereço");
      expect(asGerente.body.match(/Só o Dono pode mudar/g)?.length).toBeGreaterThanOrEqual(3);
      expect(asGerente.body).toMatch(/<input[^>]*name="storeEmail"[^>]*readOnly=""|<input[^>]*readOnly=""[^>]*name="storeEmail"/);
      const asDono = await pageHtml(owner, "/admin/configuracoes");
      expect(asDono.body).toContain("Revisar endereço");
      expect(asDono.body).not.toContain('data-testid="public-origin-dono-only"');
    });

    it("a Gerente's save that changes the shop's WhatsApp or e-mail is refused whole (403, pt-BR), nothing saved; the Dono's goes through", async () => {
      const shown = (await call(settingsLoader, requestAs(gerente, "/admin/configuracoes"))).data as unknown as SettingsPage & { canEditContact: boolean };
      expect(shown.canEditContact).toBe(false);
      const before = await getSettings(t.db);
      const changes = [
        [{ storeEmail: "pedidos@loja-do-gerente.example" }, "Só o Dono pode mudar: e-mail da loja. Nada foi salvo."],
        [{ storeWhatsApp: "(81) 99111-2222" }, "Só o Dono pode mudar: WhatsApp da loja. Nada foi salvo."],
      ] as const;
      for (const [change, message] of changes) {
        const form = Object.fromEntries(settingsForm(shown, { ...change, businessHours: "Mudado junto" }).entries()) as Record<string, string>;
        const refused = await send(gerente, "/admin/configuracoes.data", form);
        expect(refused.status, JSON.stringify(change)).toBe(403);
        expect(refused.body).toContain(message);
        expect(await getSettings(t.db)).toEqual(before);
      }
      const form = Object.fromEntries(settingsForm(shown, { storeEmail: "pedidos@exemplo.com" }).entries()) as Record<string, string>;
      expect((await send(owner, "/admin/configuracoes.data", form)).status).toBe(200);
      expect((await getSettings(t.db)).storeEmail).toBe("pedidos@exemplo.com");
    });

    it("the Dono confirms the public address", async () => {
      const confirmed = await send(owner, "/admin/configuracoes", { intent: "public-origin-confirm", publicOrigin: "https://loja.exemplo.com.br", confirmed: "on" });
      expect([confirmed.status, confirmed.location]).toEqual([302, "/admin/configuracoes"]);
      expect((await t.db.select({ origin: publicOrigin.origin }).from(publicOrigin))[0]?.origin).toBe("https://loja.exemplo.com.br");
    });
  });

  describe("an order's store (issues 49.7 and 51.1)", () => {
    /** A variant with units at two stores: the order holds one unit taken from `from`. */
    async function heldOrder(extra: { channel?: "balcao"; status?: "delivered" } = {}) {
      const [variant] = await t.db
        .select({ id: productVariants.id, productId: productVariants.productId, size: productVariants.size, color: productVariants.color, name: products.name })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(eq(products.active, true)))
        .orderBy(asc(productVariants.id))
        .limit(1);
      const [from, to] = [stores[0]!, stores[2]!];
      await setVariantUnitsAt(t.pool, variant!.id, from.id, 1, { elsewhere: 0 });
      await setVariantUnitsAt(t.pool, variant!.id, to.id, 6);
      const order = await insertOrder(t.db, {
        createdAt: new Date(),
        deliveryMethod: "pickup",
        ...extra,
        items: [{ productId: variant!.productId, variantId: variant!.id, size: variant!.size || null, color: variant!.color || null, name: variant!.name, unitPriceCents: 100_00, quantity: 1 }],
      });
      await t.db.update(orders).set({ fulfillingStoreId: from.id, pickupLocationId: from.id, stockApplied: true }).where(eq(orders.id, order.id));
      await t.db.update(orderItems).set({ storeLocationId: from.id }).where(eq(orderItems.orderId, order.id));
      const label = [variant!.name, variant!.size, variant!.color].filter(Boolean).join(" ");
      return { ...order, variantId: variant!.id, from, to, label };
    }
    const storeOf = async (orderId: string) => (await t.db.select({ storeId: orders.fulfillingStoreId }).from(orders).where(eq(orders.id, orderId)))[0]!.storeId;

    it("a Vendedor cannot change their own store's order's store (403, pt-BR, the page stays), and nothing moves", async () => {
      const order = await heldOrder();
      const units = await variantUnitsByStore(t.pool, order.variantId);
      for (const confirmed of [{}, { confirmed: "on" }] as Record<string, string>[]) {
        const refused = await send(vendedor, `/admin/pedidos/${order.id}.data`, { intent: "store", storeId: String(order.to.id), ...confirmed });
        expect(refused.status).toBe(403);
        expect(refused.body).toContain("Seu perfil (Vendedor) não permite isso");
        expect(refused.body).not.toContain("Loja mudada");
      }
      const page = await send(vendedor, `/admin/pedidos/${order.id}`, { intent: "store", storeId: String(order.to.id), confirmed: "on" });
      expect(page.status).toBe(403);
      expect(page.body).toContain(`Pedido #${order.code}`);
      expect(page.body).not.toContain("Erro ao carregar pedido");
      expect(await storeOf(order.id)).toBe(order.from.id);
      expect(await variantUnitsByStore(t.pool, order.variantId)).toEqual(units);
      // The window shows the Vendedor the store, not the control.
      const html = (await pageHtml(vendedor, `/admin/pedidos/${order.id}`)).body;
      expect(html).toContain("Loja que atende: </span>");
      expect(html).not.toContain("Mudar loja");
    });

    it("nobody moves a sale handed over (counter, delivered, picked up): refused in pt-BR, nothing moves, the window shows no control", async () => {
      for (const extra of [{ channel: "balcao" as const, status: "delivered" as const }, { channel: "balcao" as const }, { status: "delivered" as const }]) {
        const order = await heldOrder(extra);
        const units = await variantUnitsByStore(t.pool, order.variantId);
        for (const user of [owner, gerente]) {
          for (const confirmed of [{}, { confirmed: "on" }] as Record<string, string>[]) {
            const refused = await send(user, `/admin/pedidos/${order.id}.data`, { intent: "store", storeId: String(order.to.id), ...confirmed });
            expect(refused.status, JSON.stringify(extra)).toBe(409);
            expect(refused.body).toContain("Esta venda já foi entregue ao cliente");
          }
        }
        expect(await storeOf(order.id)).toBe(order.from.id);
        expect(await variantUnitsByStore(t.pool, order.variantId)).toEqual(units);
        // The Vendedor who made it still finds it.
        expect((await pageHtml(vendedor, `/admin/pedidos/${order.id}`)).status).toBe(200);
        expect((await pageHtml(owner, `/admin/pedidos/${order.id}`)).body).not.toContain("Mudar loja");
      }
    });

    it("an open order's store change asks first, saying what moves where; confirmed, the units move", async () => {
      const order = await heldOrder();
      expect((await pageHtml(gerente, `/admin/pedidos/${order.id}`)).body).toContain("Mudar loja");
      const before = await variantUnitsByStore(t.pool, order.variantId);
      const asked = await send(gerente, `/admin/pedidos/${order.id}.data`, { intent: "store", storeId: String(order.to.id) });
      expect(asked.status).toBe(200);
      expect(asked.body).toContain(`${order.label}: 1 un. de ${order.from.name} para ${order.to.name}`);
      expect(await storeOf(order.id)).toBe(order.from.id);
      expect(await variantUnitsByStore(t.pool, order.variantId)).toEqual(before);

      const moved = await send(gerente, `/admin/pedidos/${order.id}.data`, { intent: "store", storeId: String(order.to.id), confirmed: "on" });
      expect(moved.status).toBe(200);
      expect(moved.body).toContain("Loja mudada");
      expect(await storeOf(order.id)).toBe(order.to.id);
      expect(await variantUnitsByStore(t.pool, order.variantId)).toEqual({ ...before, [order.from.slug]: 2, [order.to.slug]: 5 });
    });
  });

  describe("staff actions check the role's permission, not only 'is staff' (issue 49.8)", () => {
    it("a Vendedor cannot hide a customer's review (403), which stays shown; a Gerente can", async () => {
      const [product] = await t.db.select({ id: products.id }).from(products).where(eq(products.active, true)).orderBy(asc(products.id)).limit(1);
      const shopper = await signedInUser(context, "customer");
      const [review] = await t.db.insert(reviews).values({ productId: product!.id, userId: shopper.id, rating: 5, comment: "Gostei muito." }).returning({ id: reviews.id });
      const hide = (user: SignedInUser) => send(user, `/produto/${product!.id}`, { intent: "hide-review", reviewId: String(review!.id), hidden: "true" });
      const hiddenNow = async () => (await t.db.select({ hidden: reviews.hidden }).from(reviews).where(eq(reviews.id, review!.id)))[0]!.hidden;

      const refused = await hide(vendedor);
      expect(refused.status).toBe(403);
      expect(refused.body).toContain("Seu perfil (Vendedor) não permite isso");
      expect(await hiddenNow()).toBe(false);
      // Nor does the Vendedor get the hidden reviews and their buttons on the product page.
      const personal = await fetch(`${http.origin}/api/eu?produto=${product!.id}`, { headers: { cookie: vendedor.cookie } }).then((response) => response.json() as Promise<{ product: { isAdmin: boolean } | null }>);
      expect(personal.product?.isAdmin ?? false).toBe(false);

      expect((await hide(gerente)).status).toBe(302);
      expect(await hiddenNow()).toBe(true);
    });

    it("a Vendedor cannot read the product picker (inactive products, prices); a Gerente can", async () => {
      const ask = (user: SignedInUser) => fetch(`${http.origin}/admin/produtos/busca?q=a`, { headers: { cookie: user.cookie } });
      const refused = await ask(vendedor);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("Seu perfil (Vendedor) não permite isso");
      const allowed = await ask(gerente);
      expect(allowed.status).toBe(200);
      expect(((await allowed.json()) as { products: unknown[] }).products.length).toBeGreaterThan(0);
    });
  });

  describe("the order window by role (issue 51.7)", () => {
    it("a Vendedor sees no 'Devolver pagamento'; a refund they post anyway is refused with the page kept and a pt-BR line, nothing given back", async () => {
      const order = await insertOrder(t.db, { createdAt: new Date(), deliveryMethod: "pickup", items: [{ name: "Sandália", unitPriceCents: 89_90, quantity: 1 }] });
      await t.db.update(orders).set({ fulfillingStoreId: stores[0]!.id, pickupLocationId: stores[0]!.id }).where(eq(orders.id, order.id));
      expect((await send(owner, `/admin/pedidos/${order.id}.data`, { intent: "mark-paid" })).status).toBe(200);
      expect((await pageHtml(owner, `/admin/pedidos/${order.id}`)).body).toContain("Devolver pagamento");

      const page = await pageHtml(vendedor, `/admin/pedidos/${order.id}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain(`Pedido #${order.code}`);
      expect(page.body).not.toContain("Devolver pagamento");

      const refund = { intent: "refund", amount: "89,90", reason: "Cliente desistiu" };
      const asFetcher = await send(vendedor, `/admin/pedidos/${order.id}.data`, refund);
      expect(asFetcher.status).toBe(403);
      expect(asFetcher.body).toContain("Seu perfil (Vendedor) não permite isso. Se precisar, fale com o Dono da loja.");
      const asPage = await send(vendedor, `/admin/pedidos/${order.id}`, refund);
      expect(asPage.status).toBe(403);
      expect(asPage.body).toContain(`Pedido #${order.code}`);
      expect(asPage.body).not.toContain("Erro ao carregar pedido");
      const { rows } = await t.pool.query<{ refunded_cents: number }>("select refunded_cents from order_payments where order_id = $1", [order.id]);
      expect(rows[0]!.refunded_cents).toBe(0);
    });
  });
});
