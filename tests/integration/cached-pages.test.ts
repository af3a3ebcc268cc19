// The page cache keeps the addresses the routes declare (their modules' `handle`, server/cached-pages.ts)
// and reads a page's scope from the same declarations: these hold the storefront's own links to them,
// so renaming a route, or a link helper, without the other fails here instead of leaving the cache
// keeping (or clearing) the wrong pages.
import { beforeAll, describe, expect, it } from "vitest";
import { SHOP_SLUGS } from "~/lib/catalog/catalog";
import { mainNav, productPath, shopPath } from "~/lib/pages/navigation";
import { cachedPagesOf, type CachedPages } from "../../server/cached-pages";
import { storefrontCachedPages } from "../setup/cached-pages";

let pages: CachedPages;
beforeAll(async () => {
  pages = await storefrontCachedPages();
});

const scope = (url: string, html = "") => {
  const { productIds, list } = pages.scopeOf(url, html);
  return { productIds: [...productIds], list };
};

describe("the page cache's addresses, from the routes' declarations", () => {
  it("keeps every catalogue page as the storefront links it", () => {
    const shops = SHOP_SLUGS.map((slug) => ({ slug, shortName: slug }));
    const linked = [...mainNav(shops).map((link) => link.to), productPath(7), productPath(1_234_567_890), "/carrinho"];
    for (const path of linked) expect(pages.isCached(path), path).toBe(true);
  });

  it("keeps nothing else: other routes, other spellings, client data requests, ids that are none", () => {
    const others = ["/checkout", "/Checkout", "/conta", "/login", "/pedido", "/admin", "/Produtos", "/produtos/", "/produtos.data", "/produto/0", "/produto/abc", "/produto/12345678901", "/produto/7/x", "/produto%2F7", "/nada", "/api/eu"];
    for (const path of others) expect(pages.isCached(path), path).toBe(false);
  });

  it("names the product of a product page and of every product link in a page", () => {
    expect(scope(productPath(7))).toEqual({ productIds: [7], list: null });
    expect(scope("/lojas", `<a href="${productPath(3)}">a</a><a href="${productPath(41)}">b</a>`).productIds).toEqual([3, 41]);
  });

  it("names the shop a list shows as the change notifications name shops (their slugs), from the address as its loader reads it", () => {
    expect(scope("/").list).toEqual({ shop: null });
    expect(scope("/produtos").list).toEqual({ shop: null });
    expect(scope("/produtos?loja=nenhuma").list).toEqual({ shop: null });
    for (const slug of SHOP_SLUGS) {
      expect(scope(shopPath(slug)).list, slug).toEqual({ shop: slug });
      expect(scope(`/produtos?loja=${slug}`).list, slug).toEqual({ shop: slug });
    }
    expect(scope("/lojas").list).toBeNull();
    expect(scope("/carrinho").list).toBeNull();
  });

  it("refuses a kept page whose address holds anything but its declared product", () => {
    const declared = (path: string, handle: unknown) => () => cachedPagesOf([{ id: "root", path: "" }, { id: "page", parentId: "root", path, handle }]);
    expect(declared("loja/:slug", { pageCache: {} })).toThrow(/:slug/);
    expect(declared("produto/:id", { pageCache: { productParam: "codigo" } })).toThrow(/:id/);
    expect(declared("produto/:id", { pageCache: { productParam: "id" } })).not.toThrow();
    expect(declared("*", { pageCache: {} })).toThrow();
  });
});
