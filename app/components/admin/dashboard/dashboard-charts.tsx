// Recharts for the dashboard. Loaded on demand by the dashboard route (React.lazy), so neither the
// storefront nor the dashboard's first paint waits for the chart library.
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatBRL } from "~/lib/format/money";

const compactBRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", notation: "compact", maximumFractionDigits: 1 });

export type SalesPoint = { label: string; revenueCents: number; orders: number };
export type StatusSlice = { label: string; count: number; color: string };
export type ProductBar = { name: string; quantity: number };

export function SalesChart({ data }: { data: SalesPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tickLine={false} />
        {/* Wide enough for "R$ 22,5 mil" at 12 px: narrower, the labels were clipped ("$ 2,2 mil"). */}
        <YAxis tickFormatter={(value: number) => compactBRL.format(value / 100)} width={88} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(value) => [formatBRL(Number(value)), "Faturamento"]} />
        <Bar dataKey="revenueCents" name="Faturamento" fill="#b91c1c" radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function StatusChart({ data }: { data: StatusSlice[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart accessibilityLayer={false}>
        {/* The chart is aria-hidden (its table has the figures): nothing in it may take focus. */}
        <Pie rootTabIndex={-1} data={data.filter((slice) => slice.count > 0)} dataKey="count" nameKey="label" innerRadius="45%" outerRadius="75%" paddingAngle={2}>
          {data
            .filter((slice) => slice.count > 0)
            .map((slice) => (
              <Cell key={slice.label} fill={slice.color} />
            ))}
        </Pie>
        <Tooltip formatter={(value, name) => [String(value), String(name)]} />
        <Legend verticalAlign="bottom" />
      </PieChart>
    </ResponsiveContainer>
  );
}

export function TopProductsChart({ data }: { data: ProductBar[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} />
        <YAxis type="category" dataKey="name" width={130} tick={{ fontSize: 12 }} tickFormatter={(name: string) => (name.length > 20 ? `${name.slice(0, 19)}…` : name)} />
        <Tooltip formatter={(value) => [String(value), "Unidades"]} />
        <Bar dataKey="quantity" name="Unidades" fill="#0f766e" radius={[0, 4, 4, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
