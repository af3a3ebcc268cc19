// The admin dashboard's figures (app/server/read-models/dashboard.server.ts computes them; the stat cards show them).

export type DashboardStats = {
  /** Centavos, orders not cancelled. */
  revenueCents: number;
  orders: number;
  products: number;
  /** Accounts with the customer role. */
  customers: number;
  pending: number;
  /** Delivered orders. */
  completed: number;
  /** Revenue / orders, in centavos; 0 without orders. */
  averageTicketCents: number;
  /** Sales today (centavos, orders not cancelled, the shop's day), and on the same weekday last week. */
  todayRevenueCents: number;
  sameDayLastWeekRevenueCents: number;
};

/** A size × colour with 0–3 units (size and colour '' when the product has none). */
/** A size × colour at 0–3 units at a store that carries it (has held units of it: a row in variant_stock). */
export type LowStockVariant = { productId: number; name: string; size: string; color: string; stock: number; store: string };

/** A product whose one stock number the variants migration spread over its sizes: the clerk counts them. */
export type StockReviewProduct = { id: number; name: string };

/** The dashboard's address with this parameter shows what "Remover produtos de demonstração" would remove, to confirm. */
export const CONFIRM_DEMO_REMOVAL_PARAM = "remover-demonstracao";
export const DEMO_REMOVAL_UNCONFIRMED = "Confirme a remoção depois de ver o que será removido.";
