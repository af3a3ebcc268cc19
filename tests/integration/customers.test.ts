// /admin/clientes on a real PostgreSQL: the list with its order totals in one query, search,
// pages, a customer's detail, staff apart, and promoting/demoting admins (never oneself). Customers
// without an account: customers-from-orders.test.ts.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { orders, products, users } from "#database/schema";
import { parseCustomerFilters } from "~/lib/account/admin-customers";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { action as customersAction, loader as customersLoader } from "~/routes/admin/customers";
import type { LoadContext } from "~/server/load-context.server";
import { getCustomerDetail, listCustomers, listStaff, setCustomerRole } from "~/server/auth/customers.server";
import { setOrderStatus } from "~/server/orders/admin-order-changes.server";
import { placeOrder } from "~/server/orders/order-placing.server";
import { setVariantStock } from "../setup/variant-stock";
import { createTestContext, requestAs, signedInUser, TEST_ACTOR, type SignedInUser } from "../setup/admin-session";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let context: LoadContext;
beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  context = app.context;
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

type NewUser = { id: string; name: string; email: string; phone?: string | null; address?: string | null; role?: "admin" | "customer"; staffRole?: "dono"; createdAt: Date };

async function addUsers(rows: NewUser[]) {
  await t.db.insert(users).values(rows.map((row) => ({ role: "customer" as const, ...row })));
}

let keys = 0;
async function orderFor(userId: string, quantity: number) {
  // Orders hold their units from the moment they are placed: enough on the shelf for every order here.
  const [relogio] = await t.db.select({ id: products.id }).from(products).where(eq(products.name, "Relógio Digital Unissex"));
  await setVariantStock(t.pool, { productId: relogio!.id, size: null, color: "Preto" }, 1_000);
  keys += 1;
  const { token } = await placeOrder(t.db, DEFAULT_SETTINGS, {
    idempotencyKey: `customers-test-${keys}-${Date.now()}`,
    lines: [{ productId: relogio!.id, size: null, color: "Preto", quantity }],
    customer: null,
    userId,
  });
  const [row] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.publicToken, token));
  return row!.id;
}

const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12));
const list = (query: string) => listCustomers(t.db, parseCustomerFilters(new URLSearchParams(query)));

describe("customer list", () => {
  const orderIds: string[] = [];
  beforeAll(async () => {
    await addUsers([
      { id: "u-ana", name: "Ana Célia", email: "ana@exemplo.com", phone: "(81) 98888-1111", address: "Rua A, 1, Centro, Barreiros", createdAt: day(1) },
      { id: "u-bruno", name: "Bruno Souza", email: "bruno@exemplo.com", phone: null, createdAt: day(2) },
      { id: "u-carla", name: "Carla Dias", email: "carla.dias@exemplo.com", phone: "81 97777-2222", role: "admin", staffRole: "dono", createdAt: day(3) },
    ]);
    // Ana: 2 kept (1 + 3 relógios at R$ 79,90) and 1 cancelled; Bruno: 1; Carla: none.
    orderIds.push(await orderFor("u-ana", 1), await orderFor("u-ana", 3), await orderFor("u-ana", 2), await orderFor("u-bruno", 2));
    await setOrderStatus(t.db, orderIds[2]!, "cancelled", TEST_ACTOR);
    // Made in the same millisecond? Spread them so 'newest first' is well defined.
    for (const [index, id] of orderIds.entries()) {
      await t.db.update(orders).set({ createdAt: day(10 + index) }).where(eq(orders.id, id));
    }
  });

  it("lists customers by their last order with orders and spending (cancelled left out), in one query; staff apart", async () => {
    const spy = vi.spyOn(t.pool, "query");
    const result = await list("");
    const queries = spy.mock.calls.length;
    spy.mockRestore();
    expect(queries).toBe(1);

    expect(result.total).toBe(2);
    expect(result.customers.map((c) => c.id)).toEqual(["u-bruno", "u-ana"]);
    const byId = Object.fromEntries(result.customers.map((c) => [c.id, c]));
    expect(byId["u-ana"]).toMatchObject({ totalOrders: 2, totalSpentCents: 4 * 7_990, role: "customer", phone: "(81) 98888-1111" });
    expect(byId["u-bruno"]).toMatchObject({ totalOrders: 1, totalSpentCents: 2 * 7_990 });
    expect(byId["u-ana"]?.lastOrderAt).toBe(day(12).toISOString());
    // Carla is staff: listed apart, not a customer.
    const staff = await listStaff(t.db, "");
    expect(staff.map((c) => c.id)).toEqual(["u-carla"]);
    expect(staff[0]).toMatchObject({ totalOrders: 0, totalSpentCents: 0, role: "admin" });
  });

  it("searches by name (without accents), e-mail or phone", async () => {
    const ids = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).customers.map((c) => c.id);
    expect(await ids("celia")).toEqual(["u-ana"]);
    expect(await ids("SOUZA")).toEqual(["u-bruno"]);
    expect(await ids("carla.dias@")).toEqual([]);
    expect((await listStaff(t.db, "carla.dias@")).map((c) => c.id)).toEqual(["u-carla"]);
    expect((await listStaff(t.db, "97777 2222")).map((c) => c.id)).toEqual(["u-carla"]);
    expect(await ids("988881111")).toEqual(["u-ana"]);
    expect(await ids("ninguém")).toEqual([]);
    expect(await ids("%")).toEqual([]);
  });

  it("pages 20 at a time", async () => {
    await addUsers(
      Array.from({ length: 20 }, (_, index) => ({ id: `u-bulk-${index}`, name: `Cliente ${index}`, email: `bulk${index}@exemplo.com`, createdAt: day(5) })),
    );
    const first = await list("");
    expect(first).toMatchObject({ total: 22, page: 1, pageCount: 2 });
    expect(first.customers).toHaveLength(20);
    // Whoever ordered comes first; then the accounts that never did.
    expect(first.customers.slice(0, 2).map((c) => c.id)).toEqual(["u-bruno", "u-ana"]);
    const second = await list("pagina=2");
    expect(second.customers).toHaveLength(2);
    const seen = new Set([...first.customers, ...second.customers].map((c) => c.id));
    expect(seen.size).toBe(22);
    await t.db.delete(users).where(sql`${users.id} like 'u-bulk-%'`);
  });

  it("a customer's detail: profile, totals and every order newest first", async () => {
    const detail = await getCustomerDetail(t.db, "u-ana");
    expect(detail?.customer).toMatchObject({ name: "Ana Célia", phone: "(81) 98888-1111", address: "Rua A, 1, Centro, Barreiros", totalOrders: 2, totalSpentCents: 31_960 });
    expect(detail?.orders.map((o) => o.id)).toEqual([orderIds[2], orderIds[1], orderIds[0]]);
    expect(detail?.orders[0]).toMatchObject({ status: "cancelled", totalCents: 15_980 });
    expect(await getCustomerDetail(t.db, "u-nobody")).toBeNull();
  });
});

