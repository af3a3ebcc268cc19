// The admin dashboard, settings and reports in the browser. The dashboard and the CSV export only read,
// so they use the shared test server; changing the settings changes the whole shop (fee, WhatsApp),
// which other files' tests rely on, so that part runs on a server of its own (tests/e2e/app-server.ts).
import fs from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";
import { testOnOwnServer } from "./app-server";
import { fillCheckoutForm, recordWhatsAppTab } from "./checkout-page";
import { gotoHydrated } from "./hydration";
import { expectIdReferencesResolve } from "./id-references";

const SLOW = { timeout: 20_000 };

test.describe("on the shared server", () => {
  test("the sidebar's dark column runs the whole height of a long page", async ({ page, isMobile }) => {
    test.skip(isMobile, "on phones the sidebar is a drawer");
    await signInAsAdmin(page, "/admin/configuracoes");
    const { sidebar, document } = await page.evaluate(() => ({
      sidebar: window.document.getElementById("admin-sidebar")!.getBoundingClientRect().height,
      document: window.document.documentElement.scrollHeight,
    }));
    expect(document).toBeGreaterThan(1_200);
    expect(sidebar).toBeGreaterThanOrEqual(document - 1);
  });

  test("'Remover produtos de demonstração' first says what goes and what stays; Cancelar removes nothing (issue 51)", async ({ page }) => {
    // Only looks: the shared server's catalogue is the demo one, which the other tests use.
    await signInAsAdmin(page, "/admin");
    const notice = page.getByTestId("demo-products");
    await notice.getByRole("link", { name: "Remover produtos de demonstração" }).click();
    const step = page.getByTestId("demo-removal");
    await expect(step.getByRole("heading", { name: /^Remover 20 produtos de demonstração e [\d.]+ unidades em estoque\?$/ })).toBeVisible();
    await expect(step).toContainText(/pedidos? (tem|têm) algum desses produtos|Nenhum pedido tem esses produtos/);
    await expect(step.getByRole("button", { name: "Sim, remover" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await step.getByRole("link", { name: "Cancelar" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId("demo-removal")).toHaveCount(0);
    await expect(notice).toContainText("A loja ainda tem 20 produtos de demonstração");
  });

  test("the dashboard shows its cards, charts or empty states, shortcuts and the placeholder-WhatsApp warning", async ({ page }) => {
    await signInAsAdmin(page, "/admin");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    for (const label of ["Faturamento", "Pedidos", "Produtos", "Clientes", "Pendentes", "Concluídos", "Ticket médio", "Vendas hoje"]) {
      await expect(page.locator("dt", { hasText: new RegExp(`^${label}$`) })).toBeVisible();
    }
    await expect(page.locator("dt", { hasText: /^Vendas hoje$/ }).locator("+ dd")).toHaveText(/^R\$\s[\d.]+,\d{2}$/);
    await expect(page.locator("dt", { hasText: /^Vendas hoje$/ }).locator("~ dd").last()).toHaveText(/^(Segunda|Terça|Quarta|Quinta|Sexta) passada|^(Sábado|Domingo) passado/);

    const warning = page.getByRole("alert").filter({ hasText: "ainda é o número de exemplo" });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole("link", { name: "Alterar em Configurações" })).toHaveAttribute("href", "/admin/configuracoes");

    const shortcuts = page.getByRole("navigation", { name: "Atalhos" });
    await expect(shortcuts.getByRole("link", { name: "Novo produto" })).toHaveAttribute("href", "/admin/produtos/novo");
    await expect(shortcuts.getByRole("link", { name: "Ver pedidos" })).toHaveAttribute("href", "/admin/pedidos");
    await expect(shortcuts.getByRole("link", { name: "Relatórios" })).toHaveAttribute("href", "/admin/relatorios");

    // Each chart: drawn once its code arrives (loaded after the page), or the empty state.
    for (const title of ["Vendas dos últimos 6 meses", "Pedidos por status", "Produtos mais vendidos"]) {
      const card = page.getByRole("region", { name: title });
      await expect(card.locator(".recharts-surface").or(card.getByText("Sem dados para exibir")).first()).toBeVisible(SLOW);
    }
    const recent = page.getByRole("region", { name: "Pedidos recentes" });
    await expect(recent.getByRole("table").or(recent.getByText("Nenhum pedido ainda"))).toBeVisible();
  });

  test("a report table downloads as CSV with its header row; a wrong period shows a message", async ({ page }) => {
    await signInAsAdmin(page, "/admin/relatorios?de=2026-01-01&ate=2026-01-31&por=semana");
    await expect(page.getByRole("heading", { name: "Relatórios", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Agrupar por")).toHaveValue("semana");

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportar CSV: Vendas no período" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("relatorio-vendas-2026-01-01-a-2026-01-31.csv");
    const bytes = await fs.readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).split("\r\n");
    expect(lines[0]).toBe("Período;Pedidos;Faturamento (R$)");
    expect(lines[1]).toMatch(/^Semana de 29\/12\/2025;\d+;\d+,\d{2}$/);

    await gotoHydrated(page, "/admin/relatorios?de=2026-02-30&ate=2026-03-01");
    await expect(page.getByRole("alert")).toContainText("Data inválida. Informe o dia, o mês e o ano.");
    await expect(page.getByRole("region", { name: "Vendas no período" })).toBeVisible();
  });
});

/** The tests that change settings get their own app server (one per worker), and pages open on it. */
const ownServer = testOnOwnServer;

ownServer.describe("on a server of its own", () => {
  ownServer.describe.configure({ mode: "serial" });

  async function save(page: Page) {
    await page.getByRole("button", { name: "Salvar configurações" }).click();
  }

  ownServer("changed settings show on the storefront at once; 'Salvo!' lasts 3 s and any edit clears it", async ({ page }) => {
    ownServer.setTimeout(90_000);
    await signInAsAdmin(page, "/admin/configuracoes");
    await page.getByLabel("WhatsApp da loja", { exact: true }).fill("55 81 99999-8888");
    await page.getByLabel("Taxa de entrega (R$)").fill("7,50");
    await page.getByLabel("Instagram", { exact: true }).fill("lojaerick");
    await save(page);
    const saved = page.getByRole("status").filter({ hasText: "Salvo!" });
    await expect(saved).toBeVisible(SLOW);
    // Stored by the shop's rules (digits only, the handle with its @) and the number shown back as people
    // write it, not as 5581999998888 (issue 51).
    await expect(page.getByLabel("WhatsApp da loja", { exact: true })).toHaveValue("(81) 99999-8888");
    await expect(page.getByLabel("Instagram", { exact: true })).toHaveValue("@lojaerick");
    await expect(saved).toBeHidden({ timeout: 5_000 });

    await save(page);
    await expect(saved).toBeVisible(SLOW);
    await page.getByLabel("Dias de entrega").press("End");
    await page.getByLabel("Dias de entrega").pressSequentially(" ");
    await expect(saved).toBeHidden({ timeout: 1_000 });

    // The dashboard no longer warns about the placeholder number.
    await gotoHydrated(page, "/admin");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("ainda é o número de exemplo")).toHaveCount(0);

    // The storefront: header links and the checkout's delivery fee.
    await gotoHydrated(page, "/");
    await expect(page.locator('header a[href^="https://wa.me/"]').first()).toHaveAttribute("href", /^https:\/\/wa\.me\/5581999998888\?/);
    await expect(page.locator('header a[aria-label="Instagram"]')).toHaveAttribute("href", "https://www.instagram.com/lojaerick/");

    await gotoHydrated(page, "/produtos?q=chinelo");
    const card = page.getByTestId("product-card").first();
    await card.getByRole("button", { name: "Adicionar" }).click();
    await expect(card.getByRole("button", { name: "Adicionado!" })).toBeVisible();
    await gotoHydrated(page, "/checkout");
    // The settings' fee is the one of a delivery town without bairros (Barreiros has its own: /admin/entregas).
    await page.getByLabel("Cidade", { exact: true }).fill("Tamandaré");
    await expect(page.getByTestId("delivery-fee")).toHaveText(/R\$\s7,50/);
  });

  ownServer("13 instalments: the message, and nothing changes", async ({ page }) => {
    await signInAsAdmin(page, "/admin/configuracoes");
    const instalments = page.getByLabel("Número máximo de parcelas");
    const before = await instalments.inputValue();
    await page.getByLabel("Nome da loja").fill("Nome que não deve ficar");
    await instalments.fill("13");
    await save(page);
    await expect(page.getByText("O número máximo de parcelas deve estar entre 1 e 12")).toBeVisible();
    await expect(instalments).toBeFocused();
    await expect(instalments).toHaveAccessibleDescription("O número máximo de parcelas deve estar entre 1 e 12 De 1 a 12");
    await expectIdReferencesResolve(page);
    await expect(page.getByText("Salvo!")).toHaveCount(0);

    await gotoHydrated(page, "/admin/configuracoes");
    await expect(page.getByLabel("Número máximo de parcelas")).toHaveValue(before);
    await expect(page.getByLabel("Nome da loja")).not.toHaveValue("Nome que não deve ficar");
  });

  ownServer("with an order, the dashboard draws its charts (loaded after the page) and lists the order", async ({ page }) => {
    ownServer.setTimeout(90_000);
    await recordWhatsAppTab(page);
    await gotoHydrated(page, "/produtos?q=chinelo");
    const card = page.getByTestId("product-card").first();
    await card.getByRole("button", { name: "Adicionar" }).click();
    await expect(card.getByRole("button", { name: "Adicionado!" })).toBeVisible();
    await gotoHydrated(page, "/checkout");
    await fillCheckoutForm(page, { name: "Cliente do Painel", email: "painel@example.com" });
    await page.getByRole("button", { name: "Enviar Pedido" }).click();
    await expect(page).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}$/, SLOW);
    const code = (await page.getByRole("heading", { level: 1 }).textContent())?.match(/#([0-9A-F]{8})/)?.[1];
    expect(code).toBeTruthy();

    await signInAsAdmin(page, "/admin");
    for (const title of ["Vendas dos últimos 6 meses", "Pedidos por status", "Produtos mais vendidos"]) {
      await expect(page.getByRole("region", { name: title }).locator(".recharts-surface").first()).toBeVisible(SLOW);
    }
    const top = page.getByRole("region", { name: "Produtos mais vendidos" });
    await top.getByText("Ver dados em tabela").click();
    await expect(top.getByRole("rowheader", { name: /Chinelo/ })).toBeVisible();
    const recent = page.getByRole("region", { name: "Pedidos recentes" });
    await recent.getByRole("link", { name: `#${code}` }).click();
    await expect(page).toHaveURL(/\/admin\/pedidos\/[0-9a-f-]{36}$/);
  });
});

ownServer("the shop's WhatsApp typed as people write it is kept as digits with 55", async ({ page }) => {
  ownServer.setTimeout(90_000);
  await signInAsAdmin(page, "/admin/configuracoes");
  const whatsapp = page.getByLabel("WhatsApp da loja", { exact: true });
  // Kept as digits with 55 (what the storefront's wa.me links carry), shown back as people write it.
  for (const [typed, stored, shown] of [
    ["(81) 99876-5432", "5581998765432", "(81) 99876-5432"],
    ["81988776655", "5581988776655", "(81) 98877-6655"],
  ] as const) {
    await whatsapp.fill(typed);
    await page.getByRole("button", { name: "Salvar configurações" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Salvo!" })).toBeVisible(SLOW);
    await expect(whatsapp).toHaveValue(shown);
    expect(await (await page.request.get("/lojas")).text()).toContain(`https://wa.me/${stored}`);
  }
  await whatsapp.fill("99876-5432");
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByText("Informe o WhatsApp com DDD (ex.: (81) 99876-5432)")).toBeVisible();
  await expect(whatsapp).toBeFocused();
});

ownServer("the shop's public address: typed, shown back as it will be saved, confirmed", async ({ page }) => {
  ownServer.setTimeout(90_000);
  await signInAsAdmin(page, "/admin/configuracoes");
  // The address this server answers at, so the links other tests on this server check stay the same.
  const origin = new URL(page.url()).origin;
  const section = page.getByRole("region", { name: "Endereço público da loja" });
  await expect(section).toContainText("ainda não confirmado");
  await section.getByLabel("Novo endereço público").fill(`${origin}/`);
  await section.getByRole("button", { name: "Revisar endereço" }).click();
  await expect(section).toContainText(`Os links vão começar com ${origin}.`);
  await section.getByLabel("Confirmo que os clientes acessam a loja por este endereço.").check();
  await section.getByRole("button", { name: "Confirmar endereço" }).click();
  await expect(section).toContainText(`começam com ${origin}, confirmado aqui.`, SLOW);
  await expectIdReferencesResolve(page);
});
