/**
 * Structured data for search engines, written by the server only. Crawlers read the HTML, so the
 * browser never needs the code that builds it: callers pass `import.meta.env.SSR ? jsonLdHtml(…) : null`,
 * which the client build reduces to `null`, leaving ~/lib/structured-data out of the bundle. React
 * keeps the server's content: the element hydrates with suppressHydrationWarning, and its client
 * content (empty) never changes afterwards.
 */
export function JsonLd({ html }: { html: string | null }) {
  return <script type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html ?? "" }} />;
}
