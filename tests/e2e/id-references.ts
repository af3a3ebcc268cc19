import { expect, type Page } from "@playwright/test";

/**
 * Every id a label or ARIA attribute points at exists on the page, after hydration and after errors
 * are shown: a reference to an element that is rendered only sometimes (an error message, a menu)
 * points at nothing the rest of the time. axe accepts a list where one id of several exists, so this
 * checks each one.
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
