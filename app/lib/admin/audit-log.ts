// The admin audit log as /admin/auditoria shows it: what the recorded codes mean in Portuguese and
// how a recorded value reads. The rows are written by app/server/group/audit-log.server.ts.
import { formatBRL } from "../format/money";
import { COUPON_KIND_LABELS, COUPON_KINDS, type CouponKind, formatCouponDay } from "../coupons/coupons";
import { isOrderStatus, orderStatusLabel } from "../orders/order-status";
import { isStaffRole, STAFF_ROLE_LABELS } from "../staff/staff-roles";
import { STATUS_MESSAGE_LABELS } from "../orders/status-messages";
import { TAX_REGIME_LABELS, type TaxRegime } from "../fiscal/store-fiscal";

export const AUDIT_ENTITY_TYPES = ["product", "order", "user", "review", "settings", "store_location", "channels", "coupon", "delivery"] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export function isAuditEntityType(value: unknown): value is AuditEntityType {
  return typeof value === "string" && (AUDIT_ENTITY_TYPES as readonly string[]).includes(value);
}

export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  product: "Produtos",
  order: "Pedidos",
  user: "Contas",
  review: "Avaliações",
  settings: "Configurações",
  store_location: "Lojas físicas",
  channels: "Canais de venda",
  coupon: "Cupons",
  delivery: "Entregas",
};

export const AUDIT_ACTIONS = {
  "product.create": "Criou o produto",
  "product.update": "Alterou o produto",
  "product.delete": "Excluiu o produto",
  "product.csv_create": "Criou o produto pela importação CSV",
  "product.csv_update": "Alterou o produto pela importação CSV",
  "product.import_starter": "Importou o produto inicial",
  "product.demo_remove": "Removeu os produtos de demonstração",
  "order.status": "Mudou o status do pedido",
  "user.create_admin": "Criou a conta de administrador",
  "user.promote": "Tornou administrador",
  "user.demote": "Tirou o acesso de administrador",
  "user.staff_role": "Mudou o perfil na equipe",
  "review.hide": "Ocultou a avaliação",
  "review.show": "Voltou a mostrar a avaliação",
  "settings.update": "Alterou as configurações",
  "settings.public_origin": "Confirmou o endereço público da loja",
  "store_location.update": "Alterou a loja física",
  "store_location.fiscal": "Alterou os dados fiscais da loja",
  "category.fiscal": "Alterou o NCM padrão da categoria",
  "coupon.create": "Criou o cupom",
  "coupon.update": "Alterou o cupom",
  "coupon.pause": "Pausou o cupom",
  "coupon.resume": "Reativou o cupom",
  "channels.product": "Mudou o produto nos canais de venda",
  "channels.shop": "Mudou a loja nos canais de venda",
  "channels.category": "Corrigiu a categoria do Google",
  "delivery.zone_save": "Salvou o bairro de entrega",
  "delivery.zone_delete": "Excluiu o bairro de entrega",
  "delivery.rate_save": "Salvou o frete do estado",
  "delivery.rate_delete": "Excluiu o frete do estado",
  "order.tracking": "Informou o código de rastreio",
  "order.payment": "Marcou o pedido como pago",
  "order.refund": "Devolveu pagamento do pedido",
  "order.counter_sale": "Vendeu no balcão",
  "product.stock_count": "Aplicou o balanço da loja",
  "order.store": "Mudou a loja que atende o pedido",
  "stock.transfer": "Transferiu unidades entre lojas",
  "stock.receive": "Deu entrada na nota do fornecedor",
  "fiscal.cancel": "Cancelou a nota fiscal",
  "fiscal.reissue": "Pediu a nota fiscal de novo",
  "fiscal.export": "Baixou as notas fiscais do mês",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Recorded field → its name on the page; fields not listed show as recorded. */
const FIELD_LABELS: Record<string, string> = {
  inChannels: "Nos canais de venda",
  googleCategory: "Categoria do Google",
  name: "Nome",
  description: "Descrição",
  category: "Categoria",
  subcategory: "Subcategoria",
  brand: "Marca",
  gender: "Gênero",
  store: "Loja",
  priceCents: "Preço",
  oldPriceCents: "Preço antigo",
  stock: "Estoque",
  sizes: "Tamanhos",
  colors: "Cores",
  featured: "Destaque",
  active: "Ativo",
  images: "Imagens",
  status: "Status",
  role: "Papel",
  staffRole: "Perfil na equipe",
  staffStore: "Loja do vendedor",
  email: "E-mail",
  hidden: "Oculta",
  created: "Criados",
  demoProducts: "Produtos de demonstração",
  weightGrams: "Peso (g)",
  heightCm: "Altura (cm)",
  widthCm: "Largura (cm)",
  lengthCm: "Comprimento (cm)",
  storeStock: "Estoque por loja",
  missing: "Faltou na entrega",
  removed: "Removidos",
  demoOrders: "Pedidos com produtos de demonstração (guardados à parte)",
  units: "Unidades em estoque",
  ordersKept: "Pedidos com esses produtos (mantidos nas vendas)",
  updated: "Atualizados",
  address: "Endereço",
  phone: "Telefone",
  whatsapp: "WhatsApp",
  hours: "Horário",
  lat: "Latitude",
  lng: "Longitude",
  servesOnline: "Vende no site",
  storeName: "Nome da loja",
  publicOrigin: "Endereço público",
  storeEmail: "E-mail da loja",
  storePhone: "Telefone da loja",
  storeWhatsApp: "WhatsApp da loja",
  freeShippingMinCents: "Frete grátis a partir de",
  deliveryFeeCents: "Taxa de entrega",
  deliveryCities: "Cidades de entrega",
  deliveryDays: "Dias de entrega",
  paymentMethods: "Formas de pagamento",
  maxInstallments: "Parcelas",
  emailNotifications: "Avisos por e-mail",
  whatsappNotifications: "Avisos por WhatsApp",
  orderNotifications: "Avisos de pedidos",
  instagram: "Instagram",
  facebook: "Facebook",
  businessHours: "Horário de funcionamento",
  pixKey: "Chave PIX",
  pixMerchantName: "Nome no PIX",
  pixMerchantCity: "Cidade no PIX",
  pix: "PIX",
  creditCard: "Cartão de Crédito",
  debitCard: "Cartão de Débito",
  cash: "Dinheiro",
  storeCredit: "Crediário da Loja",
  // Coupons, in the words of their form.
  code: "Código",
  kind: "Tipo de desconto",
  percentOff: "Porcentagem",
  amountOffCents: "Valor do desconto",
  freeDelivery: "Também entrega grátis",
  minSubtotalCents: "Compra mínima",
  shopIds: "Só nas lojas",
  categories: "Só nas categorias",
  productIds: "Só nos produtos",
  validFrom: "Válido de",
  validUntil: "Válido até",
  maxUses: "Limite de usos",
  maxUsesPerShopper: "Usos por cliente",
  firstPurchaseOnly: "Só na primeira compra",
  // An order's payment (app/server/payments/admin-order-payment.server.ts).
  payment: "Pagamento",
  amount: "Valor",
  refund: "Devolução",
  reason: "Motivo",
  state: "Situação",
  trackingCode: "Código de rastreio",
  // A counter sale (app/server/orders/order-placing.server.ts).
  items: "Itens",
  totalCents: "Total",
  // Delivery zones and the table by state, in the words of /admin/entregas.
  city: "Cidade",
  neighborhood: "Bairro",
  feeCents: "Taxa de entrega",
  freeAboveCents: "Grátis a partir de",
  deliveryTime: "Prazo de entrega",
  cutoff: "Horário limite",
  // Fiscal data (docs/fiscal.md): a store's identity, a product's and a variant's fields.
  cnpj: "CNPJ",
  stateRegistration: "Inscrição Estadual",
  taxRegime: "Regime tributário",
  nfceSeries: "Série da NFC-e",
  nfeSeries: "Série da NF-e",
  cscId: "Identificador do CSC",
  cscToken: "Token do CSC",
  ncm: "NCM",
  cfopInState: "CFOP dentro de PE",
  cfopOutOfState: "CFOP fora de PE",
  taxOrigin: "Origem da mercadoria",
  taxSituation: "CSOSN/CST",
  cest: "CEST",
  eans: "EAN (código de barras)",
  // Settings fields the list above did not name.
  storeArticle: "Artigo antes do nome",
  statusMessages: "Mensagens de status no WhatsApp",
  ...STATUS_MESSAGE_LABELS,
};

/** A field whose name means another thing in one kind of entry: a delivery's `state` is the UF, a refund's its situation. */
const ENTITY_FIELD_LABELS: Partial<Record<AuditEntityType, Record<string, string>>> = {
  delivery: { state: "UF" },
};

export function auditFieldLabel(field: string, entityType: string | null = null): string {
  return (isAuditEntityType(entityType) ? ENTITY_FIELD_LABELS[entityType]?.[field] : undefined) ?? FIELD_LABELS[field] ?? field;
}

export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}