describe("admin role", () => {
  let admin: SignedInUser;
  let shopper: SignedInUser;
  beforeAll(async () => {
    [admin, shopper] = await Promise.all([signedInUser(context, "admin"), signedInUser(context, "customer")]);
  }, 60_000);

  const roleOf = async (id: string) => (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

  it("promotes and demotes another account, and never the acting admin's own", async () => {
    expect(await setCustomerRole(t.db, admin, shopper.id, "admin")).toEqual({ ok: true, message: expect.stringContaining("agora é Gerente") });
    expect(await roleOf(shopper.id)).toBe("admin");
    expect(await setCustomerRole(t.db, admin, shopper.id, "customer")).toEqual({ ok: true, message: expect.stringContaining("não tem mais acesso ao painel") });
    expect(await roleOf(shopper.id)).toBe("customer");
    expect(await setCustomerRole(t.db, admin, admin.id, "customer")).toEqual({
      ok: false,
      errors: { form: "Você não pode alterar a sua própria permissão de administrador." },
    });
    expect(await roleOf(admin.id)).toBe("admin");
    expect(await setCustomerRole(t.db, admin, "u-nobody", "admin")).toEqual({ ok: false, errors: { form: "Cliente não encontrado" } });
  });

  async function act(who: SignedInUser | null, form: Record<string, string>) {
    try {
      return await customersAction({ request: requestAs(who, "/admin/clientes", { form: new URLSearchParams(form) }), context, params: {} } as never);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  it("the action: the server refuses one's own role even when the form asks, and customers get a 403", async () => {
    const self = await act(admin, { userId: admin.id, role: "customer" });
    expect(self).toMatchObject({ data: { ok: false, errors: { form: "Você não pode alterar a sua própria permissão de administrador." } }, init: { status: 403 } });
    expect(await roleOf(admin.id)).toBe("admin");

    const promoted = await act(admin, { userId: shopper.id, role: "admin" });
    expect(promoted).toMatchObject({ data: { ok: true } });
    expect(await roleOf(shopper.id)).toBe("admin");
    await setCustomerRole(t.db, admin, shopper.id, "customer");

    const bad = await act(admin, { userId: shopper.id, role: "owner" });
    expect(bad).toMatchObject({ data: { ok: false }, init: { status: 400 } });

    const forbidden = await act(shopper, { userId: shopper.id, role: "admin" });
    expect((forbidden as Response).status).toBe(403);
    expect(await roleOf(shopper.id)).toBe("customer");
  });

  it("the page: staff apart with the Admin role, the detail from ?cliente=, and the current admin's id", async () => {
    const page = (await customersLoader({ request: requestAs(admin, `/admin/clientes?cliente=u-ana`), context, params: {} } as never)) as Awaited<
      ReturnType<typeof customersLoader>
    >;
    expect(page.currentUserId).toBe(admin.id);
    expect(page.anyCustomer).toBe(true);
    expect(page.staff.find((c) => c.id === admin.id)?.role).toBe("admin");
    expect(page.customers.some((c) => c.id === admin.id)).toBe(false);
    expect(page.detail?.customer.id).toBe("u-ana");
  });
});
