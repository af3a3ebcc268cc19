// /admin/relatorios and its CSV export: sales of a period, each table one SQL aggregate grouped in
// the shop's time zone. Cancelled orders never count, nor an expired unpaid Pix.
import { sql, type SQL } from "drizzle-orm";
import { toCsv } from "../files/csv.server";
import { paymentLabel } from "~/lib/orders/order-message";
import { decimalCommaPrice } from "~/lib/forms/price-input";
import { CHANNEL_LABELS, ORDER_CHANNELS, type OrderChannel } from "~/lib/orders/order-channel";
import { ORDER_SOURCE_LABELS, ORDER_SOURCES, type OrderSource } from "~/lib/orders/order-source";
import { periodLabel, REPORT_TABLES, reportUnit, type ReportQuery, type ReportTableId } from "~/lib/admin/reports";
import { SHOP_TIME_ZONE } from "~/lib/format/shop-time";
import type { DatabaseOrTransaction } from "../db/database.server";
import { getPaymentSummary, getSalesSummary, soldInPeriod, type PaymentSummary, type SalesSummary } from "./sales-summary.server";

export type ReportColumn = { label: string; kind: "text" | "count" | "money" };
/** Money cells are centavos. */
export type ReportTable = { id: ReportTableId; title: string; note: string | null; columns: ReportColumn[]; rows: (string | number)[][] };
export type Report = {
  summary: SalesSummary;
  /** The same sales' money: received apart from still awaited. */
  payments: PaymentSummary;
  tables: ReportTable[];
};

const TOP_PRODUCTS_LIMIT = 20;

const ITEMS_NOTE =
  "Valor dos itens sem a taxa de entrega: antes e depois dos descontos de cupom (o total dos pedidos, com a entrega, está em Vendas); itens com preço a consultar contam só na quantidade.";

/** Orders not cancelled, made between the first day's midnight and the day after the last, in the shop. */
function inPeriod(query: ReportQuery): SQL {
  return soldInPeriod(query);
}

const title = (id: ReportTableId) => REPORT_TABLES.find((table) => table.id === id)!.title;

async function salesOverTime(db: DatabaseOrTransaction, query: ReportQuery): Promise<ReportTable> {
  const unit = reportUnit(query.group);
  const { rows } = await db.execute<{ period: string; orders: number; revenue: string }>(sql`
    with periods as (
      select generate_series(
        date_trunc(${unit}, ${query.from}::date::timestamp),
        date_trunc(${unit}, ${query.to}::date::timestamp),
        ('1 ' || ${unit})::interval
      ) as period
    ), sales as (
      select date_trunc(${unit}, o.created_at at time zone ${SHOP_TIME_ZONE}) as period, count(*)::int as orders, sum(o.total_cents)::bigint as revenue
      from orders o
      where ${inPeriod(query)}
      group by 1
    )
    select to_char(p.period, 'YYYY-MM-DD') as period, coalesce(s.orders, 0)::int as orders, coalesce(s.revenue, 0)::bigint as revenue
    from periods p
    left join sales s on s.period = p.period
    order by p.period`);
  return {
    id: "vendas",
    title: title("vendas"),
    note: "Total dos pedidos, depois dos descontos de cupom e com a taxa de entrega.",
    columns: [
      { label: "Período", kind: "text" },
      { label: "Pedidos", kind: "count" },
      { label: "Faturamento (R$)", kind: "money" },
    ],
    rows: rows.map((row) => [periodLabel(row.period, query.group), Number(row.orders), Number(row.revenue)]),
  };
}

async function itemsBy(db: DatabaseOrTransaction, query: ReportQuery, id: "lojas" | "categorias"): Promise<ReportTable> {
  const column = id === "lojas" ? sql`oi.shop_name` : sql`oi.category`;
  const { rows } = await db.execute<{ label: string; orders: number; quantity: number; revenue: string; discounted: string }>(sql`
    select ${column} as label, count(distinct o.id)::int as orders, sum(oi.quantity)::int as quantity,
      coalesce(sum(oi.unit_price_cents * oi.quantity), 0)::bigint as revenue,
      coalesce(sum(oi.unit_price_cents * oi.quantity - oi.discount_cents) filter (where oi.unit_price_cents is not null), 0)::bigint as discounted
    from order_items oi
    join orders o on o.id = oi.order_id
    where ${inPeriod(query)}
    group by 1
    order by revenue desc, quantity desc, label`);
  return {
    id,
    title: title(id),
    note: ITEMS_NOTE,
    columns: [
      { label: id === "lojas" ? "Loja" : "Categoria", kind: "text" },
      { label: "Pedidos", kind: "count" },
      { label: "Itens vendidos", kind: "count" },
      { label: "Antes dos cupons (R$)", kind: "money" },
      { label: "Depois dos cupons (R$)", kind: "money" },
    ],
    rows: rows.map((row) => [row.label, Number(row.orders), Number(row.quantity), Number(row.revenue), Number(row.discounted)]),
  };
}

