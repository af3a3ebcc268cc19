import { data, Link, redirect } from "react-router";
import { salesWithoutNote } from "~/server/fiscal/fiscal-documents.server";
import { SHOP_TIME_ZONE } from "~/lib/format/shop-time";
import { DemoProductsNotice } from "~/components/admin/dashboard/demo-products-notice";
import { CONFIRM_DEMO_REMOVAL_PARAM, DEMO_REMOVAL_UNCONFIRMED } from "~/lib/admin/dashboard";
import { actionRefusal } from "~/lib/forms/action-result";
import { countDemoProducts, previewDemoProductsRemoval, removeDemoProducts } from "~/server/catalog/demo-products.server";
import { mediaStorageOf } from "~/server/media/media-storage.server";
import { readFormData } from "~/server/requests/form-data.server";
import { ChartCard, ChartTable } from "~/components/admin/dashboard/chart-card";
import { RecentOrders } from "~/components/admin/dashboard/recent-orders";
import { StatCards } from "~/components/admin/dashboard/stat-cards";
import { FiscalDataMissing, LowStock, StockReview } from "~/components/admin/dashboard/stock-alerts";
import { DeliveryFailureAlerts, FiscalSummary, PlaceholderWhatsAppAlerts } from "~/components/admin/dashboard/dashboard-alerts";
import { productsMissingFiscalData } from "~/server/fiscal/product-fiscal.server";
import { MISSING_FISCAL_DATA_SHOWN } from "~/lib/fiscal/product-fiscal";
import { formatBRL } from "~/lib/format/money";
import { ORDER_STATUS_LABELS, type ShownOrderStatus } from "~/lib/orders/order-status";
import { monthLabel } from "~/lib/admin/reports";
import { isPlaceholderWhatsApp } from "~/lib/orders/whatsapp";
import { requireAdmin, requireStaffPermission } from "~/server/auth/guards.server";
import { roleMay, staffHomePath } from "~/lib/staff/staff-roles";
import { pendingEmails } from "~/server/email/email-queue.server";
import { getDashboard } from "~/server/read-models/dashboard.server";
import { listStoreLocations } from "~/server/catalog/products.server";
import { getSettings } from "~/server/group/settings.server";
import type { Route } from "./+types/dashboard";
import { adminMeta } from "~/lib/admin/admin-meta";
import { lazyExport } from "~/components/ui/lazy-export";

// Recharts is large: its chunk loads in the browser after the page (with its figures) is shown.
const charts = () => import("~/components/admin/dashboard/dashboard-charts");
const SalesChart = lazyExport(charts, "SalesChart");
const StatusChart = lazyExport(charts, "StatusChart");
const TopProductsChart = lazyExport(charts, "TopProductsChart");

const STATUS_COLOURS: Record<ShownOrderStatus, string> = {
  pending: "#d97706",
  processing: "#0284c7",
  shipped: "#4f46e5",
  pickup_ready: "#7c3aed",
  delivered: "#16a34a",
  cancelled: "#64748b",
};

/** "2026-11": this month in the shop's time zone, as the fiscal export takes it. */
const shopMonth = (date: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit" }).format(date).slice(0, 7);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context);
  // /admin is where everyone lands (the menu's title, the installed app): a role without the
  // dashboard goes on to its own first screen.
  if (!roleMay(user.staffRole, "dashboard")) throw redirect(staffHomePath(user.staffRole));
  const [dashboard, settings, emails, locations, demoProducts, fiscalMissing] = await Promise.all([
    getDashboard(context.db),
    getSettings(context.db),
    pendingEmails(context.db),
    listStoreLocations(context.db),
    countDemoProducts(context.db),
    productsMissingFiscalData(context.db, MISSING_FISCAL_DATA_SHOWN),
  ]);
  const params = new URL(request.url).searchParams;
  const removedProducts = Number(params.get("demoRemovidos"));
  // The button's second step: what would go, for the owner to confirm.
  const demoRemoval = demoProducts > 0 && params.has(CONFIRM_DEMO_REMOVAL_PARAM) ? await previewDemoProductsRemoval(context.db) : null;
  return {
    ...dashboard,
    demoProducts,
    fiscalMissing,
    demoRemoval,
    demoRemoved: params.has("demoRemovidos") && Number.isSafeInteger(removedProducts)
      ? { products: removedProducts, units: Number(params.get("demoUnidades")) || 0, orders: Number(params.get("demoPedidos")) || 0 }
      : null,
    // Fiscal documents on: the sales still without an authorised note, and the accountant's ZIP for a role that may take it.
    fiscal: context.config.fiscal ? { withoutNote: await salesWithoutNote(context.db), mayExport: roleMay(user.staffRole, "fiscal"), month: shopMonth(new Date()) } : null,
    whatsappPlaceholder: isPlaceholderWhatsApp(settings.storeWhatsApp),
    storesWithPlaceholder: locations.filter((location) => isPlaceholderWhatsApp(location.whatsapp)).map((location) => location.name),
    emails,
  };
}

