// Issue 53 through the real HTTP app and PostgreSQL: goods in from the supplier's NF-e XML
// (/admin/entradas). Fixtures are NF-e 4.00 nfeProc files written from the published layout
// (tests/fixtures/nfe/), with valid chaves. A note is received once (also by ten clerks at once); a bad
// file is refused in pt-BR and changes nothing; what the clerk matched is learnt for the supplier's
// next note; a partial receipt records what was missing; a Vendedor cannot receive into another store.
import fs from "node:fs/promises";
import path from "node:path";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

const FIXTURES = path.resolve("tests/fixtures/nfe");
const fixture = (name: string) => fs.readFile(path.join(FIXTURES, name), "utf8");
const RECIPIENT_CNPJ = "12345678000195";
const EANS = ["7899123450013", "7899123450020", "7899123450037"];
const dayMonth = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Recife", day: "2-digit", month: "2-digit" });

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let dono: SignedInUser;
let vendedorOther: SignedInUser;
let storeId: number;
let otherStoreId: number;
/** Three sizes of one product (EANs set), two of another (no EAN: learnt), one of a third (boxes). */
let shoes: number[];
let sandals: number[];
let slipper: number;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  http = await startHttpApp(app.context);
  const stores = (await t.pool.query<{ id: number }>("select id from store_locations order by position, id")).rows;
  storeId = stores[0]!.id;
  otherStoreId = stores[1]!.id;
  await t.pool.query("update store_locations set cnpj = $1 where id = $2", [RECIPIENT_CNPJ, storeId]);
  dono = await signedInUser(app.context, "admin");
  vendedorOther = await signedInUser(app.context, "admin", { staffRole: "vendedor", storeId: otherStoreId });
  const { rows } = await t.pool.query<{ ids: number[] }>(
    "select array_agg(id order by id) as ids from product_variants group by product_id, color having count(*) >= 3 order by min(id) limit 3",
  );
  shoes = rows[0]!.ids.slice(0, 3);
  sandals = rows[1]!.ids.slice(0, 2);
  slipper = rows[2]!.ids[0]!;
  for (const [index, id] of shoes.entries()) await t.pool.query("update product_variants set ean = $1 where id = $2", [EANS[index], id]);
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

/** The page's text as a person reads it (entities and React's markers out). */
function readable(html: string): string {
  return html
    .replaceAll("<!-- -->", "")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\\+"/g, '"');
}

async function upload(files: { name: string; content: string | Uint8Array<ArrayBuffer> }[], cookie = dono.cookie) {
  const form = new FormData();
  form.set("intent", "read");
  for (const file of files) form.append("files", new File([file.content], file.name));
  const response = await fetch(`${http.origin}/admin/entradas`, { method: "POST", redirect: "manual", headers: { cookie, origin: http.origin, "sec-fetch-site": "same-origin" }, body: form });
  return { status: response.status, body: readable(await response.text()) };
}

async function receive(xml: string, fields: Record<string, string> = {}, cookie = dono.cookie) {
  const response = await fetch(`${http.origin}/admin/entradas`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "receive", xml, ...fields }),
  });
  return { status: response.status, location: response.headers.get("location"), body: readable(await response.text()) };
}

async function unitsAt(variantId: number, store = storeId): Promise<number> {
  const { rows } = await t.pool.query<{ units: number }>("select units from variant_stock where variant_id = $1 and store_location_id = $2", [variantId, store]);
  return rows[0]?.units ?? 0;
}

/** Everything receiving may write: notes, learnt matches, costs, every store's units, the audit log. */
async function snapshot() {
  const { rows } = await t.pool.query(`select
    (select count(*) from supplier_notes) as notes, (select count(*) from supplier_note_lines) as lines,
    (select count(*) from supplier_item_matches) as matches, (select count(*) from variant_costs) as costs,
    (select coalesce(sum(units), 0) from variant_stock) as units, (select count(*) from audit_log) as audit`);
  return rows[0];
}

