import { expect, type Page } from "@playwright/test";

/**
 * Every id a label or ARIA attribute points at exists on the page. The server renders ids with React
 * and the browser continues with Preact, whose ids differ: an attribute rewritten after hydration
 * while its target stayed as the server wrote it would point at nothing (README, "Preact in the
 * browser"). axe accepts a list where one id of several exists, so this checks each one.
 */
export async function expectIdReferencesResolve(page: Page) {
  const dangling = await page.evaluate(() => {
    const missing: string[] = [];
    const attributes = ["for", "aria-describedby", "aria-labelledby", "aria-controls", "aria-errormessage"];
    for (const element of document.querySelectorAll(attributes.map((name) => `[${name}]`).join(","))) {
      for (const name of attributes) {
        for (const id of (element.getAttribute(name) ?? "").split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) missing.push(`${element.tagName.toLowerCase()}[${name}] → #${id}`);
        }
      }
    }
    return missing;
  });
  expect(dangling).toEqual([]);
}
