// Rows into products: rows with an id belong to that product wherever they are in the file;
// consecutive rows without one and with the same `nome` and `loja` are one new product.
import { parseId } from "~/lib/forms/ids";
import { categoryFromText } from "~/lib/catalog/product.schema";
import { storeOptionFromText, type StoreOption } from "~/lib/catalog/store-options";
import type { CsvRecord } from "../../files/csv.server";
import { cellOf, parseYesNo, type Column } from "./columns.server";
import type { ProductCsvSheet } from "./header.server";
import type { LineProblems } from "./line-problems.server";

/** The rows of one product, in file order: `id` null is a new product. */
export type ProductRows = { id: number | null; rows: CsvRecord[] };

/** A product column's value as compared across a product's rows ('Sim' and 'sim' agree). */
export function comparable(column: Column, text: string, stores: readonly StoreOption[]): string {
  if (column === "destaque" || column === "ativo") return String(parseYesNo(text) ?? text);
  if (column === "loja") return storeOptionFromText(stores, text) ?? text;
  if (column === "categoria") return categoryFromText(text) ?? text;
  return text;
}

/**
 * The file's products, in the order they first appear. A row with the wrong number of cells, an id
 * of no product in `existing`, or a new product's rows apart from each other is a problem on its
 * line, and the row belongs to no product.
 */
export function groupRows(sheet: ProductCsvSheet, existing: ReadonlySet<number>, problems: LineProblems, stores: readonly StoreOption[]): ProductRows[] {
  const { columns } = sheet;
  const cell = (row: CsvRecord, column: Column) => cellOf(columns, row.cells, column);
  const groups: ProductRows[] = [];
  const byId = new Map<number, ProductRows>();
  const newByKey = new Map<string, ProductRows>();
  let previous: ProductRows | null = null;
  for (const row of sheet.rows) {
    if (row.cells.length !== columns.length) {
      problems.add(row.line, `esperadas ${columns.length} colunas, encontradas ${row.cells.length}`);
      continue;
    }
    const idText = cell(row, "id") ?? "";
    if (idText) {
      const id = parseId(idText);
      if (id === null) problems.add(row.line, `id: “${idText}” não é um número de produto`);
      else if (!existing.has(id)) problems.add(row.line, `id: não existe produto com id ${id}`);
      else {
        let group = byId.get(id);
        if (!group) {
          group = { id, rows: [] };
          byId.set(id, group);
          groups.push(group);
        }
        group.rows.push(row);
        previous = group;
      }
      continue;
    }
    const key = JSON.stringify([cell(row, "nome") ?? "", comparable("loja", cell(row, "loja") ?? "", stores)]);
    const earlier = newByKey.get(key);
    if (earlier && earlier === previous) {
      earlier.rows.push(row);
      continue;
    }
    if (earlier) {
      const lines = earlier.rows.map((other) => other.line);
      problems.add(
        row.line,
        `nome: o produto novo “${cell(row, "nome")}” já aparece ${lines.length === 1 ? "na linha" : "nas linhas"} ${lines.join(", ")}; as linhas de um produto devem vir juntas`,
      );
      continue;
    }
    const group: ProductRows = { id: null, rows: [row] };
    newByKey.set(key, group);
    groups.push(group);
    previous = group;
  }
  return groups;
}
