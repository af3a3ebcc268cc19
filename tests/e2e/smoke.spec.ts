import { expect, test } from "@playwright/test";

test("the home page renders with the shop's name", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Erick/);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  expect(errors).toEqual([]);
});
