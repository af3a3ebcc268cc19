// What the browser tests do on /checkout: fill in the shopper's details, and stand in for the WhatsApp
// tab the checkout reserves at the click (app/components/cart/whatsapp-handoff.ts), since there is
// no internet here.
import { expect, type Page } from "@playwright/test";
import { gotoHydrated } from "./hydration";

export type CheckoutShopper = {
  name: string;
  email: string;
  /** Typed key by key: the field formats it as (81) 99999-8888. */
  phone: string;
  address: string;
  number: string;
  neighborhood: string;
  city: string;
  /** The payment option's label to choose; none: the form's default. */
  payment?: string;
};

const SHOPPER: CheckoutShopper = {
  name: "Maria da Silva",
  email: "maria@example.com",
  phone: "81999998888",
  address: "Rua da Praia",
  number: "10",
  neighborhood: "Centro",
  city: "Barreiros",
};

/** Fills in a delivery in Barreiros (Maria da Silva's unless `shopper` says otherwise). */
export async function fillCheckoutForm(page: Page, shopper: Partial<CheckoutShopper> = {}) {
  const { name, email, phone, address, number, neighborhood, city, payment } = { ...SHOPPER, ...shopper };
  await page.getByLabel("Nome completo").fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Telefone / WhatsApp").pressSequentially(phone);
  await page.getByLabel("Endereço", { exact: true }).fill(address);
  await page.getByLabel("Número", { exact: true }).fill(number);
  await page.getByLabel("Bairro", { exact: true }).fill(neighborhood);
  await page.getByLabel("Cidade", { exact: true }).fill(city);
  if (payment) await page.getByLabel(payment).check();
}

/** Puts a stand-in tab behind window.open that records where the page sends it; `blocked` plays a pop-up blocker. */
export async function recordWhatsAppTab(page: Page, { blocked = false } = {}) {
  await page.addInitScript((blockedPopups) => {
    const opened: string[] = [];
    (window as unknown as { __opened: string[] }).__opened = opened;
    window.open = ((url?: string | URL) => {
      if (blockedPopups) return null;
      opened.push(String(url ?? ""));
      const fake = {
        closed: false,
        opener: null as unknown,
        close() {
          fake.closed = true;
        },
        location: {
          set href(value: string) {
            opened.push(value);
          },
        },
      };
      return fake as unknown as Window;
    }) as typeof window.open;
  }, blocked);
}

/** Every address the stand-in tab was opened at or sent to, in order. */
export function whatsAppTabUrls(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);
}

/**
 * A shopper's order through the checkout (a watch from the catalogue, paid by PIX) in `page`'s own
 * browser context; returns its code, as an admin page would look it up.
 */
export async function placeCheckoutOrder(page: Page, shopper: Partial<CheckoutShopper>): Promise<string> {
  await recordWhatsAppTab(page);
  await gotoHydrated(page, "/produtos?q=relogio");
  const card = page.getByTestId("product-card").first();
  await card.getByRole("button", { name: "Adicionar" }).click();
  await expect(card.getByRole("button", { name: "Adicionado!" })).toBeVisible();
  await gotoHydrated(page, "/checkout");
  await fillCheckoutForm(page, { payment: "PIX", ...shopper });
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}$/);
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  const code = heading?.match(/#([0-9A-F]{8})/)?.[1];
  expect(code).toBeTruthy();
  return code!;
}
