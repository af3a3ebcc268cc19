// What /conta lists for a signed-in shopper: favourites (kept on the account through /api/favoritos,
// merged with the browser's on sign-in) and the orders placed while signed in.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, orders, products, reviews, users } from "#database/schema";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { loader as accountLoader } from "~/routes/account/account";
import { action as favoritesAction, loader as favoritesLoader } from "~/routes/api/favorites";
import type { LoadContext } from "~/server/load-context.server";
import { placeOrder } from "~/server/orders/order-placing.server";
import { browserRequest, createAuthContext, run, signUp, type Shopper } from "../setup/signed-in";
import { orderableLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let cleanUp: () => Promise<void>;
let productIds: number[];

beforeAll(async () => {
  t = await createTestDatabase();
  ({ context, cleanUp } = await createAuthContext(t));
  const rows = await t.db.select({ id: products.id }).from(products).where(eq(products.active, true)).orderBy(products.id);
  productIds = rows.map((row) => row.id);
});
afterAll(async () => {
  await cleanUp?.();
  await t?.close();
});

type AccountData = {
  orders: { code: string; token: string; status: string; totalCents: number; createdAt: string }[];
  favorites: { id: number; name: string }[];
};

async function account(as: Shopper) {
  return (await run<AccountData>(accountLoader, browserRequest("/conta", { as }), context)).data;
}

function toggle(as: Shopper | null, productId: number | string, on: boolean | string) {
  return run<{ ids?: number[]; error?: string }>(
    favoritesAction,
    browserRequest("/api/favoritos", { as, form: { productId: String(productId), on: String(on) } }),
    context,
  );
}

function merge(as: Shopper | null, ids: (number | string)[]) {
  return run<{ ids: number[] }>(
    favoritesAction,
    browserRequest("/api/favoritos", { as, form: { intent: "merge", productId: ids.map(String) } }),
    context,
  );
}

async function serverList(as: Shopper) {
  return (await run<{ ids: number[] }>(favoritesLoader, browserRequest("/api/favoritos", { as }), context)).data.ids;
}

describe("favourites", () => {
  it("toggle on and off on the account; /conta lists them newest first", async () => {
    const shopper = await signUp(context);
    const [a, b] = productIds as [number, number];
    expect((await toggle(shopper, a, true)).status).toBe(200);
    expect((await toggle(shopper, b, true)).status).toBe(200);
    // Twice is the same as once.
    expect((await toggle(shopper, b, true)).status).toBe(200);
    expect(await serverList(shopper)).toEqual([a, b]);
    expect((await account(shopper)).favorites.map((product) => product.id)).toEqual([b, a]);

    expect((await toggle(shopper, a, false)).status).toBe(200);
    expect((await toggle(shopper, a, false)).status).toBe(200);
    expect(await serverList(shopper)).toEqual([b]);
  });

  it("answers signed-out calls with a 401, not a redirect, and refuses bad input", async () => {
    const anonymous = await toggle(null, productIds[0]!, true);
    expect(anonymous.status).toBe(401);
    expect(anonymous.location).toBeNull();
    expect((await run(favoritesLoader, browserRequest("/api/favoritos"), context)).status).toBe(401);
    expect((await merge(null, [productIds[0]!])).status).toBe(401);

    const shopper = await signUp(context);
    expect((await toggle(shopper, "abc", true)).status).toBe(400);
    expect((await toggle(shopper, productIds[0]!, "talvez")).status).toBe(400);
    expect((await toggle(shopper, 2_000_000, true)).status).toBe(404);
    expect((await merge(shopper, ["1", "x"])).status).toBe(400);
    expect((await merge(shopper, Array.from({ length: 201 }, (_, index) => index + 1))).status).toBe(400);
    expect(await serverList(shopper)).toEqual([]);
  });

  it("merges the browser's list into the account on sign-in, skipping unknown ids and duplicates", async () => {
    const shopper = await signUp(context);
    const [a, b, c] = productIds as [number, number, number];
    await toggle(shopper, c, true);
    const merged = await merge(shopper, [a, b, 2_000_000, a, c]);
    expect(merged.status).toBe(200);
    // The account's own first, then the browser's in the browser's order.
    expect(merged.data.ids).toEqual([c, a, b]);
    expect(await serverList(shopper)).toEqual([c, a, b]);
    // An empty merge just answers with the account's list (a browser mirroring it asks this way).
    expect((await merge(shopper, [])).data.ids).toEqual([c, a, b]);
    // Another account is not affected.
    expect(await serverList(await signUp(context))).toEqual([]);
  });

  it("go away with their product or their account", async () => {
    const shopper = await signUp(context);
    const [productId] = await t.db
      .insert(products)
      .values({ name: "Produto temporário", description: "x", category: "Esportivo", shopId: sql`(select min(id) from shops)` })
      .returning({ id: products.id });
    await toggle(shopper, productId!.id, true);
    await toggle(shopper, productIds[0]!, true);
    // An inactive product stays on the account but is not shown on /conta.
    await t.db.update(products).set({ active: false }).where(eq(products.id, productId!.id));
    expect((await account(shopper)).favorites.map((product) => product.id)).toEqual([productIds[0]]);

    await t.db.delete(products).where(eq(products.id, productId!.id));
    expect(await serverList(shopper)).toEqual([productIds[0]]);

    await t.db.insert(reviews).values({ productId: productIds[0]!, userId: shopper.id, rating: 5 });
    await t.db.delete(users).where(eq(users.id, shopper.id));
    expect(await t.db.select().from(favorites).where(eq(favorites.userId, shopper.id))).toEqual([]);
    expect(await t.db.select().from(reviews).where(eq(reviews.userId, shopper.id))).toEqual([]);
  });
});

describe("my orders", () => {
  it("lists only the signed-in shopper's orders, newest first, with the order page's token", async () => {
    const maria = await signUp(context);
    const joao = await signUp(context, { name: "João Souza" });
    // Each order holds its unit from the moment it is placed: a line whose size has units for all four.
    const { line } = await orderableLine(t.pool);
    const [product] = await t.db.select({ priceCents: products.priceCents }).from(products).where(eq(products.id, line.productId));
    let n = 0;
    const place = async (userId: string | null) => {
      n += 1;
      const { token } = await placeOrder(t.db, DEFAULT_SETTINGS, { idempotencyKey: `my-orders-${n}-${Date.now()}-abcdef`, lines: [line], customer: null, userId });
      return token;
    };
    const first = await place(maria.id);
    await place(joao.id);
    await place(null);
    const second = await place(maria.id);
    // Distinct times, whatever the clock's resolution.
    await t.db.execute(sql`update ${orders} set created_at = now() - interval '1 day' where public_token = ${first}`);

    const data = await account(maria);
    expect(data.orders.map((order) => order.token)).toEqual([second, first]);
    expect(data.orders[0]).toMatchObject({ status: "pending", totalCents: product!.priceCents });
    expect(data.orders[0]!.code).toMatch(/^[0-9A-F]{8}$/);
    expect((await account(joao)).orders).toHaveLength(1);
    expect((await account(await signUp(context))).orders).toEqual([]);
  });
});
