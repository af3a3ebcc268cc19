// What each member of staff may do in /admin: the one table of role → capabilities. The server checks
// a capability in every admin loader and action (requireStaffPermission in
// app/server/auth/guards.server.ts); the admin menu shows only what the role may open. docs/roles.md
// says the same in words.

/** Same values as STAFF_ROLES in database/auth-schema.ts (the column's check). */
export const STAFF_ROLES = ["dono", "gerente", "vendedor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { dono: "Dono", gerente: "Gerente", vendedor: "Vendedor" };

/** One sentence per role, for the staff screen and `npm run admin`. */
export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  dono: "Tudo, inclusive a equipe, o dinheiro da loja (chave PIX, formas de pagamento), o endereço, WhatsApp e e-mail da loja e os dados fiscais das lojas.",
  gerente: "Tudo, menos a equipe, o dinheiro da loja, o endereço, WhatsApp e e-mail da loja e os dados fiscais das lojas.",
  vendedor: "Balcão, pedidos e estoque da sua loja; sem preços, configurações, cupons, relatórios ou outras lojas.",
};

export const STAFF_CAPABILITIES = [
  /** The dashboard (sales figures, low stock of every store). */
  "dashboard",
  /**
   * Products: every field but the stock (prices, names, images), the import and the product CSV, the
   * product picker (inactive products, prices) and hiding a customer's review.
   */
  "products",
  /** Writing stock; a Vendedor only their own store's. */
  "stock",
  /** Orders: list, detail, status, tracking, live events; a Vendedor only their own store's. */
  "orders",
  /**
   * Changing the store that serves an order ('Loja que atende'): its units move from one store's shelf
   * to another's, so a store-bound role (Vendedor) does not.
   */
  "order-store",
  /** The counter sale and the stock count (balanço) at a store: /admin/balcao, /admin/balcao/balanco. */
  "counter",
  "customers",
  /** Settings other than the money ones. */
  "settings",
  /** The shop's money settings: PIX key and receiver, payment methods, installments, Pix provider. */
  "money-settings",
  /**
   * Where the shop is reached and what its links start with: the public address (password-reset links,
   * the Pix webhook the bank calls), the shop's WhatsApp number and e-mail (orders and new-order
   * e-mails). Whoever sets them can take over the shop, so they are the Dono's, like the money.
   */
  "shop-contact",
  /**
   * Each store as a fiscal establishment: CNPJ, Inscrição Estadual, regime, series, and the CSC whose
   * token signs the NFC-e's QR code. The Dono's alone: a Gerente or Vendedor never sees them.
   */
  "fiscal-identity",
  /** Giving a payment back (a Pix refund, total or partial): money leaving the shop. */
  "refunds",
  /** Fiscal documents: cancelling an authorised NFC-e/NF-e, and the accountant's monthly XML/DANFE export. */
  "fiscal",
  "coupons",
  "delivery",
  /** Reports and their CSV. */
  "reports",
  "audit",
  /** Sales channels: feeds, price cards and sheets, QR codes. */
  "channels",
  /** New-order notifications on this device (and the admin's service worker). */
  "notifications",
  /** The staff screen (/admin/equipe): who is staff, with which role and store. */
  "staff",
] as const;
export type StaffCapability = (typeof STAFF_CAPABILITIES)[number];

const DONO_ONLY: readonly StaffCapability[] = ["staff", "money-settings", "shop-contact", "fiscal-identity"];
const GERENTE: readonly StaffCapability[] = STAFF_CAPABILITIES.filter((capability) => !DONO_ONLY.includes(capability));

export const ROLE_CAPABILITIES: Record<StaffRole, readonly StaffCapability[]> = {
  dono: STAFF_CAPABILITIES,
  gerente: GERENTE,
  vendedor: ["orders", "stock", "counter", "notifications"],
};

export function roleMay(role: StaffRole, capability: StaffCapability): boolean {
  return ROLE_CAPABILITIES[role].includes(capability);
}

/** Roles whose orders and stock are limited to one store (their staff account names it). */
export function roleIsStoreBound(role: StaffRole): boolean {
  return role === "vendedor";
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Where a member of staff lands in /admin: the dashboard, or the first screen their role opens. */
export function staffHomePath(role: StaffRole): string {
  return roleMay(role, "dashboard") ? "/admin" : "/admin/pedidos";
}
