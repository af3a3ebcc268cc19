import { createContext, useContext } from "react";

/**
 * The shop's style sheet (app/app.css, compiled), written into every page by the server. As a file
 * it was fetched only once the HTML named it, behind the ~25 module preloads React puts first in
 * `<head>`, and on a slow link the first paint waited for it. It is 9 KB compressed, and navigating
 * inside the shop fetches data, not pages, so it travels once per visit either way.
 *
 * entry.server.tsx provides the text. In the browser the context is empty and the element stays as
 * the server wrote it: hydration keeps an element's inner HTML, and the root layout never renders
 * from scratch, so the text is not in the JavaScript too.
 */
const StyleSheetContext = createContext("");

export const StyleSheetProvider = StyleSheetContext.Provider;

/**
 * The style sheet in the page, or, given `href`, a link to the same sheet as a file. Pages for a
 * signed-in shopper or clerk link it (root.tsx decides): their browser fetches the file once (9 KB
 * compressed) and keeps it for a year, and each of their pages is then 47 KB lighter to write,
 * compress and send. Anonymous visitors, often on their first page, keep the sheet in the page.
 */
export function PageStyleSheet({ href }: { href: string | null }) {
  const css = useContext(StyleSheetContext);
  if (href) return <link rel="stylesheet" href={href} />;
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}
