// The products CSV with a column per store (issue 42): `estoque_<loja>` and `estoque_exportado_<loja>`
// for each store. An export imports back changing nothing; a store's changed units are applied at that
// store only; a store whose units an order took after the export refuses its changed cell, naming the
// store, and nothing is saved. Real PostgreSQL, the order's real stock move.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CsvImportResult } from "~/lib/catalog/product-import";
import { productCsvHeader, spreadsheetColumn, storeExportedColumn, storeStockColumn } from "~/server/catalog/csv/columns.server";
import { importProductsCsv, productsCsv } from "~/server/catalog/product-csv.server";
import { listStoreOptions } from "~/server/catalog/product-writes.server";
import { readCsv, toCsv, unguardFormula } from "~/server/files/csv.server";
import { setOrderStatus } from "~/server/orders/admin-order-changes.server";
import { openAdminTest, TEST_ACTOR } from "../setup/admin-session";
import { insertOrder } from "../setup/order-fixtures";
import type { TestDatabase } from "../setup/test-database";
import { setVariantUnitsAt, variantUnitsByStore } from "../setup/variant-stock";

let t: TestDatabase;
let close: () => Promise<void>;

beforeAll(async () => ({ t, close } = await openAdminTest()));
afterAll(() => close?.());

type Variant = { id: number; productId: number; size: string; color: string; name: string; priceCents: number | null };
type Store = { id: number; slug: string; name: string };

async function stores(): Promise<Store[]> {
  return (await t.pool.query<Store>("select id, slug, name from store_locations order by id")).rows;
}

/** The first size × colour of the `skip`-th product with sizes and a price, with `units` per store (by slug), none elsewhere. */
async function variantWith(units: Record<string, number>, skip: number): Promise<Variant> {
  const { rows } = await t.pool.query<{ id: number; product_id: number; size: string; color: string; name: string; price_cents: number | null }>(`
    select distinct on (p.id) v.id, p.id as product_id, v.size, v.color, p.name, p.price_cents
    from products p join product_variants v on v.product_id = p.id
    where p.active and v.size <> '' and p.price_cents is not null order by p.id, v.id`);
  const row = rows[skip]!;
  await t.pool.query("delete from variant_stock where variant_id = $1", [row.id]);
  for (const store of await stores()) if (units[store.slug] !== undefined) await setVariantUnitsAt(t.pool, row.id, store.id, units[store.slug]!);
  return { id: row.id, productId: row.product_id, size: row.size, color: row.color, name: row.name, priceCents: row.price_cents };
}

/** An order for one unit of the variant served by `store`, moved to Processando: the unit leaves that store's shelf. */
async function orderTakesAt(variant: Variant, store: Store): Promise<void> {
  const order = await insertOrder(t.db, {
    createdAt: new Date(),
    items: [{ productId: variant.productId, variantId: variant.id, size: variant.size, color: variant.color || null, name: variant.name, unitPriceCents: variant.priceCents, quantity: 1 }],
  });
  await t.pool.query("update orders set fulfilling_store_id = $2 where id = $1", [order.id, store.id]);
  await t.pool.query("update order_items set store_location_id = $2 where order_id = $1", [order.id, store.id]);
  expect(await setOrderStatus(t.db, order.id, "processing", TEST_ACTOR)).toMatchObject({ ok: true, stock: "taken" });
}

/** The product's rows of an export (its full header), with `change` applied to each row's cells by column name. */
async function exportedRowsOf(productId: number): Promise<{ header: string[]; rows: string[][] }> {
  const [head, ...records] = readCsv(await productsCsv(t.db));
  const header = head!.cells;
  const rows = records.map((record) => record.cells.map(unguardFormula)).filter((cells) => cells[0] === String(productId));
  return { header, rows };
}

const setCell = (header: string[], row: string[], column: string, value: string) => (row[header.indexOf(column)] = value);
const isVariantRow = (header: string[], row: string[], variant: Variant) => row[header.indexOf("tamanho")] === variant.size && row[header.indexOf("cor")] === variant.color;

