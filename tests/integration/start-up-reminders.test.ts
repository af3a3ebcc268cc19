// What the start says the owner must still do (no admin yet, the example WhatsApp number), and the
// command that creates the admin, which must not tell the owner to run itself.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "~/server/config.server";
import { log } from "~/server/log/logger.server";
import { prepareDatabase } from "~/server/services.server";
import { connectDatabase } from "~/server/db/database.server";
import { setOwnerPublicOrigin } from "~/server/group/public-origin.server";
import { TEST_ACTOR } from "../setup/admin-session";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function warningsOfPrepare(options: Parameters<typeof prepareDatabase>[1], env: Record<string, string> = {}, { production = false } = {}): Promise<string[]> {
  const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
  try {
    const config = { ...loadConfig({ DATABASE_URL: t.url, DATA_DIR: "/tmp/erick-start-up-reminders-test", PORT: "3999", ...env }), production };
    const database = await prepareDatabase(config, options);
    await database.close();
    return warn.mock.calls.map((call) => String(call.at(-1)));
  } finally {
    warn.mockRestore();
  }
}

describe("start-up reminders", () => {
  it("the shop's start says there is no admin yet and the WhatsApp is the example", async () => {
    const warnings = await warningsOfPrepare({});
    expect(warnings.some((line) => line.includes("Ainda não há conta de administrador"))).toBe(true);
    expect(warnings.some((line) => line.includes("ainda é o número de exemplo"))).toBe(true);
    // The owner reads Portuguese: no reminder is in English (what the first two were).
    for (const line of warnings) expect(line).not.toMatch(/\b(the|yet|still|orders|create one|sign in)\b/i);
  });

  it("lists the demo products while any is left, in pt-BR, and stops once they are gone", async () => {
    const demo = (line: string) => line.includes("produtos de demonstração");
    const reminder = (await warningsOfPrepare({})).find(demo);
    expect(reminder).toMatch(/^A loja ainda tem 20 produtos de demonstração \(inventados, com estoque inventado\) à venda\. Remova-os no painel/);
    await t.pool.query("update products set demo = false");
    try {
      expect((await warningsOfPrepare({})).some(demo)).toBe(false);
    } finally {
      await t.pool.query("update products set demo = true where id in (select id from products order by id limit 20)");
    }
  });

  it("warns when TRUST_PROXY=true (any client could choose its address), not with a hop count or loopback", async () => {
    const trustsAnyone = (line: string) => line.startsWith("TRUST_PROXY=true faz a loja acreditar no X-Forwarded-For de qualquer um");
    expect((await warningsOfPrepare({}, { TRUST_PROXY: "true" })).some(trustsAnyone)).toBe(true);
    expect((await warningsOfPrepare({}, { TRUST_PROXY: "1" })).some(trustsAnyone)).toBe(false);
    expect((await warningsOfPrepare({}, { TRUST_PROXY: "loopback" })).some(trustsAnyone)).toBe(false);
  });

  it("`npm run admin -- create` (sayWhatIsMissing: false) prints none of them", async () => {
    expect(await warningsOfPrepare({ joinRunningDatabase: true, sayWhatIsMissing: false })).toEqual([]);
  });

  it("in production without PUBLIC_URL: a warning until the owner confirms the address, none after (issue 51)", async () => {
    const publicUrl = (line: string) => line.includes("PUBLIC_URL");
    expect((await warningsOfPrepare({}, {}, { production: true })).filter(publicUrl)).toHaveLength(1);
    const config = loadConfig({ DATABASE_URL: t.url, DATA_DIR: "/tmp/erick-start-up-reminders-test", PORT: "3999" });
    await setOwnerPublicOrigin(t.db, config, TEST_ACTOR, "https://loja.exemplo.com.br");
    expect((await warningsOfPrepare({}, {}, { production: true })).filter(publicUrl)).toEqual([]);
  });
});

describe("the database's stop (Ctrl-C)", () => {
  it("a connection PostgreSQL ends by an administrator's command is not a warning; it still reads at debug level", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const debug = vi.spyOn(log, "debug").mockImplementation(() => {});
    const { pool } = connectDatabase(`${t.url}${t.url.includes("?") ? "&" : "?"}application_name=erick-stop-test`);
    try {
      await Promise.all([pool.query("select pg_sleep(0.05)"), pool.query("select pg_sleep(0.05)")]);
      const ended = await t.pool.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'erick-stop-test'");
      expect(ended.rowCount).toBe(2);
      await vi.waitFor(() => expect(debug.mock.calls.filter((call) => String(call.at(-1)).includes("administrator command"))).toHaveLength(2));
      expect(warn.mock.calls.map((call) => String(call.at(-1))).filter((line) => line.includes("database connection"))).toEqual([]);
    } finally {
      warn.mockRestore();
      debug.mockRestore();
      await pool.end();
    }
  });
});
