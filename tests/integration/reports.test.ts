// /admin/relatorios and its CSV export on a real PostgreSQL: the period in the shop's time zone,
// grouping by day, week and month, the tables by shop, category, payment method and product, the
// CSV format (BOM, ';', decimal comma) and the refusal of wrong periods.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultReportQuery, parseReportQuery, REPORT_MESSAGES, REPORT_TABLES, type ReportQuery } from "~/lib/admin/reports";
import { loader as pageLoader } from "~/routes/admin/reports";
import { loader as csvLoader } from "~/routes/admin/reports-csv";
import type { LoadContext } from "~/server/load-context.server";
import { getReport, type Report } from "~/server/read-models/reports.server";
import { createTestContext, requestAs, signedInUser, type SignedInUser } from "../setup/admin-session";
import { insertOrder } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let context: LoadContext;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  context = app.context;
  admin = await signedInUser(context, "admin");

  // March 2026 (1 March is a Sunday). Times are the shop's (-03:00) unless marked Z.
  await insertOrder(t.db, {
    // 23:00 on 28 February in Recife: outside March.
    createdAt: "2026-03-01T02:00:00Z",
    items: [{ name: "Fora do período", unitPriceCents: 1_000_00, quantity: 1 }],
  });
  await insertOrder(t.db, {
    status: "delivered",
    createdAt: "2026-03-01T09:00:00-03:00",
    paymentMethod: "credit",
    deliveryCents: 5_00,
    items: [
      { productId: null, name: "Sandália Rasteira", category: "Feminino", shopName: "Erick Calçados", unitPriceCents: 89_90, quantity: 2 },
      { productId: null, name: "Boné Aba Curva", category: "Sports", shopName: "Erick Sports", unitPriceCents: 49_90, quantity: 1 },
    ],
  });
  await insertOrder(t.db, {
    status: "pending",
    createdAt: "2026-03-03T15:00:00-03:00",
    paymentMethod: "pix",
    items: [{ productId: null, name: "Sandália Rasteira", category: "Feminino", shopName: "Erick Calçados", unitPriceCents: 89_90, quantity: 1 }],
  });
  await insertOrder(t.db, {
    status: "cancelled",
    createdAt: "2026-03-03T16:00:00-03:00",
    paymentMethod: "pix",
    items: [{ productId: null, name: "Cancelado", category: "Kids", shopName: "Erick Magazine e Kids", unitPriceCents: 500_00, quantity: 3 }],
  });
  await insertOrder(t.db, {
    status: "shipped",
    // 23:30 on 31 March in Recife (already April in UTC): inside March.
    createdAt: "2026-04-01T02:30:00Z",
    paymentMethod: null,
    items: [
      { productId: null, name: "Bola de Futebol", category: "Sports", shopName: "Erick Sports", unitPriceCents: 1_234_50, quantity: 1 },
      { productId: null, name: "Tênis sob consulta", category: "Esportivo", shopName: "Erick Sports", unitPriceCents: null, quantity: 1 },
    ],
  });
});
afterAll(async () => {
  await t?.close();
  await app?.close();
});

const MARCH: ReportQuery = { from: "2026-03-01", to: "2026-03-31", group: "dia" };
const table = (report: Report, id: string) => report.tables.find((candidate) => candidate.id === id)!;

describe("the period in the URL", () => {
  const parse = (query: string) => parseReportQuery(new URLSearchParams(query), "2026-11-30");

  it("defaults to the last 30 days by day", () => {
    expect(parse("")).toEqual({ query: { from: "2026-11-01", to: "2026-11-30", group: "dia" }, error: null });
    expect(defaultReportQuery("2026-03-01")).toEqual({ from: "2026-01-31", to: "2026-03-01", group: "dia" });
  });

  it("reads a chosen period and grouping", () => {
    expect(parse("de=2026-01-01&ate=2026-06-30&por=mes")).toEqual({ query: { from: "2026-01-01", to: "2026-06-30", group: "mes" }, error: null });
    expect(parse("de=2024-12-01&ate=2026-11-30&por=semana").error).toBeNull();
    expect(parse("por=ano").query.group).toBe("dia");
  });

  it.each([
    ["de=2026-02-30&ate=2026-03-10", REPORT_MESSAGES.invalidDate],
    ["de=ontem&ate=2026-03-10", REPORT_MESSAGES.invalidDate],
    ["de=1999-01-01&ate=2000-01-01", REPORT_MESSAGES.invalidDate],
    ["de=2026-03-10&ate=2026-03-01", REPORT_MESSAGES.reversed],
    ["de=2024-01-01&ate=2026-03-01", REPORT_MESSAGES.tooLong],
  ])("%s → a message and the default period", (query, message) => {
    const parsed = parse(`${query}&por=mes`);
    expect(parsed.error).toBe(message);
    expect(parsed.query).toEqual({ from: "2026-11-01", to: "2026-11-30", group: "mes" });
  });
});

