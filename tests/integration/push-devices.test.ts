// /admin/avisos on the server: a staff member stores this browser's subscription, sees and removes
// their own devices (never another's), and sends themselves a test push. Every action checks the
// admin role (and tests/integration/admin-authorization.test.ts walks the route for every role).
import { resultMessage, type ActionResult } from "~/lib/forms/action-result";
import type * as NodeDns from "node:dns";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pushQueue, pushSubscriptions } from "#database/schema";
import { action, loader } from "~/routes/admin/push-devices";
import { openAdminTest, requestAs, signedInUser, type AdminTest, type SignedInUser } from "../setup/admin-session";

// Names resolve from this table, never through the network: the shop resolves a push service's name
// before storing it (app/server/notifications/push-endpoint.server.ts).
vi.mock("node:dns", async (importOriginal) => {
  const real = await importOriginal<typeof NodeDns>();
  const table: Record<string, string[]> = {
    "fcm.googleapis.com": ["142.250.78.10", "2607:f8b0:4004:c1b::5f"],
    "push.interno.exemplo.com": ["10.0.0.7"],
    "metadata.google.internal": ["169.254.169.254"],
  };
  const lookup = async (hostname: string) => (table[hostname] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  const promises = { ...real.promises, lookup };
  return { ...real, promises, default: { ...real, promises } };
});

let test: AdminTest;
let otherAdmin: SignedInUser;
beforeAll(async () => {
  test = await openAdminTest();
  otherAdmin = await signedInUser(test.context, "admin");
}, 120_000);
afterAll(() => test?.close());

const ANDROID = "Mozilla/5.0 (Linux; Android 14; SM-A155M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const subscription = (id: string) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${id}`, p256dh: `B${"x".repeat(86)}`, auth: "a".repeat(22) });

async function act(user: SignedInUser, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const result = await action({ request: requestAs(user, "/admin/avisos", { form, headers: { "user-agent": ANDROID } }), context: test.context, params: {} } as never);
  const { data, init } = result as unknown as { data: ActionResult; init: { status?: number } | null };
  return { ok: data.ok, message: resultMessage(data), status: init?.status ?? 200 };
}

async function devicesOf(user: SignedInUser) {
  const data = (await loader({ request: requestAs(user, "/admin/avisos"), context: test.context, params: {} } as never)) as { devices: { id: number; label: string; endpoint: string }[]; publicKey: string };
  return data;
}

describe("/admin/avisos", () => {
  it("stores this browser for the staff member, labelled by its user agent, once however often it subscribes", async () => {
    expect(await act(test.admin, { intent: "subscribe", ...subscription("phone-1") })).toMatchObject({ ok: true, status: 200 });
    expect(await act(test.admin, { intent: "subscribe", ...subscription("phone-1") })).toMatchObject({ ok: true });
    const { devices, publicKey } = await devicesOf(test.admin);
    expect(devices).toEqual([expect.objectContaining({ label: "Android · Chrome", endpoint: subscription("phone-1").endpoint })]);
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it("refuses a subscription that is not a browser's, in pt-BR, and stores nothing", async () => {
    const before = (await test.t.db.select().from(pushSubscriptions)).length;
    const answer = await act(test.admin, { intent: "subscribe", ...subscription("x"), endpoint: "http://127.0.0.1:5432/" });
    expect(answer).toMatchObject({ ok: false, status: 400, message: "Endereço de avisos inválido. Toque de novo em 'Receber avisos'." });
    expect(await act(test.admin, { intent: "subscribe", ...subscription("y"), p256dh: "curta" })).toMatchObject({ ok: false, status: 400 });
    expect(await act(test.admin, { intent: "apagar-tudo" })).toMatchObject({ ok: false, status: 400, message: "Ação desconhecida." });
    expect(await test.t.db.select().from(pushSubscriptions)).toHaveLength(before);
  });

  it("sends a test push only to the staff member's own devices", async () => {
    await act(otherAdmin, { intent: "subscribe", ...subscription("other-phone") });
    const answer = await act(test.admin, { intent: "test" });
    expect(answer).toMatchObject({ ok: true, message: "Aviso de teste enviado para 1 aparelho." });
    const queued = await test.t.db.select({ endpoint: pushSubscriptions.endpoint, payload: pushQueue.payload }).from(pushQueue).innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushQueue.subscriptionId)).where(eq(pushQueue.kind, "test"));
    expect(queued).toEqual([{ endpoint: subscription("phone-1").endpoint, payload: expect.objectContaining({ tag: "aviso-de-teste", url: "/admin/avisos" }) }]);
  });

  it("removes one's own device, never another staff member's", async () => {
    const [others] = (await devicesOf(otherAdmin)).devices;
    expect(await act(test.admin, { intent: "remove", id: String(others!.id) })).toMatchObject({ ok: false, status: 404 });
    expect((await devicesOf(otherAdmin)).devices).toHaveLength(1);
    const [own] = (await devicesOf(test.admin)).devices;
    expect(await act(test.admin, { intent: "remove", id: String(own!.id) })).toMatchObject({ ok: true, message: "Aparelho removido: ele não recebe mais avisos." });
    expect((await devicesOf(test.admin)).devices).toEqual([]);
    expect(await act(test.admin, { intent: "test" })).toMatchObject({ ok: false, status: 400 });
    expect(await act(test.admin, { intent: "remove", id: "99999999999999999999" })).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses an endpoint that is no public push service, before storing it", async () => {
    const before = await test.t.db.select().from(pushSubscriptions);
    for (const endpoint of [
      "https://127.0.0.1:5432/",
      "https://[::1]:9997/",
      "https://0x7f000001:9999/",
      "https://usuario:senha@fcm.googleapis.com/fcm/send/x",
      "https://169.254.169.254/latest/meta-data/",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://push.interno.exemplo.com/push",
      "https://192.168.0.1/",
      "https://[fd00:ec2::254]/",
      "https://localhost:3000/",
      "https://ninguem.exemplo.com/push",
    ]) {
      expect(await act(test.admin, { intent: "subscribe", ...subscription("x"), endpoint }), endpoint).toMatchObject({ ok: false, status: 400, message: expect.stringContaining("não é de um serviço de notificações") as unknown as string });
    }
    expect(await test.t.db.select().from(pushSubscriptions)).toEqual(before);
  });

  it("keeps at most 10 devices per account, with 30 subscriptions at once", async () => {
    const clerk = await signedInUser(test.context, "admin");
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => act(clerk, { intent: "subscribe", ...subscription(`clerk-${i}`) })));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(10);
    expect(answers.filter((answer) => !answer.ok).map((answer) => answer.status)).toEqual(Array(20).fill(409));
    expect(answers.find((answer) => !answer.ok)?.message).toBe("Esta conta já recebe avisos em 10 aparelhos. Remova um aparelho antigo na lista abaixo e toque de novo em 'Receber avisos'.");
    expect((await devicesOf(clerk)).devices).toHaveLength(10);
    // A device already on the list subscribes again (its keys renewed): still taken.
    const [kept] = (await devicesOf(clerk)).devices;
    expect(await act(clerk, { intent: "subscribe", ...subscription(kept!.endpoint.split("/").pop()!) })).toMatchObject({ ok: true });
  });

  it("is refused to a customer", async () => {
    await expect(act(test.customer, { intent: "subscribe", ...subscription("customer") })).rejects.toBeInstanceOf(Response);
    await expect(devicesOf(test.customer)).rejects.toBeInstanceOf(Response);
  });
});