async function byPaymentMethod(db: DatabaseOrTransaction, query: ReportQuery): Promise<ReportTable> {
  const { rows } = await db.execute<{ method: string | null; orders: number; revenue: string }>(sql`
    select o.payment_method as method, count(*)::int as orders, sum(o.total_cents)::bigint as revenue
    from orders o
    where ${inPeriod(query)}
    group by 1
    order by revenue desc, orders desc`);
  return {
    id: "pagamentos",
    title: title("pagamentos"),
    note: "Pedidos feitos pelo carrinho sem checkout têm a forma de pagamento 'A combinar'.",
    columns: [
      { label: "Forma de pagamento", kind: "text" },
      { label: "Pedidos", kind: "count" },
      { label: "Faturamento (R$)", kind: "money" },
    ],
    rows: rows.map((row) => [paymentLabel(row.method), Number(row.orders), Number(row.revenue)]),
  };
}

async function topProducts(db: DatabaseOrTransaction, query: ReportQuery): Promise<ReportTable> {
  const { rows } = await db.execute<{ name: string; quantity: number; revenue: string }>(sql`
    select (array_agg(oi.name order by o.created_at desc))[1] as name, sum(oi.quantity)::int as quantity,
      coalesce(sum(oi.unit_price_cents * oi.quantity), 0)::bigint as revenue
    from order_items oi
    join orders o on o.id = oi.order_id
    where ${inPeriod(query)}
    -- A deleted product's lines (product_id null) are told apart by name.
    group by oi.product_id, case when oi.product_id is null then oi.name end
    order by quantity desc, revenue desc, name
    limit ${TOP_PRODUCTS_LIMIT}`);
  return {
    id: "produtos",
    title: title("produtos"),
    note: `Os ${TOP_PRODUCTS_LIMIT} produtos com mais unidades vendidas; valor dos itens antes dos descontos de cupom.`,
    columns: [
      { label: "Produto", kind: "text" },
      { label: "Quantidade", kind: "count" },
      { label: "Faturamento (R$)", kind: "money" },
    ],
    rows: rows.map((row) => [row.name, Number(row.quantity), Number(row.revenue)]),
  };
}

/** Every source of the fixed list (app/lib/order-source.ts), none left out for having no orders. */
async function bySource(db: DatabaseOrTransaction, query: ReportQuery): Promise<ReportTable> {
  const { rows } = await db.execute<{ source: OrderSource; orders: number; revenue: string }>(sql`
    select s.source, count(o.id)::int as orders, coalesce(sum(o.total_cents), 0)::bigint as revenue
    from unnest(${sql.raw(`array[${ORDER_SOURCES.map((source) => `'${source}'`).join(",")}]`)}::text[]) with ordinality as s(source, position)
    left join orders o on o.source = s.source and ${inPeriod(query)}
    group by s.source, s.position
    order by revenue desc, orders desc, s.position`);
  return {
    id: "origens",
    title: title("origens"),
    note: "De onde veio quem fez o pedido: o link da primeira página (compartilhado no WhatsApp, QR code da vitrine, catálogos do Google e da Meta) ou o site de onde chegou; sem nenhum dos dois, Direto.",
    columns: [
      { label: "Origem", kind: "text" },
      { label: "Pedidos", kind: "count" },
      { label: "Faturamento (R$)", kind: "money" },
    ],
    rows: rows.map((row) => [ORDER_SOURCE_LABELS[row.source], Number(row.orders), Number(row.revenue)]),
  };
}

