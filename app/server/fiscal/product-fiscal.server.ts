// What a fiscal note needs of each product (docs/fiscal.md): its NCM (its own, else its category's
// default from category_fiscal_defaults), CFOPs, origem, CSOSN/CST, CEST and each variant's EAN. The
// notes are built from fiscalDataOf; the dashboard names the products a note could not be issued for
// (productsMissingFiscalData); the owner sets the categories' NCM in /admin/configuracoes.
import { asc, inArray, sql } from "drizzle-orm";
import { categoryFiscalDefaults, productVariants } from "#database/schema";
import { CATEGORIES, type Category } from "~/lib/catalog/categories";
import type { ProductMissingFiscalData } from "~/lib/fiscal/product-fiscal";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";

export type VariantFiscalData = { variantId: number; size: string; color: string; sku: string; ean: string };

export type ProductFiscalData = {
  productId: number;
  name: string;
  /** The NCM the note carries (8 digits): the product's own, else its category's; '' when neither has one. */
  ncm: string;
  /** Where `ncm` came from. */
  ncmSource: "product" | "category" | "none";
  cfopInState: string;
  cfopOutOfState: string;
  taxOrigin: string;
  taxSituation: string;
  /** '' when the product needs none. */
  cest: string;
  /** Each size × colour with its EAN ('' none: the note says "SEM GTIN"). */
  variants: VariantFiscalData[];
};

/** The effective fiscal data of these products, by product id; ids that do not exist are missing. */
export async function fiscalDataOf(db: DatabaseOrTransaction, productIds: readonly number[]): Promise<Map<number, ProductFiscalData>> {
  const ids = [...new Set(productIds)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  const byProduct = new Map<number, ProductFiscalData>();
  if (ids.length === 0) return byProduct;
  const { rows } = await db.execute<{
    id: number;
    name: string;
    own_ncm: string;
    category_ncm: string | null;
    cfop_in_state: string;
    cfop_out_of_state: string;
    tax_origin: string;
    tax_situation: string;
    cest: string;
  }>(sql`
    select p.id, p.name, p.ncm as own_ncm, d.ncm as category_ncm, p.cfop_in_state, p.cfop_out_of_state, p.tax_origin, p.tax_situation, p.cest
    from products p
    left join category_fiscal_defaults d on d.category = p.category
    where p.id = any(${sql.param(ids)}::integer[])`);
  const variants = await db
    .select({ productId: productVariants.productId, variantId: productVariants.id, size: productVariants.size, color: productVariants.color, sku: productVariants.sku, ean: productVariants.ean })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.id));
  for (const row of rows) {
    const id = Number(row.id);
    const ncmSource = row.own_ncm ? "product" : row.category_ncm ? "category" : "none";
    byProduct.set(id, {
      productId: id,
      name: row.name,
      ncm: row.own_ncm || row.category_ncm || "",
      ncmSource,
      cfopInState: row.cfop_in_state,
      cfopOutOfState: row.cfop_out_of_state,
      taxOrigin: row.tax_origin,
      taxSituation: row.tax_situation,
      cest: row.cest,
      variants: [],
    });
  }
  for (const { productId, ...variant } of variants) byProduct.get(productId)?.variants.push(variant);
  return byProduct;
}


/**
 * Active products whose note would be refused: no NCM of their own nor from their category, or one
 * that is not eight digits, or a CFOP, origem or CSOSN/CST out of format (a CSV or an old row). One
 * query: the first `limit` by name, and how many there are.
 */
export async function productsMissingFiscalData(db: DatabaseOrTransaction, limit: number): Promise<{ products: ProductMissingFiscalData[]; total: number }> {
  const { rows } = await db.execute<{ id: number; name: string; why: string; total: number }>(sql`
    select id, name, why, count(*) over () as total
    from (
      select p.id, p.name,
        case
          when coalesce(nullif(p.ncm, ''), d.ncm) is null then 'sem NCM (nem o da categoria)'
          when coalesce(nullif(p.ncm, ''), d.ncm) !~ '^[0-9]{8}$' then 'NCM inválido'
          when p.cfop_in_state !~ '^5[0-9]{3}$' or p.cfop_out_of_state !~ '^6[0-9]{3}$' then 'CFOP inválido'
          when p.tax_origin !~ '^[0-8]$' then 'origem inválida'
          when p.tax_situation !~ '^([0-9]{2}|[0-9]{3})$' then 'CSOSN/CST inválido'
          when p.cest !~ '^([0-9]{7})?$' then 'CEST inválido'
        end as why
      from products p
      left join category_fiscal_defaults d on d.category = p.category
      where p.active
    ) checked
    where why is not null
    order by name, id
    limit ${limit}`);
  return { products: rows.map((row) => ({ id: Number(row.id), name: row.name, why: row.why })), total: Number(rows[0]?.total ?? 0) };
}

/** The NCM each category gives a product without one ('' none), in the categories' order. */
export async function categoryNcmDefaults(db: DatabaseOrTransaction): Promise<{ category: Category; ncm: string }[]> {
  const rows = await db.select().from(categoryFiscalDefaults);
  const byCategory = new Map(rows.map((row) => [row.category, row.ncm]));
  return CATEGORIES.map((category) => ({ category, ncm: byCategory.get(category) ?? "" }));
}

/** Saves the categories' NCM ('' removes a default), audited as one change of the settings. */
export async function saveCategoryNcmDefaults(db: Database, wanted: ReadonlyMap<Category, string>, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${categoryFiscalDefaults} in share row exclusive mode`);
    const before = Object.fromEntries((await tx.select().from(categoryFiscalDefaults)).map((row) => [row.category, row.ncm]));
    const set = [...wanted].filter(([, ncm]) => ncm).map(([category, ncm]) => ({ category, ncm }));
    const cleared = [...wanted].filter(([, ncm]) => !ncm).map(([category]) => category);
    if (set.length > 0) {
      await tx
        .insert(categoryFiscalDefaults)
        .values(set)
        .onConflictDoUpdate({ target: categoryFiscalDefaults.category, set: { ncm: sql`excluded.ncm` } });
    }
    if (cleared.length > 0) await tx.delete(categoryFiscalDefaults).where(inArray(categoryFiscalDefaults.category, cleared));
    const after = Object.fromEntries((await tx.select().from(categoryFiscalDefaults)).map((row) => [row.category, row.ncm]));
    await recordAdminChange(tx, actor, {
      action: "category.fiscal",
      entityType: "settings",
      entityId: null,
      entityLabel: "NCM padrão por categoria",
      before,
      after,
    });
  });
}
