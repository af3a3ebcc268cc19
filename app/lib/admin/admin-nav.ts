import type { StaffCapability } from "../staff/staff-roles";

type AdminNavItem = { to: string; label: string; end: boolean; capability: StaffCapability };

/**
 * The admin sidebar, in the spec's order plus the reports, sales channels, import, audit log and staff
 * screens; each shown to the roles whose capability opens it (the server checks it again).
 */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: "/admin", label: "Dashboard", end: true, capability: "dashboard" },
  { to: "/admin/produtos", label: "Produtos", end: false, capability: "products" },
  { to: "/admin/balcao", label: "Balcão", end: true, capability: "counter" },
  { to: "/admin/balcao/balanco", label: "Balanço", end: false, capability: "counter" },
  { to: "/admin/estoque", label: "Estoque", end: false, capability: "stock" },
  { to: "/admin/entradas", label: "Entradas", end: false, capability: "stock" },
  { to: "/admin/pedidos", label: "Pedidos", end: false, capability: "orders" },
  { to: "/admin/clientes", label: "Clientes", end: false, capability: "customers" },
  { to: "/admin/configuracoes", label: "Configurações", end: false, capability: "settings" },
  { to: "/admin/cupons", label: "Cupons", end: false, capability: "coupons" },
  { to: "/admin/entregas", label: "Entregas", end: false, capability: "delivery" },
  { to: "/admin/relatorios", label: "Relatórios", end: false, capability: "reports" },
  { to: "/admin/canais", label: "Canais de venda", end: false, capability: "channels" },
  { to: "/admin/importar", label: "Importar", end: false, capability: "products" },
  { to: "/admin/auditoria", label: "Registro de alterações", end: false, capability: "audit" },
  { to: "/admin/equipe", label: "Equipe", end: false, capability: "staff" },
  { to: "/admin/avisos", label: "Avisos de pedidos", end: false, capability: "notifications" },
];

/** The menu a member of staff with these capabilities sees. */
export function adminNavFor(capabilities: readonly StaffCapability[]): readonly AdminNavItem[] {
  return ADMIN_NAV.filter((item) => capabilities.includes(item.capability));
}