describe("receiving a supplier's NF-e", () => {
  it("a Vendedor of another store cannot give entry to this store's note", async () => {
    const xml = await fixture("tenis-com-ean.xml");
    const unchanged = await snapshot();
    const refused = await receive(xml, {}, vendedorOther.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain("você só pode dar entrada na sua loja");
    expect(await snapshot()).toEqual(unchanged);
  });

  it("reads the note with its EAN matches, gives entry once, and answers a second receipt with who received it", async () => {
    const xml = await fixture("tenis-com-ean.xml");
    const read = await upload([{ name: "tenis-com-ean.xml", content: xml }]);
    expect(read.status).toBe(200);
    expect(read.body).toContain("Nota 000.123.456");
    expect(read.body).toContain("Fornecedor X Calcados Ltda");
    expect(read.body.match(/\(pelo EAN\)/g)?.length).toBe(3);
    const before = await Promise.all(shoes.map((id) => unitsAt(id)));

    // The recipient's CNPJ picks the store; every item is matched by EAN: nothing else to send.
    const received = await receive(xml);
    expect(received.status).toBe(302);
    expect(received.location).toMatch(/^\/admin\/entradas\?nota=\d+$/);
    expect(await Promise.all(shoes.map((id) => unitsAt(id)))).toEqual([before[0]! + 4, before[1]! + 6, before[2]! + 2]);
    const { rows: costs } = await t.pool.query("select last_cost_cents, average_cost_cents from variant_costs where variant_id = $1", [shoes[0]]);
    expect(costs[0]).toEqual({ last_cost_cents: 8990, average_cost_cents: 8990 });
    const { rows: audit } = await t.pool.query("select entity_label from audit_log where action = 'stock.receive'");
    expect(audit[0]!.entity_label).toContain("35261111222333000181550010001234561123456788");

    const page = readable(await (await fetch(`${http.origin}${received.location}`, { headers: { cookie: dono.cookie } })).text());
    expect(page).toContain("Entrada da nota 000.123.456 de Fornecedor X Calcados Ltda: 12 unidades.");

    const { rows } = await t.pool.query<{ received_at: Date }>("select received_at from supplier_notes");
    const message = `Nota 000.123.456 de Fornecedor X Calcados Ltda já lançada em ${dayMonth.format(rows[0]!.received_at)} por ${dono.name}`;
    const unchanged = await snapshot();
    const again = await receive(xml);
    expect(again.status).toBe(409);
    expect(again.body).toContain(message);
    const reread = await upload([{ name: "tenis-com-ean.xml", content: xml }]);
    expect(reread.status).toBe(400);
    expect(reread.body).toContain(message);
    expect(await snapshot()).toEqual(unchanged);
  });

  it("ten clerks giving entry to one note at once: one entry, the units moved once", async () => {
    const xml = await fixture("sem-gtin.xml");
    const before = await Promise.all(sandals.map((id) => unitsAt(id)));
    const fields = { variant_1: String(sandals[0]), variant_2: String(sandals[1]) };
    const answers = await Promise.all(Array.from({ length: 10 }, () => receive(xml, fields)));
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(9);
    for (const answer of refused) expect(answer.body).toMatch(/Nota 000\.123\.470 de Fornecedor X Calcados Ltda já lançada em \d\d\/\d\d por Admin /);
    const { rows } = await t.pool.query("select count(*)::int as n from supplier_notes where number = 123470");
    expect(rows[0]!.n).toBe(1);
    expect(await Promise.all(sandals.map((id) => unitsAt(id)))).toEqual([before[0]! + 3, before[1]! + 5]);
  });

  it("the supplier's next note finds the sizes the clerk picked before (learnt), and the average cost follows", async () => {
    const xml = await fixture("sem-gtin-segunda.xml");
    const read = await upload([{ name: "sem-gtin-segunda.xml", content: xml }]);
    expect(read.status).toBe(200);
    expect(read.body.match(/já usado com este fornecedor/g)?.length).toBe(2);
    const before = await Promise.all(sandals.map((id) => unitsAt(id)));
    // No size sent: the server matches by what it learnt.
    const received = await receive(xml);
    expect(received.status).toBe(302);
    expect(await Promise.all(sandals.map((id) => unitsAt(id)))).toEqual([before[0]! + 2, before[1]! + 1]);
    const { rows } = await t.pool.query("select last_cost_cents, average_cost_cents, units_costed from variant_costs where variant_id = $1", [sandals[0]]);
    // 3 at R$ 39,50 then 2 at R$ 41,50: (3 × 3950 + 2 × 4150) / 5.
    expect(rows[0]).toEqual({ last_cost_cents: 4150, average_cost_cents: 4030, units_costed: 5 });
  });

  it("an item without a sure match waits for the clerk: nothing is received until it is picked", async () => {
    const xml = await fixture("caixas.xml");
    const read = await upload([{ name: "caixas.xml", content: xml }]);
    expect(read.body).toContain("Escolha o produto, o tamanho e a cor deste item.");
    const unchanged = await snapshot();
    const refused = await receive(xml, { storeId: String(storeId), box_1: "12" });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Escolha o produto, o tamanho e a cor do item 1 (CHINELO SLIM CAIXA C/12 PARES)");
    const noBox = await receive(xml, { storeId: String(storeId), variant_1: String(slipper) });
    expect(noBox.status).toBe(400);
    expect(noBox.body).toContain("Diga quantas unidades vêm em cada CX do item 1");
    expect(await snapshot()).toEqual(unchanged);
  });

  it("a partial receipt only by choice: 2 boxes of 12 on the note, one box came; the difference is recorded and the box size learnt", async () => {
    const xml = await fixture("caixas.xml");
    const fields = { storeId: String(storeId), variant_1: String(slipper), box_1: "12", received_1: "12" };
    const unchanged = await snapshot();
    const notChosen = await receive(xml, fields);
    expect(notChosen.status).toBe(400);
    expect(notChosen.body).toContain('A nota diz 24 unidades do item 1 (CHINELO SLIM CAIXA C/12 PARES) e chegaram 12. Para lançar menos, marque "Entrada parcial".');
    expect(await snapshot()).toEqual(unchanged);

    const before = await unitsAt(slipper);
    const received = await receive(xml, { ...fields, partial: "on" });
    expect(received.status).toBe(302);
    expect(await unitsAt(slipper)).toBe(before + 12);
    const { rows } = await t.pool.query(
      "select n.partial, l.units_expected, l.units_received, l.units_per_box, l.unit_cost_cents from supplier_notes n join supplier_note_lines l on l.note_id = n.id where n.number = 5501",
    );
    // R$ 360,00 for 24 pairs: R$ 15,00 a pair.
    expect(rows[0]).toEqual({ partial: true, units_expected: 24, units_received: 12, units_per_box: 12, unit_cost_cents: 1500 });
    const { rows: learnt } = await t.pool.query("select variant_id, units_per_box from supplier_item_matches where supplier_code = 'CHN-CX12'");
    expect(learnt[0]).toEqual({ variant_id: slipper, units_per_box: 12 });
    const page = readable(await (await fetch(`${http.origin}${received.location}`, { headers: { cookie: dono.cookie } })).text());
    expect(page).toContain("Faltaram 12 (registrado).");
  });

  it("refuses what is not an authorised NF-e 4.00 with a pt-BR reason, and changes nothing", async () => {
    const good = await fixture("tenis-com-ean.xml");
    const cases: { name: string; content: string | Uint8Array<ArrayBuffer>; reason: string; status?: number }[] = [
      { name: "nota.pdf", content: "%PDF-1.7 not a note", reason: "O arquivo não é um XML de NF-e." },
      { name: "quebrado.xml", content: "<nfeProc><NFe>", reason: "O arquivo não é um XML de NF-e." },
      { name: "outro.xml", content: '<?xml version="1.0"?><pedido><item>1</item></pedido>', reason: "O arquivo não é uma NF-e" },
      // A digit of the chave changed (Id and protocol alike): the check digit no longer fits.
      { name: "chave.xml", content: good.replaceAll("35261111222333000181550010001234561123456788", "35261111222333000181550010001234561123456789"), reason: "A chave de acesso da nota é inválida" },
      { name: "layout.xml", content: good.replace('infNFe versao="4.00"', 'infNFe versao="3.10"'), reason: "A nota está no layout 3.10; só o layout 4.00 da NF-e é aceito." },
      { name: "cancelada.xml", content: await fixture("cancelada.xml"), reason: "A nota não está autorizada pela SEFAZ (situação 101: Cancelamento de NF-e homologado). Nada foi lançado." },
      { name: "sem-protocolo.xml", content: await fixture("sem-protocolo.xml"), reason: "A nota não tem a autorização da SEFAZ (protNFe)" },
      { name: "xml-bomb.xml", content: await fixture("xml-bomb.xml"), reason: "O XML traz declarações DOCTYPE/ENTITY, que uma NF-e não tem. Arquivo recusado." },
      { name: "grande.xml", content: new Uint8Array(3 * 1024 * 1024).fill(0x20), reason: "O arquivo deve ter no máximo 2 MB.", status: 413 },
      {
        name: "muitas.zip",
        content: zipSync(Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`nota-${index}.xml`, new TextEncoder().encode(good)]))),
        reason: "O ZIP tem mais de 50 notas. Envie em partes.",
      },
    ];
    const unchanged = await snapshot();
    for (const bad of cases) {
      const answer = await upload([{ name: bad.name, content: bad.content }]);
      expect(answer.status, bad.name).toBe(bad.status ?? 400);
      expect(answer.body, bad.name).toContain(bad.reason);
      // "Dar entrada" with the same text is refused the same way.
      if (typeof bad.content === "string") expect((await receive(bad.content)).status, bad.name).toBe(400);
    }
    expect(await snapshot()).toEqual(unchanged);
  });

  it("reads a ZIP of several notes", async () => {
    const zip = zipSync({ "a.xml": new TextEncoder().encode(await fixture("cancelada.xml")), "b.xml": new TextEncoder().encode(await fixture("tenis-com-ean.xml")) });
    const answer = await upload([{ name: "notas.zip", content: zip }]);
    // One refused (cancelled), one already received: both named, nothing to receive.
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("a.xml: A nota não está autorizada pela SEFAZ");
    expect(answer.body).toContain("b.xml: Nota 000.123.456 de Fornecedor X Calcados Ltda já lançada");
  });
});