describe("the report tables", () => {
  it("sales by day: every day of the period, in the shop's time zone, without cancelled orders", async () => {
    const report = await getReport(t.db, MARCH);
    const sales = table(report, "vendas");
    expect(sales.rows).toHaveLength(31);
    expect(sales.rows[0]).toEqual(["01/03/2026", 1, 234_70]);
    expect(sales.rows[1]).toEqual(["02/03/2026", 0, 0]);
    expect(sales.rows[2]).toEqual(["03/03/2026", 1, 89_90]);
    expect(sales.rows[30]).toEqual(["31/03/2026", 1, 1_234_50]);
    expect(report.summary).toEqual({ orders: 3, revenueCents: 1_559_10, averageTicketCents: 519_70 });
  });

  it("sales by week (weeks start on Monday) and by month", async () => {
    const weeks = table(await getReport(t.db, { ...MARCH, group: "semana" }), "vendas");
    expect(weeks.rows.map((row) => row[0])).toEqual([
      "Semana de 23/02/2026",
      "Semana de 02/03/2026",
      "Semana de 09/03/2026",
      "Semana de 16/03/2026",
      "Semana de 23/03/2026",
      "Semana de 30/03/2026",
    ]);
    expect(weeks.rows[0]!.slice(1)).toEqual([1, 234_70]);
    expect(weeks.rows[1]!.slice(1)).toEqual([1, 89_90]);
    expect(weeks.rows[5]!.slice(1)).toEqual([1, 1_234_50]);
    const months = table(await getReport(t.db, { from: "2026-02-01", to: "2026-04-30", group: "mes" }), "vendas");
    expect(months.rows).toEqual([
      ["fev/26", 1, 1_000_00],
      ["mar/26", 3, 1_559_10],
      ["abr/26", 0, 0],
    ]);
  });

  it("by shop and by category: items' value before and after coupons, units and orders", async () => {
    const report = await getReport(t.db, MARCH);
    expect(table(report, "lojas").columns.map((column) => column.label)).toEqual(["Loja", "Pedidos", "Itens vendidos", "Antes dos cupons (R$)", "Depois dos cupons (R$)"]);
    expect(table(report, "lojas").note).toMatch(/antes e depois dos descontos de cupom/);
    expect(table(report, "lojas").rows).toEqual([
      ["Erick Sports", 2, 3, 1_284_40, 1_284_40],
      ["Erick Calçados", 2, 3, 269_70, 269_70],
    ]);
    expect(table(report, "categorias").rows).toEqual([
      ["Sports", 2, 2, 1_284_40, 1_284_40],
      ["Feminino", 2, 3, 269_70, 269_70],
      ["Esportivo", 1, 1, 0, 0],
    ]);
  });

  it("takes a coupon's share of each line off the 'after' column, and the summary's ticket is the orders' total ÷ orders", async () => {
    await insertOrder(t.db, {
      status: "delivered",
      createdAt: "2026-05-10T10:00:00-03:00",
      deliveryCents: 7_00,
      items: [
        { productId: null, name: "Sandália Rasteira", category: "Feminino", shopName: "Erick Calçados", unitPriceCents: 100_00, quantity: 2, discountCents: 20_00 },
        { productId: null, name: "Boné", category: "Sports", shopName: "Erick Sports", unitPriceCents: 50_00, quantity: 1, discountCents: 5_00 },
      ],
    });
    await insertOrder(t.db, {
      status: "cancelled",
      createdAt: "2026-05-11T10:00:00-03:00",
      items: [{ productId: null, name: "Cancelado", category: "Kids", shopName: "Erick Magazine e Kids", unitPriceCents: 999_00, quantity: 1 }],
    });
    const report = await getReport(t.db, { from: "2026-05-01", to: "2026-05-31", group: "mes" });
    expect(table(report, "lojas").rows).toEqual([
      ["Erick Calçados", 1, 2, 200_00, 180_00],
      ["Erick Sports", 1, 1, 50_00, 45_00],
    ]);
    // 250 − 25 + 7 = 232, one order (the cancelled one does not count).
    expect(report.summary).toEqual({ orders: 1, revenueCents: 232_00, averageTicketCents: 232_00 });
  });

  it("by payment method, with the pt-BR labels ('A combinar' when none)", async () => {
    expect(table(await getReport(t.db, MARCH), "pagamentos").rows).toEqual([
      ["A combinar", 1, 1_234_50],
      ["Cartão de Crédito", 1, 234_70],
      ["PIX", 1, 89_90],
    ]);
  });

  it("top products by units sold", async () => {
    expect(table(await getReport(t.db, MARCH), "produtos").rows).toEqual([
      ["Sandália Rasteira", 3, 269_70],
      ["Bola de Futebol", 1, 1_234_50],
      ["Boné Aba Curva", 1, 49_90],
      ["Tênis sob consulta", 1, 0],
    ]);
  });
});

