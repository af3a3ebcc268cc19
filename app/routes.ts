import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { SHOP_SLUGS } from "./lib/catalog/catalog";
import { STOREFRONT_LAYOUT_ID } from "./lib/pages/storefront-shell";

export default [
  layout("routes/storefront/layout.tsx", { id: STOREFRONT_LAYOUT_ID }, [
    index("routes/storefront/home.tsx"),
    route("produtos", "routes/storefront/products.tsx", { id: "products" }),
    // A route per shop (/calcados…): the product list with the shop preselected.
    ...SHOP_SLUGS.map((slug) => route(slug, "routes/storefront/products.tsx", { id: `shop-${slug}` })),
    route("produto/:id", "routes/storefront/product.tsx"),
    route("lojas", "routes/storefront/stores.tsx"),
    route("carrinho", "routes/storefront/cart.tsx"),
    route("checkout", "routes/storefront/checkout.tsx"),
    route("pedido", "routes/storefront/quick-order.tsx"),
    route("pedido/:token", "routes/storefront/order.tsx"),
    route("login", "routes/account/login.tsx"),
    route("login/verificacao", "routes/account/login-code.tsx"),
    route("registrar", "routes/account/register.tsx"),
    route("recuperar-senha", "routes/account/forgot-password.tsx"),
    route("redefinir-senha", "routes/account/reset-password.tsx"),
    route("conta", "routes/account/account.tsx"),
    route("conta/duas-etapas", "routes/account/two-factor.tsx"),
    route("conta/confirmar-email", "routes/account/confirm-email.tsx"),
    route("*", "routes/storefront/not-found.tsx"),
  ]),
  // Every admin route sits under this layout, whose loader runs requireAdmin; each module checks again
  // in its own loader and action (tests/integration/admin-authorization.test.ts walks this table).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("produtos", "routes/admin/products.tsx"),
    route("produtos/novo", "routes/admin/product-form.tsx", { id: "admin-product-new" }),
    route("produtos/editar/:id", "routes/admin/product-form.tsx", { id: "admin-product-edit" }),
    route("pedidos", "routes/admin/orders.tsx"),
    route("pedidos/:id", "routes/admin/order.tsx"),
    route("clientes", "routes/admin/customers.tsx"),
    route("configuracoes", "routes/admin/settings.tsx"),
    route("importar", "routes/admin/import.tsx"),
    route("cupons", "routes/admin/coupons.tsx"),
    route("entregas", "routes/admin/delivery.tsx"),
    route("relatorios", "routes/admin/reports.tsx"),
    route("auditoria", "routes/admin/audit-log.tsx"),
    route("canais", "routes/admin/channels.tsx"),
    route("avisos", "routes/admin/push-devices.tsx"),
    route("equipe", "routes/admin/staff.tsx"),
    // The counter sale and the stock count on a clerk's phone (app/server/counter).
    route("balcao", "routes/admin/counter.tsx"),
    route("balcao/recibo/:id", "routes/admin/counter-receipt.tsx"),
    route("balcao/pix/:id", "routes/admin/counter-pix.tsx"),
    route("balcao/balanco", "routes/admin/stock-count.tsx"),
    route("estoque", "routes/admin/store-stock.tsx"),
    route("entradas", "routes/admin/receiving.tsx"),
  ]),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  // The catalogue for Meta and Google (app/server/channels/feeds.server.ts), and its square pictures.
  route("feeds/meta.csv", "routes/feeds/meta-csv.ts"),
  route("feeds/google.xml", "routes/feeds/google-xml.ts"),
  route("feeds/imagens/:file", "routes/feeds/square-image.ts"),
  // The 1200 × 630 share previews of the group and of each shop (app/server/channels/share-images.server.ts).
  route("compartilhar/:file", "routes/api/share-image.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/favoritos", "routes/api/favorites.ts"),
  // Who is signed in, for the storefront page the browser shows (the pages are the same for everyone).
  route("api/eu", "routes/api/personal-view.ts"),
  // The stock of the cart's products, re-checked when the cart opens.
  route("api/estoque", "routes/api/cart-stock.ts"),
  // The checkout's pick-up list: which stores have the cart today, which by a transfer.
  route("api/retirada", "routes/api/pickup-availability.ts"),
  // What a coupon would give the cart (a preview: the order decides again).
  route("api/cupom", "routes/api/coupon-preview.ts"),
  // The Pix provider's announcement of a payment (a hint: the charge is read again from the provider).
  route("api/pix/webhook/*", "routes/api/pix-webhook.ts"),
  // Meta's calls for the shop's WhatsApp number: the messages' statuses and the shoppers' "PARAR".
  route("api/whatsapp/webhook", "routes/api/whatsapp-webhook.ts"),
  // The checkout's delivery step: a CEP's address and how an order can travel there (app/server/delivery).
  route("api/entrega", "routes/api/delivery-lookup.ts"),
  route("sair", "routes/account/sign-out.ts"),
  // Live order events for /admin/pedidos (Server-Sent Events); the loader runs requireAdmin.
  route("admin/pedidos/eventos", "routes/admin/order-events.ts"),
  // One report table as CSV (same query as /admin/relatorios plus `tabela`); the loader runs requireAdmin.
  route("admin/relatorios/exportar.csv", "routes/admin/reports-csv.ts"),
  // The coupons with their uses, discount and sales as CSV; the loader runs requireAdmin.
  route("admin/cupons/exportar.csv", "routes/admin/coupons-csv.ts"),
  // Every product as CSV; the loader runs requireAdmin.
  route("admin/produtos/exportar.csv", "routes/admin/products-csv.ts"),
  // The product picker's choices by name or code (JSON, at most 8); the loader asks for "products".
  route("admin/produtos/busca", "routes/admin/product-picker-search.ts"),
  // Creates one starter product per POST (the import page's progress); loader and action run requireAdmin.
  route("admin/importar/produto-inicial", "routes/admin/import-starter.ts"),
  // Print pages and QR codes for the shop window (/admin/canais); the loaders run requireAdmin.
  route("admin/canais/etiqueta/:id", "routes/admin/price-card.ts"),
  route("admin/canais/cartazes", "routes/admin/price-sheet.ts"),
  route("admin/canais/qr/:id", "routes/admin/product-qr.ts"),
  // The admin's service worker (new-order notifications), scope /admin; the loader runs requireAdmin.
  route("admin/sw.js", "routes/admin/service-worker.ts"),
  // The counter's product search and scanned-code look-up (JSON); the loader runs requireAdmin.
  route("admin/balcao/produtos", "routes/admin/counter-products.ts"),
  // The accountant's monthly ZIP of fiscal notes (?mes=2026-11); the loader checks the "fiscal" capability.
  route("admin/notas-fiscais/exportar", "routes/admin/fiscal-export.ts"),
  // A delivered order's DANFE for whoever holds the order's link.
  route("pedido/:token/danfe", "routes/storefront/order-danfe.ts"),
] satisfies RouteConfig;
