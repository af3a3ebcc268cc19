import { expect, test, type Page, type Route } from "@playwright/test";
import { gotoHydrated } from "./hydration";
import { recordWindowOpen } from "./window-open";

// The /lojas contact form is a form island (components/ui/form-island.tsx): the server's markup until the
// shopper starts it. Its code comes then, and what the shopper did meanwhile (typed, chosen, the focused
// field and its caret, a press on 'Enviar') is carried over.

const CONTACT_FORM_CODE = /\/assets\/contact-form-[\w-]+\.js$/;

/** Holds the requests for the form's code until `release()`: the shopper acts before it is here. */
async function holdFormCode(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(CONTACT_FORM_CODE, (route) => (released ? route.continue() : void held.push(route)));
  return {
    requested: () => held.length > 0,
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

/** The server's form, taken while the code is held back; `replaced()` resolves once it has left the page. */
async function serverForm(page: Page) {
  const server = (await page.locator("form[aria-label='Formulário de contato']").elementHandle())!;
  return { replaced: () => expect.poll(() => server.evaluate((element) => element.isConnected)).toBe(false) };
}

test("the form's code is not loaded with the page; typed before it arrived, the values, the focus and the caret carry over, and it sends", async ({ page }) => {
  const opened = await recordWindowOpen(page);
  const code = await holdFormCode(page);
  await gotoHydrated(page, "/lojas");
  const form = page.getByRole("form", { name: "Formulário de contato" });
  // Hydrated, and nothing asked for the form's code.
  expect(code.requested()).toBe(false);

  // The server's fields, while the code is held back.
  await form.getByLabel("Nome").click();
  await page.keyboard.type("Maria da Silva");
  await form.getByLabel(/Loja de interesse/).selectOption("Erick Sports");
  await form.getByLabel("Mensagem").click();
  await page.keyboard.type("Tem chuteira?");
  await page.keyboard.press("ArrowLeft");
  expect(code.requested()).toBe(true);

  const server = await serverForm(page);
  await code.release();
  await server.replaced();
  await expect(form.getByLabel("Nome")).toHaveValue("Maria da Silva");
  await expect(form.getByLabel(/Loja de interesse/)).toHaveValue("Erick Sports");
  await expect(form.getByLabel("Mensagem")).toBeFocused();
  // The caret stayed before the question mark.
  await page.keyboard.type(" 40");
  await expect(form.getByLabel("Mensagem")).toHaveValue("Tem chuteira 40?");

  // The form checks and sends as always.
  await form.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();
  await expect(form.getByText("E-mail é obrigatório")).toBeVisible();
  await expect(form.getByLabel("E-mail")).toBeFocused();
  await page.keyboard.type("maria@example.com");
  await form.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();
  await expect(page.getByText("Mensagem pronta! Continue no WhatsApp.")).toBeVisible();
  const urls = await opened();
  expect(urls).toHaveLength(1);
  const text = new URL(urls[0]!).searchParams.get("text")!;
  expect(text).toContain("Nome: Maria da Silva");
  expect(text).toContain("E-mail: maria@example.com");
  expect(text).toContain("Loja de interesse: Erick Sports");
  expect(text).toContain("Mensagem: Tem chuteira 40?");
});

test("a send pressed before the form's code arrived is checked and sent once it is here, not posted meanwhile", async ({ page }) => {
  const opened = await recordWindowOpen(page);
  const code = await holdFormCode(page);
  const posts: string[] = [];
  page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
  await gotoHydrated(page, "/lojas");
  const form = page.getByRole("form", { name: "Formulário de contato" });
  await form.getByLabel("Nome").fill("João");
  await form.getByLabel("E-mail").fill("joao@example.com");
  await form.getByLabel("Mensagem").fill("Qual o horário de sábado?");
  await form.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();
  expect(posts).toEqual([]);

  await code.release();
  await expect(page.getByText("Mensagem pronta! Continue no WhatsApp.")).toBeVisible();
  const urls = await opened();
  expect(urls).toHaveLength(1);
  expect(new URL(urls[0]!).searchParams.get("text")).toContain("Mensagem: Qual o horário de sábado?");
  expect(posts).toEqual([]);
});

test("the form works after a client-side move to /lojas", async ({ page }) => {
  const opened = await recordWindowOpen(page);
  await gotoHydrated(page, "/produtos");
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  // The footer's link (the server's markup) moves inside the app.
  await page.locator("footer").getByRole("link", { name: "Ver Todas as Lojas" }).click();
  await expect(page).toHaveURL(/\/lojas$/);
  const form = page.getByRole("form", { name: "Formulário de contato" });
  await form.getByLabel("Nome").fill("Ana");
  await form.getByLabel("E-mail").fill("ana@example.com");
  await form.getByLabel("Mensagem").fill("Chegou sandália 37?");
  await form.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();
  await expect(page.getByText("Mensagem pronta! Continue no WhatsApp.")).toBeVisible();
  expect(await opened()).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});