describe("the page (/admin/relatorios)", () => {
  const load = (search: string) =>
    pageLoader({ request: requestAs(admin, `/admin/relatorios${search}`), context, params: {} } as Parameters<typeof pageLoader>[0]);

  it("shows the chosen period", async () => {
    const data = await load("?de=2026-03-01&ate=2026-03-31&por=dia");
    expect(data.error).toBeNull();
    expect(data.query).toEqual(MARCH);
    expect(data.report.summary.orders).toBe(3);
  });

  it("answers a wrong period with the message and the last 30 days, not an error page", async () => {
    const data = await load("?de=2026-13-01&ate=2026-03-31");
    expect(data.error).toBe(REPORT_MESSAGES.invalidDate);
    expect(data.query.group).toBe("dia");
    expect(data.report.tables).toHaveLength(REPORT_TABLES.length);
  });
});

describe("CSV export (/admin/relatorios/exportar.csv)", () => {
  const download = async (search: string, who: SignedInUser | null = admin) => {
    try {
      return (await csvLoader({ request: requestAs(who, `/admin/relatorios/exportar.csv${search}`), context, params: {} } as Parameters<
        typeof csvLoader
      >[0])) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };

  it("sends one table as UTF-8 with BOM, ';' between columns and a decimal comma, named after the period", async () => {
    const response = await download("?de=2026-03-01&ate=2026-03-31&por=dia&tabela=vendas");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="relatorio-vendas-2026-03-01-a-2026-03-31.csv"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Período;Pedidos;Faturamento (R$)");
    expect(lines[1]).toBe("01/03/2026;1;234,70");
    expect(lines[31]).toBe("31/03/2026;1;1234,50");
    expect(lines).toHaveLength(33); // header, 31 days, and the final line break
  });

  it("exports every table with its own header", async () => {
    const headers: Record<string, string> = {
      lojas: "Loja;Pedidos;Itens vendidos;Antes dos cupons (R$);Depois dos cupons (R$)",
      categorias: "Categoria;Pedidos;Itens vendidos;Antes dos cupons (R$);Depois dos cupons (R$)",
      pagamentos: "Forma de pagamento;Pedidos;Faturamento (R$)",
      produtos: "Produto;Quantidade;Faturamento (R$)",
      unidades: "Loja física;Pedidos;Faturamento (R$);Checkout (R$);Carrinho (R$);Balcão (R$)",
    };
    for (const [id, header] of Object.entries(headers)) {
      const response = await download(`?de=2026-03-01&ate=2026-03-31&tabela=${id}`);
      expect(response.headers.get("content-disposition")).toContain(`relatorio-${id}-2026-03-01-a-2026-03-31.csv`);
      const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
      expect(lines[0]).toBe(header);
    }
    const products = await (await download("?de=2026-03-01&ate=2026-03-31&tabela=produtos")).text();
    expect(products).toContain("\r\nSandália Rasteira;3;269,70\r\n");
  });

  it("refuses a wrong period or table with a 400 and a pt-BR message", async () => {
    const wrongPeriod = await download("?de=2026-03-31&ate=2026-03-01&tabela=vendas");
    expect(wrongPeriod.status).toBe(400);
    expect(await wrongPeriod.text()).toBe(REPORT_MESSAGES.reversed);
    const wrongTable = await download("?tabela=senhas");
    expect(wrongTable.status).toBe(400);
    expect(await wrongTable.text()).toBe("Tabela de relatório desconhecida.");
  });

  it("is for admins only", async () => {
    const customer = await signedInUser(context, "customer");
    expect((await download("?tabela=vendas", customer)).headers.get("location")).toBe("/");
    const anonymous = await download("?tabela=vendas", null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/admin/relatorios/exportar.csv?tabela=vendas")}`);
  });
});
