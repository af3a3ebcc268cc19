// The printed shop-window cards, a page template of the server (never hydrated: rendered to static HTML by
// app/server/channels/print-cards.server.tsx): picture, name, price, sizes on the shelf, and a QR code
// that opens the product's page. A6 is one card per page; the A4 sheet holds four, two by two.
export type PriceCardData = {
  id: number;
  name: string;
  /** Formatted ('R$ 129,90'), or 'Consultar preço'. */
  price: string;
  oldPrice: string | null;
  sizes: string[];
  imageUrl: string | null;
  /** The QR code as SVG markup, made on the server. */
  qrSvg: string;
  url: string;
  shopName: string;
};

export const PRINT_STYLES = {
  a6: `@page { size: A6 portrait; margin: 0 }`,
  a4: `@page { size: A4 portrait; margin: 0 }`,
} as const;

const BASE_STYLES = `
* { box-sizing: border-box; margin: 0; padding: 0 }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a; background: #fff }
.sheet { display: grid; grid-template-columns: 105mm 105mm; grid-auto-rows: 148mm; width: 210mm }
.sheet .card { break-inside: avoid }
.sheet .card:nth-child(4n + 1) { break-before: page }
.sheet .card:first-child { break-before: auto }
.card { width: 105mm; height: 148mm; padding: 7mm; display: flex; flex-direction: column; gap: 3mm; overflow: hidden; border: 0.2mm dashed #cbd5e1 }
.card img.photo { width: 100%; height: 58mm; object-fit: contain }
.card .name { font-size: 14pt; font-weight: 700; line-height: 1.2; max-height: 3.6em; overflow: hidden }
.card .old { font-size: 10pt; color: #64748b; text-decoration: line-through }
.card .price { font-size: 22pt; font-weight: 800 }
.card .sizes { font-size: 9.5pt; color: #334155 }
.card .foot { margin-top: auto; display: flex; align-items: flex-end; justify-content: space-between; gap: 3mm }
.card .qr { width: 30mm; height: 30mm; flex: none }
.card .qr svg { width: 100%; height: 100% }
.card .hint { font-size: 8.5pt; color: #475569 }
@media screen { body { background: #f1f5f9; padding: 8mm } .sheet, .single { background: #fff; margin: 0 auto } .single { width: 105mm } .toolbar { margin-bottom: 6mm; font-size: 11pt } }
/* On a phone the page shows the card smaller, whole (an A6 card is 397 px wide): printing keeps its size. */
@media screen and (max-width: 480px) { body { padding: 2mm } .single { zoom: 0.85 } .sheet { zoom: 0.42 } }
@media screen and (max-width: 360px) { .single { zoom: 0.72 } .sheet { zoom: 0.36 } }
@media print { .toolbar { display: none } .card { border-color: transparent } }
`;

function PriceCard({ card }: { card: PriceCardData }) {
  return (
    <article className="card" aria-label={card.name}>
      {card.imageUrl ? <img className="photo" src={card.imageUrl} alt="" /> : null}
      <h2 className="name">{card.name}</h2>
      <div>
        {card.oldPrice ? <p className="old">{card.oldPrice}</p> : null}
        <p className="price">{card.price}</p>
      </div>
      {card.sizes.length ? <p className="sizes">Tamanhos: {card.sizes.join(" · ")}</p> : null}
      <div className="foot">
        <p className="hint">
          Aponte a câmera para ver fotos, cores e tamanhos e pedir pelo WhatsApp.
          <br />
          {card.shopName}
        </p>
        <div className="qr" dangerouslySetInnerHTML={{ __html: card.qrSvg }} />
      </div>
    </article>
  );
}

/** A whole page: `format` a6 (one card) or a4 (four per sheet). */
export function PrintPage({ title, format, cards }: { title: string; format: "a4" | "a6"; cards: PriceCardData[] }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <style>{`${PRINT_STYLES[format]}${BASE_STYLES}`}</style>
      </head>
      <body>
        <p className="toolbar">Use “Imprimir” do navegador (Ctrl+P, ou Compartilhar → Imprimir no celular). Papel {format.toUpperCase()}, sem margens.</p>
        <main className={format === "a4" ? "sheet" : "single"}>
          {cards.map((card) => (
            <PriceCard key={card.id} card={card} />
          ))}
        </main>
      </body>
    </html>
  );
}