/** "Remover produtos de demonstração", confirmed: every demo product and its stock; orders stay as they are. */
export async function action({ request, context }: Route.ActionArgs) {
  // Removing products is a catalogue change (Dono, Gerente), whoever else sees the dashboard.
  const admin = await requireStaffPermission(request, context, "products");
  const form = await readFormData(request);
  if (form.get("intent") !== "remove-demo-products") return data(actionRefusal("Ação desconhecida."), { status: 400 });
  // Only from the confirmation, which said what goes: a stray or repeated tap removes nothing.
  if (form.get("confirmar") !== "sim") return data(actionRefusal(DEMO_REMOVAL_UNCONFIRMED), { status: 400 });
  const removed = await removeDemoProducts(context.db, mediaStorageOf(context.config), admin);
  return redirect(`/admin?demoRemovidos=${removed.products}&demoUnidades=${removed.units}&demoPedidos=${removed.orders}`);
}

export function meta() {
  return adminMeta("Dashboard");
}

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, monthlySales, ordersByStatus, topProducts, recentOrders, lowStock, stockReview, whatsappPlaceholder, storesWithPlaceholder, emails, whatsappFailures } =
    loaderData;
  const demoError = actionData && !actionData.ok ? (actionData.errors.form ?? null) : null;
  const sales = monthlySales.map((month) => ({ label: monthLabel(month.month), revenueCents: month.revenueCents, orders: month.orders }));
  const statuses = ordersByStatus.map((entry) => ({ label: ORDER_STATUS_LABELS[entry.status], count: entry.count, color: STATUS_COLOURS[entry.status] }));

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold">Dashboard</h1>
        <nav aria-label="Atalhos" className="flex flex-wrap gap-2">
          <QuickLink to="/admin/produtos/novo" primary>
            Novo produto
          </QuickLink>
          <QuickLink to="/admin/pedidos">Ver pedidos</QuickLink>
          <QuickLink to="/admin/relatorios">Relatórios</QuickLink>
        </nav>
      </div>

      <PlaceholderWhatsAppAlerts whatsappPlaceholder={whatsappPlaceholder} storesWithPlaceholder={storesWithPlaceholder} />

      {loaderData.fiscal ? <FiscalSummary fiscal={loaderData.fiscal} /> : null}

      <DemoProductsNotice count={loaderData.demoProducts} removal={loaderData.demoRemoval} removed={loaderData.demoRemoved} error={demoError} />

      <DeliveryFailureAlerts emails={emails} whatsappFailures={whatsappFailures} />

      <StockReview products={stockReview.products} total={stockReview.total} />

      <FiscalDataMissing products={loaderData.fiscalMissing.products} total={loaderData.fiscalMissing.total} />

      <StatCards stats={stats} />

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="lg:col-span-2">
          <ChartCard
            title="Vendas dos últimos 6 meses"
            empty={sales.every((month) => month.orders === 0)}
            chart={<SalesChart data={sales} />}
            table={<ChartTable columns={["Mês", "Pedidos", "Faturamento"]} rows={sales.map((month) => [month.label, month.orders, formatBRL(month.revenueCents)])} />}
          />
        </div>
        <ChartCard
          title="Pedidos por status"
          empty={stats.orders === 0}
          chart={<StatusChart data={statuses} />}
          table={<ChartTable columns={["Status", "Pedidos"]} rows={statuses.map((slice) => [slice.label, slice.count])} />}
        />
        <ChartCard
          title="Produtos mais vendidos"
          empty={topProducts.length === 0}
          chart={<TopProductsChart data={topProducts} />}
          table={<ChartTable columns={["Produto", "Unidades"]} rows={topProducts.map((product) => [product.name, product.quantity])} />}
        />
      </div>

      <LowStock variants={lowStock.variants} total={lowStock.total} />

      <RecentOrders orders={recentOrders} />
    </div>
  );
}

function QuickLink({ to, primary, children }: { to: string; primary?: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      className={`rounded-lg px-4 py-2 text-sm font-semibold ${primary ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50"}`}
    >
      {children}
    </Link>
  );
}
