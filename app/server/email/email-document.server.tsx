// The HTML part of the shop's e-mails, written with React like the pages (so every value is escaped
// the same way) but for mail clients: a table layout, inline styles, no scripts, no external files.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

const BRAND = "#991b1b";
const TEXT = "#1f2937";
const MUTED = "#6b7280";
const LINE = "#e5e7eb";

/** A whole HTML e-mail around `children`, ready for nodemailer's `html`. */
export function emailDocument({ title, storeName, children }: { title: string; storeName: string; children: ReactNode }): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: "#f3f4f6", fontFamily: "Arial, Helvetica, sans-serif", color: TEXT }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: "#f3f4f6" }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "16px 8px" }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: 600, background: "#ffffff", borderRadius: 8 }}>
                  <tbody>
                    <tr>
                      <td style={{ background: BRAND, color: "#ffffff", padding: "14px 20px", fontSize: 18, fontWeight: "bold", borderRadius: "8px 8px 0 0" }}>
                        {storeName}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "20px", fontSize: 15, lineHeight: 1.5 }}>{children}</td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>,
  )}`;
}

/** A link that looks like a button in every mail client (a padded link, no images or forms). */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: "20px 0" }}>
      <a href={href} style={{ display: "inline-block", background: BRAND, color: "#ffffff", padding: "12px 20px", borderRadius: 6, textDecoration: "none", fontWeight: "bold" }}>
        {children}
      </a>
    </p>
  );
}

export const emailStyles = { muted: { color: MUTED, fontSize: 13 }, cell: { padding: "6px 4px", borderBottom: `1px solid ${LINE}`, verticalAlign: "top" } } as const;