const isCouponKind = (value: unknown): value is CouponKind => typeof value === "string" && (COUPON_KINDS as readonly string[]).includes(value);

const ROLE_LABELS: Record<string, string> = { admin: "Administrador", customer: "Cliente" };

/**
 * One recorded value as text: money in reais, statuses and roles in Portuguese, lists joined. An
 * order's status reads as everywhere else, which needs the order's delivery method ('Pronto para
 * retirada' for a pick-up order's 'Enviado').
 */
export function formatAuditValue(field: string, value: unknown, orderDeliveryMethod: string | null = null): string {
  if (value === null || value === undefined || value === "") return "—";
  if (field.endsWith("Cents") && typeof value === "number") return formatBRL(value);
  if (field === "status" && isOrderStatus(value)) return orderStatusLabel(value, orderDeliveryMethod);
  if (field === "role" && typeof value === "string") return ROLE_LABELS[value] ?? value;
  if (field === "staffRole" && isStaffRole(value)) return STAFF_ROLE_LABELS[value];
  if (field === "kind" && isCouponKind(value)) return COUPON_KIND_LABELS[value];
  if (field === "percentOff" && typeof value === "number") return `${value}%`;
  if ((field === "validFrom" || field === "validUntil") && typeof value === "string") return formatCouponDay(value);
  if (field === "taxRegime" && typeof value === "string") return TAX_REGIME_LABELS[value as TaxRegime] ?? value;
  if (typeof value === "boolean") return value ? "sim" : "não";
  if (Array.isArray(value)) return value.length ? value.map((item) => formatAuditValue("", item)).join(", ") : "—";
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${auditFieldLabel(key)}: ${formatAuditValue(key, item)}`)
      .join("; ");
  }
  return String(value);
}

export type AuditChange = { field: string; before: unknown; after: unknown };

export type AuditEntry = {
  id: number;
  at: string;
  actorName: string;
  actorEmail: string;
  action: string;
  entityType: string;
  entityId: string | null;
  entityLabel: string;
  /** A creation has no 'before' and a deletion no 'after': the page then shows the one side alone. */
  kind: "create" | "update" | "delete";
  changes: AuditChange[];
  /** An order's delivery method as recorded (null for other entities, or an order since deleted). */
  orderDeliveryMethod: string | null;
};

export type AuditLogPage = { entries: AuditEntry[]; total: number; page: number; pageCount: number };