describe("the products CSV with a column per store", () => {
  it("exports a pair of columns per store, named from its slug, after the fixed ones", async () => {
    const header = readCsv(await productsCsv(t.db))[0]!.cells;
    const options = await listStoreOptions(t.db);
    expect(header).toEqual(productCsvHeader(options));
    expect(header).toContain("estoque_barreiros_calcados");
    expect(header).toContain("estoque_exportado_barreiros_calcados");
  });

  it("round trip: the export imports back changing nothing; a store's cell changed moves only that store", async () => {
    const [first, second] = await stores();
    const variant = await variantWith({ [first!.slug]: 2, [second!.slug]: 5 }, 0);
    const { header, rows } = await exportedRowsOf(variant.productId);
    const row = rows.find((cells) => isVariantRow(header, cells, variant))!;
    expect(row[header.indexOf(storeStockColumn(second!.slug))]).toBe("5");
    expect(row[header.indexOf(storeExportedColumn(second!.slug))]).toBe("5");

    expect(await importProductsCsv(t.db, toCsv(header, rows), TEST_ACTOR)).toEqual({ ok: true, created: 0, updated: 0, unchanged: 1 });
    expect(await variantUnitsByStore(t.pool, variant.id)).toMatchObject({ [first!.slug]: 2, [second!.slug]: 5 });

    setCell(header, row, storeStockColumn(second!.slug), "8");
    expect(await importProductsCsv(t.db, toCsv(header, rows), TEST_ACTOR)).toEqual({ ok: true, created: 0, updated: 1, unchanged: 0 });
    expect(await variantUnitsByStore(t.pool, variant.id)).toMatchObject({ [first!.slug]: 2, [second!.slug]: 8 });
  });

  it("an order took a unit at a store after the export: its changed cell is refused naming the store, nothing saved; an untouched store's sale stays", async () => {
    const [first, second] = await stores();
    const variant = await variantWith({ [first!.slug]: 1, [second!.slug]: 3 }, 1);
    const { header, rows } = await exportedRowsOf(variant.productId);
    await orderTakesAt(variant, second!);
    expect(await variantUnitsByStore(t.pool, variant.id)).toMatchObject({ [first!.slug]: 1, [second!.slug]: 2 });

    const row = rows.find((cells) => isVariantRow(header, cells, variant))!;
    setCell(header, row, storeStockColumn(second!.slug), "6");
    setCell(header, row, storeStockColumn(first!.slug), "4");
    const file = toCsv(header, rows);
    const result = (await importProductsCsv(t.db, file, TEST_ACTOR)) as Extract<CsvImportResult, { ok: false }>;
    const line = rows.indexOf(row) + 2;
    const label = [`Tam. ${variant.size}`, variant.color].filter(Boolean).join(" / ");
    expect(result).toEqual({
      ok: false,
      // The cell it means, as the spreadsheet names it (issue 51: "2 agora, 0 na planilha" beside a visible cell of 2).
      errors: [
        {
          line,
          message:
            `O estoque de ${variant.name} (${label}) mudou em ${second!.name} desde a exportação: 2 agora, 3 na planilha, ` +
            `em ${storeExportedColumn(second!.slug)} (célula ${spreadsheetColumn(header.indexOf(storeExportedColumn(second!.slug)))}${line}), o estoque na exportação. ` +
            "Exporte o CSV de novo e refaça as alterações.",
        },
      ],
    });
    expect(await variantUnitsByStore(t.pool, variant.id)).toMatchObject({ [first!.slug]: 1, [second!.slug]: 2 });

    // Only the other store changed: it goes through, and the sale at the store left as exported stays.
    setCell(header, row, storeStockColumn(second!.slug), "3");
    expect(await importProductsCsv(t.db, toCsv(header, rows), TEST_ACTOR)).toEqual({ ok: true, created: 0, updated: 1, unchanged: 0 });
    expect(await variantUnitsByStore(t.pool, variant.id)).toMatchObject({ [first!.slug]: 4, [second!.slug]: 2 });
  });

  it("estoque and the own store's column both edited to different numbers: refused, pt-BR, by line", async () => {
    const { rows: ownRows } = await t.pool.query<{ slug: string }>("select l.slug from products p join store_locations l on l.id = erick_product_home_store(p.id) where p.id = (select product_id from product_variants where id = $1)", [
      (await variantWith({}, 2)).id,
    ]);
    const own = ownRows[0]!.slug;
    const variant = await variantWith({ [own]: 2 }, 2);
    const { header, rows } = await exportedRowsOf(variant.productId);
    const row = rows.find((cells) => isVariantRow(header, cells, variant))!;
    setCell(header, row, "estoque_loja_principal", "7");
    setCell(header, row, storeStockColumn(own), "9");
    const result = (await importProductsCsv(t.db, toCsv(header, rows), TEST_ACTOR)) as Extract<CsvImportResult, { ok: false }>;
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      { line: rows.indexOf(row) + 2, message: `estoque_loja_principal: “7” é diferente de ${storeStockColumn(own)} (“9”); com as colunas por loja, mude o estoque em “${storeStockColumn(own)}”.` },
    ]);
    expect((await variantUnitsByStore(t.pool, variant.id))[own]).toBe(2);
  });
});

