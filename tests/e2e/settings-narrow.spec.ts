// Configurações on the narrowest screens (issue 40: at 320 px the page was 324 px wide): nothing
// scrolls sideways. Both projects: the desktop one (a browser window made 320 px wide, with its
// scrollbar) is where the status messages' textareas pushed the page to 324 px.
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";

test("Configurações at 320 px is no wider than the screen", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 320, height: 740 });
  await signInAsAdmin(page, "/admin/configuracoes");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // As the owner left it, and with the longest key there is (a random key, shown back with its code).
  await expectNoSideScroll(page);
  await page.getByLabel("Chave PIX").fill("123e4567-e89b-42d3-a456-426614174000");
  await expect(page.getByText("Chave usada no código:")).toBeVisible();
  await expectNoSideScroll(page);
});

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const width = window.innerWidth;
    // The elements that reach past the screen, for the failure's message.
    const wide = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${[...element.classList].join(".")} → ${Math.round(element.getBoundingClientRect().right)}`);
    return { by: document.documentElement.scrollWidth - width, wide };
  });
  expect(overflow.by, overflow.wide.join("\n")).toBeLessThanOrEqual(0);
}
