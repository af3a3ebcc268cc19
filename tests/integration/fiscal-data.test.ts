// Issue 52, the fiscal data a note needs, through the real HTTP app and PostgreSQL: each store's CNPJ,
// IE, regime, series and CSC are the Dono's alone (a Gerente's or Vendedor's page, HTML and .data,
// never carries them, and their posts change nothing), validated in pt-BR and audited without the CSC
// token in clear; a product's NCM, CFOPs, origem, CSOSN/CST, CEST and each variant's EAN in the
// product form, validated, an EAN unique across the catalogue; a category's NCM default for a product
// without one (fiscalDataOf, what the notes are built from); the dashboard naming a product a note
// could not be issued for; the counter's barcode reader finding a variant by its EAN.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, storeLocations } from "#database/schema";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let dono: SignedInUser;
let gerente: SignedInUser;
let vendedor: SignedInUser;
let storeId: number;

const CNPJ = "11222333000181";
const CSC_TOKEN = "A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  http = await startHttpApp(app.context);
  const [store] = await t.db.select({ id: storeLocations.id }).from(storeLocations).orderBy(storeLocations.position, storeLocations.id).limit(1);
  storeId = store!.id;
  dono = await signedInUser(app.context, "admin");
  gerente = await signedInUser(app.context, "admin", { staffRole: "gerente" });
  vendedor = await signedInUser(app.context, "admin", { staffRole: "vendedor", storeId });
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

async function get(path: string, user: SignedInUser) {
  const response = await fetch(`${http.origin}${path}`, { headers: { cookie: user.cookie }, redirect: "manual" });
  return { status: response.status, body: (await response.text()).replaceAll("<!-- -->", "") };
}

async function post(path: string, user: SignedInUser, fields: Record<string, string>) {
  const response = await fetch(`${http.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: user.cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: (await response.text()).replace(/\\+"/g, '"') };
}

async function storeRow() {
  const [row] = await t.db.select().from(storeLocations).where(eq(storeLocations.id, storeId));
  return row!;
}

const fiscalForm = (fields: Record<string, string> = {}) => ({
  intent: "store-fiscal",
  storeId: String(storeId),
  cnpj: "11.222.333/0001-81",
  stateRegistration: "0321418-40",
  taxRegime: "simples",
  nfceSeries: "1",
  nfeSeries: "2",
  cscId: "000001",
  cscToken: CSC_TOKEN,
  ...fields,
});

describe("a store's fiscal identity", () => {
  it("the Dono saves it: CNPJ shown formatted, the CSC token never shown back nor written into the audit log", async () => {
    const saved = await post("/admin/configuracoes", dono, fiscalForm());
    expect(saved.status).toBe(200);
    expect(saved.body).toContain("Dados fiscais salvos.");
    expect(await storeRow()).toMatchObject({ cnpj: CNPJ, stateRegistration: "032141840", taxRegime: "simples", nfceSeries: 1, nfeSeries: 2, cscId: "000001", cscToken: CSC_TOKEN });

    const page = await get("/admin/configuracoes", dono);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Dados fiscais das lojas");
    expect(page.body).toContain("11.222.333/0001-81");
    expect(page.body).toContain("••••O5P6");
    expect(page.body).not.toContain(CSC_TOKEN);
    const data = await get("/admin/configuracoes.data", dono);
    expect(data.body).toContain("11.222.333/0001-81");
    expect(data.body).not.toContain(CSC_TOKEN);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, "store_location.fiscal"));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0])).not.toContain(CSC_TOKEN);
    expect(entries[0]!.after).toMatchObject({ cnpj: CNPJ, cscToken: "trocado" });
    const log = await get("/admin/auditoria", dono);
    expect(log.body).toContain("Alterou os dados fiscais da loja");
    expect(log.body).toContain("Inscrição Estadual");
    expect(log.body).toContain("Token do CSC");

    // An empty token field keeps the stored token.
    expect((await post("/admin/configuracoes", dono, fiscalForm({ cscToken: "", nfceSeries: "3" }))).status).toBe(200);
    expect(await storeRow()).toMatchObject({ nfceSeries: 3, cscToken: CSC_TOKEN });
  });

  it("bad values are refused in pt-BR and nothing is saved", async () => {
    const before = await storeRow();
    const refused = await post("/admin/configuracoes", dono, fiscalForm({ cnpj: "11.222.333/0001-82", nfceSeries: "abc", cscToken: "curto", nfeSeries: "9" }));
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("CNPJ inválido: confira os 14 números (ex.: 12.345.678/0001-95)");
    expect(refused.body).toContain("Série: um número de 0 a 999");
    expect(refused.body).toContain("Token do CSC: letras e números, de 16 a 36");
    expect(await storeRow()).toEqual(before);
  });

  it("a Gerente and a Vendedor never see them and cannot post them", async () => {
    const before = await storeRow();
    for (const user of [gerente, vendedor]) {
      for (const path of ["/admin/configuracoes", "/admin/configuracoes.data"]) {
        const page = await get(path, user);
        // The Gerente opens the settings (without the fiscal data); the Vendedor opens no settings at all.
        expect(page.status).toBe(user === gerente ? 200 : 403);
        expect(page.body).not.toContain("11.222.333/0001-81");
        expect(page.body).not.toContain(CNPJ);
        expect(page.body).not.toContain("000001");
        expect(page.body).not.toContain("O5P6");
        expect(page.body).not.toContain("Dados fiscais das lojas");
      }
      const refused = await post("/admin/configuracoes", user, fiscalForm({ cnpj: "12.345.678/0001-95", cscToken: "ZZZZZZZZZZZZZZZZZZZZ" }));
      expect(refused.status).toBe(403);
      expect(await storeRow()).toEqual(before);
    }
    expect((await post("/admin/configuracoes", gerente, fiscalForm({ cnpj: "12.345.678/0001-95" }))).body).toContain(
      "Só o Dono pode ver e mudar os dados fiscais das lojas. Nada foi salvo.",
    );
  });
});
