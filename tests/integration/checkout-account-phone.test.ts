// A phone given at checkout by a signed-in shopper whose account has none is kept on the account
// (the box is offered checked), so the next checkout and /admin/clientes have it; an account's phone
// is never replaced from the checkout.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields, orderableLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let lines: string;
let keys = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  http = await startHttpApp(app.context);
  lines = (await orderableLine(t.pool)).lines;
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

async function checkout(user: SignedInUser, fields: Record<string, string>) {
  const customer = checkoutFormFields();
  const response = await fetch(`${http.origin}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: user.cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...customer, lines, idempotencyKey: `account-phone-key-${(keys += 1)}`, ...fields }),
  });
  await response.text();
  return response.status;
}

async function phoneOf(user: SignedInUser): Promise<string | null> {
  const { rows } = await t.pool.query<{ phone: string | null }>("select phone from users where id = $1", [user.id]);
  return rows[0]!.phone;
}

/**
 * One field of a `.data` answer. turbo-stream writes values once and refers to them by index
 * (`{"_3":4}`: key at 3, value at 4), so a `false` seen earlier in the payload is shared, not repeated.
 */
function turboStreamField(data: string, key: string): unknown {
  const values = JSON.parse(data.split("\n")[0]!) as unknown[];
  const keyIndex = values.indexOf(key);
  const holder = values.find((value): value is Record<string, number> => typeof value === "object" && value !== null && `_${keyIndex}` in value);
  return holder ? values[holder[`_${keyIndex}`]!] : undefined;
}

describe("the checkout's phone and the shopper's account", () => {
  it("is offered (checked) to a signed-in shopper without a phone, and not to one with a phone", async () => {
    // The form is drawn in the browser from the cart; the offer comes with the page's data.
    const offerOf = async (user: SignedInUser) => {
      const data = await (await fetch(`${http.origin}/checkout.data`, { headers: { cookie: user.cookie } })).text();
      return String(turboStreamField(data, "offerToSavePhone"));
    };
    const shopper = await signedInUser(app.context, "customer");
    expect(await offerOf(shopper)).toBe("true");
    await t.pool.query("update users set phone = '(81) 3675-1995' where id = $1", [shopper.id]);
    expect(await offerOf(shopper)).toBe("false");
  });

  it("is kept on the account when the box is checked, and only then", async () => {
    const keeps = await signedInUser(app.context, "customer");
    expect(await checkout(keeps, { phone: "(81) 97777-1234", salvarTelefone: "on" })).toBe(302);
    expect(await phoneOf(keeps)).toBe("(81) 97777-1234");

    const declines = await signedInUser(app.context, "customer");
    expect(await checkout(declines, { phone: "(81) 97777-4321" })).toBe(302);
    expect(await phoneOf(declines)).toBeNull();
  });

  it("never replaces a phone the account already has", async () => {
    const shopper = await signedInUser(app.context, "customer");
    await t.pool.query("update users set phone = '(81) 3675-1995' where id = $1", [shopper.id]);
    expect(await checkout(shopper, { phone: "(81) 97777-9999", salvarTelefone: "on" })).toBe(302);
    expect(await phoneOf(shopper)).toBe("(81) 3675-1995");
  });
});
