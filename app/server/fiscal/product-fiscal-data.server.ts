// A product's fiscal data as a note uses it: its own NCM, or its category's default when blank
// (category_fiscal_defaults). The fields are edited with the product (issue 52's data part); this one
// reader is where a note takes them from.
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../db/database.server";

export type ProductFiscalData = { ncm: string; cfopInState: string; cfopOutOfState: string; origin: string; situation: string; cest: string };

/** Each product's fiscal data by id; its NCM is '' when neither it nor its category has one. */
export async function productFiscalData(db: DatabaseOrTransaction, productIds: number[]): Promise<Map<number, ProductFiscalData>> {
  if (productIds.length === 0) return new Map();
  const { rows } = await db.execute<{ id: number; ncm: string; cfop_in_state: string; cfop_out_of_state: string; tax_origin: string; tax_situation: string; cest: string }>(sql`
    select p.id, coalesce(nullif(p.ncm, ''), d.ncm, '') as ncm, p.cfop_in_state, p.cfop_out_of_state, p.tax_origin, p.tax_situation, p.cest
    from products p left join category_fiscal_defaults d on d.category = p.category
    where p.id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { ncm: row.ncm, cfopInState: row.cfop_in_state, cfopOutOfState: row.cfop_out_of_state, origin: row.tax_origin, situation: row.tax_situation, cest: row.cest },
    ]),
  );
}
