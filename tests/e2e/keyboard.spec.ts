// A whole purchase with the keyboard alone, at both widths: open the menu (phone) or use the main
// navigation (desktop), reach a product with sizes and colours, choose both, add to the cart, open the cart, go to checkout, fill in the form and send
// the order. No clicks and no fill(): Tab and Shift+Tab move focus, Enter, Space and the arrow keys act,
// and every control the walk stops on must show where the focus is.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { recordWhatsAppTab, whatsAppTabUrls } from "./checkout-page";
import { gotoHydrated } from "./hydration";

/** More stops than any page here has before the control a step looks for; past it, the control is unreachable. */
const MAX_TABS = 120;

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, then checks that the focus can be seen:
 * an outline, a ring (box-shadow) or, for the search box, a border that changes colour.
 */
async function tabTo(page: Page, target: Locator, { backwards = false } = {}) {
  await expect(target).toBeVisible();
  let presses = 0;
  while (!(await isFocused(target))) {
    expect(presses, `reached ${await target.evaluate((element) => element.outerHTML.slice(0, 120))} with ${backwards ? "Shift+Tab" : "Tab"}`).toBeLessThan(
      MAX_TABS,
    );
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    presses++;
  }
  const focus = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      focusVisible: element.matches(":focus-visible"),
      outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0,
      ring: style.boxShadow !== "none",
    };
  });
  expect(focus.focusVisible, "keyboard focus matches :focus-visible").toBe(true);
  expect(focus.outline || focus.ring, "the focused control draws an outline or a ring").toBe(true);
}

/** Moves focus to a text field and types into it, as a person would. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test("keyboard alone: menu, product with size and colour, cart, checkout and the order", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await recordWhatsAppTab(page);
  await gotoHydrated(page, "/");

  if (testInfo.project.name === "phone") {
    // The menu opens from its button with Enter; the focus stays on the button, which now closes it.
    const menuButton = page.getByRole("button", { name: "Abrir menu" });
    await tabTo(page, menuButton);
    await page.keyboard.press("Enter");
    await expect(page.locator("#mobile-menu")).toBeVisible();
    const closeButton = page.getByRole("button", { name: "Fechar menu" });
    await expect(closeButton).toBeFocused();
    await expect(closeButton).toHaveAttribute("aria-expanded", "true");
    // The menu's links come next in the tab order.
    await tabTo(page, page.locator("#mobile-menu").getByRole("link", { name: "SPORTS" }));
  } else {
    await tabTo(page, page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "SPORTS" }));
  }
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/sports$/);
  await expect(page.locator("#mobile-menu")).toHaveCount(0);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  const productLink = page.getByRole("link", { name: "Tênis de Corrida com Amortecimento", exact: true }).first();
  await tabTo(page, productLink);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/produto\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tênis de Corrida com Amortecimento" })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // Colour with Space, size with Enter: both are toggle buttons that say which one is chosen.
  const colours = page.getByRole("group", { name: /^Cor/ });
  const grey = colours.getByRole("button", { name: "Cinza" });
  await tabTo(page, grey);
  await page.keyboard.press(" ");
  await expect(grey).toHaveAttribute("aria-pressed", "true");
  await expect(colours.getByRole("button", { name: "Preto" })).toHaveAttribute("aria-pressed", "false");

  // The size guide: a modal that takes the focus, keeps it inside and gives it back on Escape.
  const guideButton = page.getByRole("button", { name: "Guia de tamanhos", exact: true });
  await tabTo(page, guideButton);
  await page.keyboard.press("Enter");
  const guide = page.getByRole("dialog");
  await expect(guide).toBeVisible();
  // Past its last control the focus may leave for the browser's own UI (the body here), never for the page behind.
  for (let step = 0; step < 6; step++) {
    await page.keyboard.press("Tab");
    const where = await guide.evaluate((dialog) => (dialog.contains(document.activeElement) ? "dialog" : document.activeElement === document.body ? "browser" : "page"));
    expect(where, "Tab never reaches the page behind the open dialog").not.toBe("page");
  }
  await page.keyboard.press("Escape");
  await expect(guide).toBeHidden();
  await expect(guideButton).toBeFocused();

  const size = page.getByRole("group", { name: /^Tamanho/ }).getByRole("button", { name: "41", exact: true });
  await tabTo(page, size);
  await page.keyboard.press("Enter");
  await expect(size).toHaveAttribute("aria-pressed", "true");

  const add = page.getByRole("button", { name: "Adicionar ao Carrinho" });
  await tabTo(page, add);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Adicionado ao Carrinho!" })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");

  // Back up to the header's cart link.
  await tabTo(page, page.getByRole("link", { name: "Carrinho, 1 item" }), { backwards: true });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/carrinho$/);
  await expect(page.getByText("Tamanho: 41").first()).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  await tabTo(page, page.getByRole("link", { name: "Ir para Checkout" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { level: 1, name: "Finalizar pedido" })).toBeVisible();

  // Sending it empty puts the focus on the first field that needs an answer.
  await tabTo(page, page.getByRole("button", { name: "Enviar Pedido" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Nome é obrigatório", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Nome completo")).toBeFocused();

  await page.keyboard.type("Teclado da Silva");
  await typeInto(page, page.getByLabel("E-mail", { exact: true }), "teclado@example.com");
  await typeInto(page, page.getByLabel("Telefone / WhatsApp"), "81988887777");
  await typeInto(page, page.getByLabel("Endereço", { exact: true }), "Rua do Teclado");
  await typeInto(page, page.getByLabel("Número", { exact: true }), "42");
  await typeInto(page, page.getByLabel("Bairro", { exact: true }), "Centro");
  await typeInto(page, page.getByLabel("Cidade", { exact: true }), "Barreiros");

  // Radio buttons: Tab enters the group on the chosen one, the arrow keys move the choice.
  const payment = page.getByRole("group", { name: "Pagamento" });
  await tabTo(page, payment.getByRole("radio", { checked: true }));
  const pix = payment.getByRole("radio", { name: "PIX" });
  for (let step = 0; step < 10 && !(await pix.isChecked()); step++) await page.keyboard.press("ArrowDown");
  await expect(pix).toBeChecked();
  await expect(pix).toBeFocused();

  await tabTo(page, page.getByRole("button", { name: "Enviar Pedido" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  await expect(page.getByText("Pedido registrado!")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);

  const opened = await whatsAppTabUrls(page);
  const text = new URL(opened[1]!).searchParams.get("text") ?? "";
  expect(text).toContain("1. Tênis de Corrida com Amortecimento");
  expect(text).toContain("Tamanho: 41 | Cor: Cinza");
  expect(text).toContain("Nome: Teclado da Silva");
  expect(text).toContain("Pagamento: PIX");
});
