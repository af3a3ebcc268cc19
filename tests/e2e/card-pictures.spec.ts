// The product cards' pictures on a phone: the browser picks, from each picture's widths (320, 480,
// 640, 1024 px), the smallest that is still sharp, because the card says how wide it really is.
import { expect, test } from "@playwright/test";

test("on a 412 px phone at 1.75 device pixels the list's cards fetch the 320 px pictures, and those are sharp", async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "one phone of its own, whatever the project");
  // Lighthouse's phone: what the list's largest paint is measured on.
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.goto("/produtos");
    const picture = page.getByTestId("product-card").first().locator("img");
    await expect(picture).toHaveJSProperty("complete", true);
    const { chosen, drawnWidth } = await picture.evaluate((image: HTMLImageElement) => ({
      chosen: image.currentSrc,
      drawnWidth: image.getBoundingClientRect().width,
    }));
    expect(chosen).toMatch(/-320\.webp$/);
    // At least one picture pixel per screen pixel: 320 px is enough for the card as drawn.
    expect(drawnWidth * 1.75).toBeLessThanOrEqual(320);
  } finally {
    await context.close();
  }
});