/** Every channel (site checkout, cart, counter), none left out for having no orders: the rows add up to the period's sales. */
async function byChannel(db: DatabaseOrTransaction, query: ReportQuery): Promise<ReportTable> {
  const { rows } = await db.execute<{ channel: OrderChannel; orders: number; revenue: string }>(sql`
    select c.channel, count(o.id)::int as orders, coalesce(sum(o.total_cents), 0)::bigint as revenue
    from unnest(${sql.raw(`array[${ORDER_CHANNELS.map((channel) => `'${channel}'`).join(",")}]`)}::text[]) with ordinality as c(channel, position)
    left join orders o on o.channel = c.channel and ${inPeriod(query)}
    group by c.channel, c.position
    order by c.position`);
  return {
    id: "canais",
    title: title("canais"),
    note: "Pedidos pelo site (checkout e carrinho) e vendas no balcão das lojas; a soma é o total de Vendas.",
    columns: [
      { label: "Canal", kind: "text" },
      { label: "Pedidos", kind: "count" },
      { label: "Faturamento (R$)", kind: "money" },
    ],
    rows: rows.map((row) => [CHANNEL_LABELS[row.channel], Number(row.orders), Number(row.revenue)]),
  };
}

/**
 * Every physical store, none left out for having no orders, each with its revenue by channel, and a
 * "Sem loja" row for orders no store serves (recorded before stores held stock): the rows add up to the
 * period's sales, and each row's channels to its revenue. An order is its store's as in the admin's
 * orders (the store that serves it, else its pick-up store).
 */
async function byStore(db: DatabaseOrTransaction, query: ReportQuery): Promise<ReportTable> {
  const byChannel = sql.join(
    ORDER_CHANNELS.map((channel, index) => sql`coalesce(sum(sold.total_cents) filter (where sold.channel = ${channel}), 0)::bigint as ${sql.identifier(`channel_${index}`)}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ name: string | null; orders: number; revenue: string } & Record<`channel_${number}`, string>>(sql`
    with sold as (
      select coalesce(o.fulfilling_store_id, o.pickup_location_id) as store_id, o.channel, o.total_cents
      from orders o
      where ${inPeriod(query)}
    )
    select name, orders, revenue, ${sql.join(
      ORDER_CHANNELS.map((_, index) => sql.identifier(`channel_${index}`)),
      sql`, `,
    )} from (
      select s.name, s.position, s.id, count(sold.store_id)::int as orders, coalesce(sum(sold.total_cents), 0)::bigint as revenue, ${byChannel}
      from store_locations s left join sold on sold.store_id = s.id
      group by s.id
      union all
      select null, null, null, count(*)::int, coalesce(sum(sold.total_cents), 0)::bigint, ${byChannel}
      from sold where sold.store_id is null
      having count(*) > 0
    ) stores
    order by position nulls last, id nulls last`);
  return {
    id: "unidades",
    title: title("unidades"),
    note: "Total dos pedidos de cada loja física (a que atende o pedido ou onde ele é retirado), com as vendas no balcão; a soma é o total de Vendas. “Sem loja”: pedidos anteriores ao estoque por loja.",
    columns: [
      { label: "Loja física", kind: "text" },
      { label: "Pedidos", kind: "count" },
      { label: "Faturamento (R$)", kind: "money" },
      ...ORDER_CHANNELS.map((channel) => ({ label: `${CHANNEL_LABELS[channel]} (R$)`, kind: "money" as const })),
    ],
    rows: rows.map((row) => [row.name ?? "Sem loja", Number(row.orders), Number(row.revenue), ...ORDER_CHANNELS.map((_, index) => Number(row[`channel_${index}`]))]),
  };
}

const BUILDERS: Record<ReportTableId, (db: DatabaseOrTransaction, query: ReportQuery) => Promise<ReportTable>> = {
  vendas: salesOverTime,
  lojas: (db, query) => itemsBy(db, query, "lojas"),
  categorias: (db, query) => itemsBy(db, query, "categorias"),
  pagamentos: byPaymentMethod,
  produtos: topProducts,
  origens: bySource,
  canais: byChannel,
  unidades: byStore,
};

export function getReportTable(db: DatabaseOrTransaction, query: ReportQuery, id: ReportTableId): Promise<ReportTable> {
  return BUILDERS[id](db, query);
}

export async function getReport(db: DatabaseOrTransaction, query: ReportQuery): Promise<Report> {
  const [summary, payments, tables] = await Promise.all([
    getSalesSummary(db, query),
    getPaymentSummary(db, query),
    Promise.all(REPORT_TABLES.map((table) => getReportTable(db, query, table.id))),
  ]);
  return { summary, payments, tables };
}

/** UTF-8 with BOM, ';' between columns, decimal comma (app/server/files/csv.server.ts). */
export function reportTableCsv(table: ReportTable): string {
  return toCsv(
    table.columns.map((column) => column.label),
    table.rows.map((row) => row.map((value, index) => (table.columns[index]?.kind === "money" ? decimalCommaPrice(Number(value)) : value))),
  );
}
