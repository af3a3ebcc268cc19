import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";
import { gotoHydrated } from "./hydration";

test.describe("home", () => {
  test("shows the hero, four featured products, the shops, the benefits and the visit section", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bem-vindo ao Grupo Erick");
    await expect(page.getByRole("link", { name: "Ver Produtos", exact: true })).toHaveAttribute("href", "/produtos");
    await expect(page.getByRole("link", { name: "Falar no WhatsApp" }).first()).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);

    const featured = page.locator("section", { has: page.getByRole("heading", { name: "Produtos em Destaque" }) });
    await expect(featured.getByTestId("product-card")).toHaveCount(4);
    await expect(featured.getByRole("link", { name: "Ver Todos" })).toHaveAttribute("href", "/produtos");

    const shops = page.locator("section", { has: page.getByRole("heading", { name: "Nossas Lojas", exact: true }) }).first();
    const shopLinks: [string, string][] = [
      ["Erick Calçados", "/calcados"],
      ["Erick Variedades", "/variedades"],
      ["Erick Magazine e Kids", "/kids"],
      ["Erick Sports", "/sports"],
    ];
    for (const [name, href] of shopLinks) {
      await expect(shops.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href);
    }
    await expect(page.getByRole("heading", { name: "Por que escolher o Grupo Erick?" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Visite Nossas Lojas" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver Endereços" })).toHaveAttribute("href", "/lojas");
    await expect(page.getByRole("link", { name: "Comprar pelo WhatsApp" })).toBeVisible();
  });

  test("the home page's sections without code in the browser are there after a move inside the app too", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await gotoHydrated(page, "/produtos");
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByRole("link", { name: /página inicial$/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bem-vindo ao Grupo Erick");
    await expect(page.getByRole("link", { name: "Ver Produtos", exact: true })).toHaveAttribute("href", "/produtos");
    await expect(page.getByRole("heading", { name: "Por que escolher o Grupo Erick?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver Endereços" })).toHaveAttribute("href", "/lojas");
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

    // And back again with the browser's own button, from a page reached inside the app.
    await page.getByRole("link", { name: "Ver Produtos", exact: true }).click();
    await expect(page).toHaveURL(/\/produtos$/);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bem-vindo ao Grupo Erick");
    await expect(page.getByRole("heading", { name: "Por que escolher o Grupo Erick?" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(problems).toEqual([]);
  });

  test("footer has the contact block, three Instagram links, the map, 'Como Chegar' and the organization data", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "Ver Todas as Lojas" })).toHaveAttribute("href", "/lojas");
    await expect(footer.getByRole("link", { name: /^@/ })).toHaveCount(3);
    await expect(footer.getByRole("link", { name: "Como Chegar" })).toHaveAttribute("href", /google\.com\/maps\/dir\/.*destination=-8\.\d+,-35\.\d+/);
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    const map = footer.getByRole("button", { name: /Ver mapa/ });
    await expect(map).toHaveCSS("height", "200px");
    const jsonLd = await footer.locator('script[type="application/ld+json"]').textContent();
    expect(JSON.parse(jsonLd ?? "{}")).toMatchObject({ "@type": "Organization", department: expect.any(Array) });
  });

  test("the footer is the server's markup: its code comes when a button in it is pressed, its links stay in the app", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const footerCode = () => scripts.filter((path) => /\/assets\/footer-[\w-]+\.js$/.test(path));
    await gotoHydrated(page, "/");
    const footer = page.locator("footer");
    expect(footerCode()).toEqual([]);

    // A link of the server's markup moves inside the app (the page is not loaded again).
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await footer.getByRole("link", { name: "Ver Todas as Lojas" }).click();
    await expect(page).toHaveURL(/\/lojas$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(footerCode()).toEqual([]);

    // The map's button, pressed from the keyboard: the footer's code arrives, the map opens, and the
    // focus is on it, not lost.
    await gotoHydrated(page, "/");
    const mapButton = footer.getByRole("button", { name: /Ver mapa/ });
    await mapButton.focus();
    await page.keyboard.press("Enter");
    const map = footer.locator("iframe");
    await expect(map).toBeVisible();
    await expect(map).toBeFocused();
    expect(footerCode()).toHaveLength(1);
    await expect(footer.getByRole("link", { name: /^@/ })).toHaveCount(3);
  });

  test("the footer is there when the storefront is reached from the admin without a page load", async ({ page }) => {
    await signInAsAdmin(page);
    // The admin's menu is folded on a phone: the link is pressed where it is.
    await page.getByRole("link", { name: "Ver a loja", includeHidden: true }).dispatchEvent("click");
    await expect(page).toHaveURL(/\/$/);
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "Ver Todas as Lojas" })).toHaveAttribute("href", "/lojas");
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test("the last-resort error page comes from the server whole and hydrates from its own chunk", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await gotoHydrated(page, "/");
    // A POST to a page without a form: refused (405) with the root's error page.
    const errorPageCode = page.waitForResponse((response) => /\/assets\/root-error-page-[\w-]+\.js$/.test(response.url()));
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/";
      document.body.append(form);
      form.submit();
    });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Não foi possível atender a esta solicitação");
    expect((await errorPageCode).ok()).toBe(true);
    // One frame after it ran, React has had its say about the server's markup.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    await expect(page.getByRole("link", { name: "Voltar para o início" })).toHaveAttribute("href", "/");
    expect(problems.filter((problem) => !/status of 405/.test(problem))).toEqual([]);
  });

  test("the floating WhatsApp button appears after 2 s, with its bubble (a dot on phones) a second later", async ({ page, isMobile }) => {
    await page.goto("/");
    const button = page.getByTestId("floating-whatsapp");
    await expect(button).toHaveCount(0);
    await expect(button).toBeVisible({ timeout: 4_000 });
    if (isMobile) {
      // A bubble would cover the product's price on a 390 px screen.
      await expect(page.getByTestId("floating-whatsapp-badge")).toBeVisible({ timeout: 3_000 });
      await expect(page.getByText("Olá! Precisa de ajuda?")).toHaveCount(0);
    } else {
      await expect(page.getByText("Olá! Precisa de ajuda?")).toBeVisible({ timeout: 3_000 });
    }
  });

  test("the floating WhatsApp button and its greeting never lie over 'Adicionar ao Carrinho' at the bottom of the screen", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const viewports =
      testInfo.project.name === "phone"
        ? [{ width: 390, height: 844 }]
        : [
            { width: 1366, height: 768 },
            { width: 1280, height: 720 },
            { width: 1024, height: 768 },
            { width: 768, height: 1024 },
          ];
    const name = "Tênis de Corrida com Amortecimento";
    await page.goto(`/produtos?q=${encodeURIComponent(name)}`);
    const productUrl = await page.getByRole("link", { name, exact: true }).first().getAttribute("href");
    const add = page.getByRole("button", { name: "Adicionar ao Carrinho" });
    const floating = page.getByTestId("floating-whatsapp");
    // By its markup, not its role: a greeting that stepped aside (hidden) is still there.
    const greeting = page.locator('[role="status"]', { hasText: "Olá! Precisa de ajuda?" });

    /** The floating parts a person sees now that cross the add button's box. */
    async function partsOverTheButton(): Promise<string[]> {
      const target = await add.boundingBox();
      if (!target) return ["no add button"];
      const found: string[] = [];
      for (const [label, part] of [["button", floating], ["greeting", greeting]] as const) {
        if (!(await part.isVisible())) continue;
        const box = await part.boundingBox();
        if (box && box.x < target.x + target.width && target.x < box.x + box.width && box.y < target.y + target.height && target.y < box.y + box.height) {
          found.push(label);
        }
      }
      return found;
    }
    async function buttonToTheBottom() {
      await add.evaluate((element) => element.scrollIntoView({ block: "end" }));
    }

    // The page's timers run on a clock the test moves: the 2 s and 3 s are skipped, not waited for.
    await page.clock.install();
    for (const viewport of viewports) {
      const where = `${viewport.width}×${viewport.height}`;
      await page.setViewportSize(viewport);
      await gotoHydrated(page, productUrl!);
      // Paused once the page is up (its hydration waits for a frame); the page's clock runs until the call lands.
      await expect(async () => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500)).toPass();
      await buttonToTheBottom();
      // Before the greeting: the button alone (it shows 2 s after its code has loaded).
      await expect(async () => {
        await page.clock.runFor(250);
        await expect(floating).toBeAttached({ timeout: 1_500 });
      }).toPass({ timeout: 40_000 });
      await expect(greeting).toHaveCount(0);
      await expect.poll(partsOverTheButton, { message: `${where}, before the greeting` }).toEqual([]);
      // The greeting a second later.
      await page.clock.runFor(1_000);
      if (testInfo.project.name === "desktop") await expect(greeting).toBeAttached();
      await expect.poll(partsOverTheButton, { message: `${where}, with the greeting` }).toEqual([]);
      // Scrolled away and back while the greeting is up.
      await page.evaluate(() => window.scrollTo(0, 0));
      await buttonToTheBottom();
      await expect.poll(partsOverTheButton, { message: `${where}, scrolled back` }).toEqual([]);
      // The next page must hydrate, which waits for a frame.
      await page.clock.resume();
    }
  });

  test("the floating WhatsApp button stays off the cart, where it would cover the totals", async ({ page }) => {
    const cartHeading = page.getByRole("heading", { level: 1, name: "Meu Carrinho" });
    const button = page.getByTestId("floating-whatsapp");
    await gotoHydrated(page, "/carrinho");
    await expect(cartHeading).toBeVisible();
    // The same layout, moved on to the product list, renders the button once its delay is over (it may
    // step aside, still laid out, while a card's button lies under it on a phone)…
    await page.getByRole("main").getByRole("link", { name: "Ver produtos" }).click();
    await expect(page).toHaveURL(/\/produtos$/);
    await expect(button).toHaveCount(1, { timeout: 10_000 });
    // …and back on the cart, where nothing is left to wait for, it is gone.
    await page.goBack();
    await expect(cartHeading).toBeVisible();
    await expect(button).toHaveCount(0);
  });
});

