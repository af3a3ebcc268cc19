import type { DashboardStats } from "~/lib/admin/dashboard";
import { formatBRL } from "~/lib/format/money";
import { SHOP_TIME_ZONE } from "~/lib/format/shop-time";

const integer = new Intl.NumberFormat("pt-BR");

/** "Terça passada", "Sábado passado": today's weekday a week ago, in the shop's time zone. */
function sameDayLastWeek(): string {
  const weekday = new Intl.DateTimeFormat("pt-BR", { weekday: "long", timeZone: SHOP_TIME_ZONE }).format(new Date()).replace("-feira", "");
  const masculine = weekday === "sábado" || weekday === "domingo";
  return `${weekday[0]!.toUpperCase()}${weekday.slice(1)} ${masculine ? "passado" : "passada"}`;
}

/** The dashboard's stat cards (revenue, orders, products, customers, pending and delivered orders, average ticket, today's sales): app/server/read-models/dashboard.server.ts computes them. */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const cards = [
    { label: "Faturamento", value: formatBRL(stats.revenueCents), hint: "Pedidos não cancelados" },
    { label: "Pedidos", value: integer.format(stats.orders), hint: "Todos, com os cancelados" },
    { label: "Produtos", value: integer.format(stats.products) },
    { label: "Clientes", value: integer.format(stats.customers) },
    { label: "Pendentes", value: integer.format(stats.pending) },
    { label: "Concluídos", value: integer.format(stats.completed), hint: "Pedidos entregues" },
    { label: "Ticket médio", value: formatBRL(stats.averageTicketCents), hint: "Faturamento ÷ pedidos não cancelados" },
    // What a clerk acts on: is today going better or worse than the same day last week?
    { label: "Vendas hoje", value: formatBRL(stats.todayRevenueCents), hint: `${sameDayLastWeek()}: ${formatBRL(stats.sameDayLastWeekRevenueCents)}` },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.label} className="rounded-2xl bg-white p-4 shadow-sm sm:p-5">
          <dt className="text-sm text-slate-600">{card.label}</dt>
          <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl">{card.value}</dd>
          {card.hint ? <dd className="mt-0.5 text-xs text-slate-500">{card.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