// Issue 51, item 17: the column that held only the own store's units was called `estoque` (2 where the
// size had 2 + 3 in two stores); an empty units-at-export cell was read as 0 ("2 agora, 0 na planilha").
describe("the own store's column and the units at the export", () => {
  async function ownAndOther(skip: number) {
    const all = await stores();
    const { rows } = await t.pool.query<{ slug: string }>(
      `select l.slug from products p join store_locations l on l.id = erick_product_home_store(p.id)
       where p.id = (select product_id from product_variants where id = $1)`,
      [(await variantWith({}, skip)).id],
    );
    const own = all.find((store) => store.slug === rows[0]!.slug)!;
    const other = all.find((store) => store.id !== own.id)!;
    return { own, other, variant: await variantWith({ [own.slug]: 2, [other.slug]: 3 }, skip) };
  }

  it("is named for what it holds: `estoque_loja_principal`, the own store's 2 units, not the 5 of all stores", async () => {
    const { variant } = await ownAndOther(3);
    const { header, rows } = await exportedRowsOf(variant.productId);
    expect(header).toContain("estoque_loja_principal");
    expect(header).not.toContain("estoque");
    expect(rows.find((cells) => isVariantRow(header, cells, variant))![header.indexOf("estoque_loja_principal")]).toBe("2");
  });

  it("a file exported before, with the column called `estoque`, still imports: a change to it moves the own store", async () => {
    const { own, other, variant } = await ownAndOther(4);
    const { header, rows } = await exportedRowsOf(variant.productId);
    const old = header.map((column) => (column === "estoque_loja_principal" ? "estoque" : column));
    const row = rows.find((cells) => isVariantRow(old, cells, variant))!;
    setCell(old, row, "estoque", "6");
    expect(await importProductsCsv(t.db, toCsv(old, rows), TEST_ACTOR)).toEqual({ ok: true, created: 0, updated: 1, unchanged: 0 });
    expect(await variantUnitsByStore(t.pool, variant.id)).toMatchObject({ [own.slug]: 6, [other.slug]: 3 });

    // Both names in one file: which one counts is not guessed.
    const both = [...header, "estoque"];
    const refused = (await importProductsCsv(t.db, toCsv(both, rows.map((cells) => [...cells, "6"])), TEST_ACTOR)) as Extract<CsvImportResult, { ok: false }>;
    expect(refused.errors).toEqual([{ line: 1, message: "Cabeçalho: “estoque” é o nome antigo de “estoque_loja_principal”; deixe só “estoque_loja_principal”." }]);
  });

  it("an empty units-at-export cell beside a changed store cell is refused naming that cell, not read as 0 units", async () => {
    const { own, other, variant } = await ownAndOther(5);
    const { header, rows } = await exportedRowsOf(variant.productId);
    const row = rows.find((cells) => isVariantRow(header, cells, variant))!;
    setCell(header, row, storeStockColumn(other.slug), "5");
    setCell(header, row, storeExportedColumn(other.slug), "");
    const result = (await importProductsCsv(t.db, toCsv(header, rows), TEST_ACTOR)) as Extract<CsvImportResult, { ok: false }>;
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      {
        line: rows.indexOf(row) + 2,
        message: `${storeExportedColumn(other.slug)}: está vazia; é o estoque na hora da exportação, sem ele a mudança de estoque pode desfazer um pedido. Exporte o CSV de novo e refaça as alterações.`,
      },
    ]);
    expect(await variantUnitsByStore(t.pool, variant.id)).toMatchObject({ [own.slug]: 2, [other.slug]: 3 });
  });
});
