import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/storefront/layout.tsx", [
    index("routes/storefront/home.tsx"),
    route("produtos", "routes/storefront/products.tsx", { id: "products" }),
    // The four shop routes are the product list with the shop preselected.
    route("calcados", "routes/storefront/products.tsx", { id: "shop-calcados" }),
    route("variedades", "routes/storefront/products.tsx", { id: "shop-variedades" }),
    route("kids", "routes/storefront/products.tsx", { id: "shop-kids" }),
    route("sports", "routes/storefront/products.tsx", { id: "shop-sports" }),
    route("produto/:id", "routes/storefront/product.tsx"),
    route("lojas", "routes/storefront/stores.tsx"),
    route("carrinho", "routes/storefront/cart.tsx"),
    route("checkout", "routes/storefront/checkout.tsx"),
    route("pedido", "routes/storefront/quick-order.tsx"),
    route("pedido/:token", "routes/storefront/order.tsx"),
    route("*", "routes/storefront/not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
] satisfies RouteConfig;
