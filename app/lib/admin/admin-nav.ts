/** The admin sidebar, in the spec's order plus the reports, sales channels, import and audit log screens. */
export const ADMIN_NAV = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/produtos", label: "Produtos", end: false },
  { to: "/admin/balcao", label: "Balcão", end: true },
  { to: "/admin/balcao/balanco", label: "Balanço", end: false },
  { to: "/admin/pedidos", label: "Pedidos", end: false },
  { to: "/admin/clientes", label: "Clientes", end: false },
  { to: "/admin/configuracoes", label: "Configurações", end: false },
  { to: "/admin/cupons", label: "Cupons", end: false },
  { to: "/admin/entregas", label: "Entregas", end: false },
  { to: "/admin/relatorios", label: "Relatórios", end: false },
  { to: "/admin/canais", label: "Canais de venda", end: false },
  { to: "/admin/importar", label: "Importar", end: false },
  { to: "/admin/auditoria", label: "Registro de alterações", end: false },
  { to: "/admin/avisos", label: "Avisos de pedidos", end: false },
] as const;