test.describe("navigation", () => {
  test("desktop nav highlights the current route", async ({ page, isMobile }) => {
    test.skip(isMobile, "the desktop nav is hidden on phones");
    await page.goto("/calcados");
    const nav = page.getByRole("navigation", { name: "Principal" });
    await expect(nav.getByRole("link", { name: "CALÇADOS" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "INÍCIO" })).not.toHaveAttribute("aria-current", "page");
  });

  test("the phone menu toggles, shows the cart count and closes after a link", async ({ page, isMobile }) => {
    test.skip(!isMobile, "the menu button is for phones");
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("button", { name: "Abrir menu" });
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "CARRINHO (0)" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Falar no WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
    await page.getByRole("button", { name: "Fechar menu" }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await menu.getByRole("link", { name: "VARIEDADES" }).click();
    await expect(page).toHaveURL(/\/variedades$/);
    await expect(page.getByRole("navigation", { name: "Menu" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Erick Variedades");
  });

  test("the header search goes to the product list and closes the menu", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("searchbox", { name: "Buscar produtos" }).filter({ visible: true });
    await search.fill("bolsa");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/produtos\?q=bolsa$/);
    await expect(page.getByTestId("result-count")).toContainText("1 produto encontrado");
  });
});

test.describe("product list", () => {
  test("lists all products with the title and count", async ({ page }) => {
    await page.goto("/produtos");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Todos os Produtos");
    await expect(page.getByTestId("result-count")).toHaveText("20 produtos encontrados");
    await expect(page.getByTestId("product-card")).toHaveCount(20);
  });

  test("search ignores case and accents", async ({ page }) => {
    for (const query of ["tenis", "TÊNIS", "Tênis"]) {
      await page.goto(`/produtos?q=${encodeURIComponent(query)}`);
      await expect(page.getByTestId("result-count")).toContainText("3 produtos encontrados");
      await expect(page.getByTestId("product-card").first()).toContainText(/Tênis/);
    }
    await page.goto("/produtos?q=sandalia");
    await expect(page.getByTestId("result-count")).toContainText("2 produtos encontrados");
  });

  test("search finds the shop's words and offers the nearest one for a typo", async ({ page }) => {
    await page.goto(`/produtos?q=${encodeURIComponent("calçado infantil")}`);
    await expect(page.getByTestId("product-card").first()).toContainText(/Infantil/);
    await gotoHydrated(page, `/produtos?q=${encodeURIComponent("tênus")}`);
    await expect(page.getByTestId("result-count")).toHaveText("Nenhum produto encontrado para “tênus”. Mostrando 3 produtos para “tênis”.");
    await expect(page.getByTestId("product-card")).toHaveCount(3);
    await page.getByTestId("did-you-mean").getByRole("link", { name: "tênis" }).click();
    await expect(page).toHaveURL(/\/produtos\?q=t%C3%AAnis$/);
    await expect(page.getByTestId("result-count")).toHaveText("3 produtos encontrados para “tênis”");
  });

  test("filters by category, shop and price band, keeps them in the URL, and clears them", async ({ page, isMobile }) => {
    await gotoHydrated(page, "/produtos");
    if (isMobile) await page.getByRole("button", { name: "Filtros", exact: true }).click();
    await page.getByLabel("Categoria").selectOption("Feminino");
    await expect(page).toHaveURL(/categoria=Feminino/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Feminino");
    await expect(page.getByTestId("result-count")).toHaveText("3 produtos encontrados");

    if (isMobile && (await page.getByRole("button", { name: "Filtros", exact: true }).isVisible())) {
      await page.getByRole("button", { name: "Filtros", exact: true }).click();
    }
    await page.getByLabel("Preço").selectOption("consult");
    await expect(page).toHaveURL(/preco=consult/);
    await expect(page.getByTestId("result-count")).toHaveText("1 produto encontrado");
    await expect(page.getByTestId("product-card")).toContainText("Bota Cano Curto Feminina");

    await page.goBack();
    await expect(page.getByTestId("result-count")).toHaveText("3 produtos encontrados");

    await gotoHydrated(page, "/produtos?loja=sports&preco=over200");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Erick Sports");
    await expect(page.getByTestId("result-count")).toHaveText("1 produto encontrado");
    if (isMobile) await page.getByRole("button", { name: "Filtros", exact: true }).click();
    await page.getByRole("link", { name: "Limpar filtros" }).first().click();
    await expect(page).toHaveURL(/\/produtos$/);
    await expect(page.getByTestId("result-count")).toHaveText("20 produtos encontrados");
  });

  test("on a phone, 'Aplicar filtros' closes the panel and shows the list with its count", async ({ page, isMobile }) => {
    test.skip(!isMobile, "the panel is a phone's: on a wide screen the filters stay beside the list");
    await gotoHydrated(page, "/produtos");
    await page.getByRole("button", { name: "Filtros", exact: true }).click();
    const apply = page.getByRole("button", { name: "Aplicar filtros" });
    await expect(apply).toBeVisible();
    await page.locator("#filtro-busca").fill("chinelo");
    await apply.click();
    await expect(page).toHaveURL(/q=chinelo/);
    await expect(apply).toBeHidden();
    await expect(page.getByRole("button", { name: "Filtros", exact: true })).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByTestId("result-count")).toHaveText(/^\d+ produtos? encontrados? para “chinelo”$/);
    await expect(page.getByTestId("result-count")).toBeInViewport();
    await expect(page.getByTestId("product-card").first()).toBeInViewport();
  });

  test("price bands follow the spec", async ({ page }) => {
    const expected: Record<string, number> = { under100: 9, "100to200": 5, over200: 3, consult: 3 };
    for (const [band, count] of Object.entries(expected)) {
      await page.goto(`/produtos?preco=${band}`);
      await expect(page.getByTestId("result-count")).toHaveText(count === 1 ? "1 produto encontrado" : `${count} produtos encontrados`);
    }
  });

  test("shop routes preselect the shop", async ({ page }) => {
    await page.goto("/kids");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Erick Magazine e Kids");
    await expect(page.getByTestId("result-count")).toHaveText("4 produtos encontrados");
    await page.goto("/calcados?categoria=Infantil");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Erick Calçados");
    await expect(page.getByTestId("result-count")).toHaveText("2 produtos encontrados");
  });

  test("an empty result says so", async ({ page }) => {
    await page.goto("/produtos?q=xyzzy");
    await expect(page.getByText("Nenhum produto encontrado")).toBeVisible();
  });

  test("garbage in the query string gives a normal page", async ({ page }) => {
    for (const query of ["pagina=999999999", "preco=-5", "categoria=%00%FF", "loja[]=x&q=%27%22%3Cscript%3E", "pagina=abc&preco=under100"]) {
      const response = await page.goto(`/produtos?${query}`);
      expect(response?.status(), query).toBe(200);
      await expect(page.getByTestId("result-count")).toBeVisible();
    }
  });

  test("a card adds to the cart with 'Adicionado!' and the header badge counts it", async ({ page }) => {
    await gotoHydrated(page, "/produtos?q=chinelo");
    const card = page.getByTestId("product-card").first();
    await card.getByRole("button", { name: "Adicionar" }).click();
    await expect(card.getByRole("button", { name: "Adicionado!" })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await expect(card.getByRole("button", { name: "Adicionar" })).toBeVisible({ timeout: 4_000 });
  });

  test("out-of-stock cards are disabled and priceless ones ask on WhatsApp", async ({ page }) => {
    await page.goto("/produtos?q=luzinha");
    await expect(page.getByTestId("product-card").getByRole("button", { name: "Esgotado" })).toBeDisabled();
    await page.goto("/produtos?q=bota");
    const consult = page.getByTestId("product-card").getByRole("link", { name: "Consultar Preço" });
    await expect(consult).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=.*Bota%20Cano%20Curto%20Feminina/);
  });
});

test("an unknown address shows the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/nao-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
});

test("robots.txt and sitemap.xml", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain("Sitemap: ");
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  expect(xml.match(/<loc>[^<]*\/produto\/\d+<\/loc>/g)).toHaveLength(20);
});
