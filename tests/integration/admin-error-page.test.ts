// An admin page that fails keeps the panel's frame (app/routes/admin/layout.tsx's ErrorBoundary): the
// real app on a real PostgreSQL, one of whose tables goes missing under an admin page's loader.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let staff: SignedInUser;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  http = await startHttpApp(app.context);
  staff = await signedInUser(app.context, "admin");
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

describe("an admin page that fails", () => {
  it("answers 500 inside the panel's frame, with its menu and the clerk's card, in pt-BR and without the error's text", async () => {
    await t.pool.query("alter table coupons rename to coupons_gone");
    try {
      const response = await fetch(`${http.origin}/admin/cupons`, { headers: { cookie: staff.cookie } });
      const body = await response.text();
      expect(response.status).toBe(500);
      expect(body).toContain("Painel Erick");
      expect(body).toContain("Voltar ao início do painel");
      expect(body).toContain("Estamos com uma instabilidade");
      expect(body).toContain(staff.email);
      for (const trace of ["does not exist", "Failed query", "DrizzleQueryError", "coupons_gone", "coupon-admin.server"]) expect(body).not.toContain(trace);
    } finally {
      await t.pool.query("alter table coupons_gone rename to coupons");
    }
  });

  it("still works once the table is back", async () => {
    const response = await fetch(`${http.origin}/admin/cupons`, { headers: { cookie: staff.cookie } });
    expect(response.status).toBe(200);
  });
});
