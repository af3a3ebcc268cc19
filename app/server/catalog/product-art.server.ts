import sharp from "sharp";

/** Colour names used in the catalogue → paint for the generated demo pictures. */
const PAINT: Record<string, string> = {
  Preto: "#1f2937", Branco: "#f8fafc", Caramelo: "#b7793f", Marrom: "#6b4226", Nude: "#e8c4a8",
  Vermelho: "#dc2626", Café: "#4a3222", "Azul-marinho": "#1e3a8a", Azul: "#2563eb", Cinza: "#9ca3af",
  Rosa: "#ec4899", Lilás: "#a78bfa", Laranja: "#f97316", Bege: "#e7d7b9", "Off-white": "#f5f0e6",
  Prata: "#cbd5e1", Colorido: "#f59e0b",
};

type Art = "shoe" | "sandal" | "ball" | "bottle" | "pan" | "bag" | "towel" | "watch" | "doll" | "car" | "lamp" | "clothes";

function artFor(subcategory: string, name: string): Art {
  const text = `${subcategory} ${name}`.toLowerCase();
  if (/sandália|chinelo|rasteira/.test(text)) return "sandal";
  if (/bola/.test(text)) return "ball";
  if (/garrafa/.test(text)) return "bottle";
  if (/panela|cozinha/.test(text)) return "pan";
  if (/bolsa|mochila/.test(text)) return "bag";
  if (/toalha/.test(text)) return "towel";
  if (/relógio/.test(text)) return "watch";
  if (/boneca/.test(text)) return "doll";
  if (/carrinho/.test(text)) return "car";
  if (/decoração|luminária/.test(text)) return "lamp";
  if (/roupa|moletom|conjunto/.test(text)) return "clothes";
  return "shoe";
}

function drawing(art: Art, main: string, accent: string): string {
  switch (art) {
    case "shoe":
      return `<path d="M150 470 C150 380 200 330 260 330 L330 330 C360 380 420 400 480 400 L560 410 C640 420 660 470 660 520 L660 560 L150 560 Z" fill="${main}"/>
        <rect x="140" y="560" width="530" height="40" rx="18" fill="${accent}"/>
        <path d="M300 360 L350 400 M330 350 L380 392 M360 345 L410 388" stroke="${accent}" stroke-width="12" stroke-linecap="round"/>`;
    case "sandal":
      return `<ellipse cx="400" cy="520" rx="250" ry="70" fill="${accent}"/>
        <ellipse cx="400" cy="505" rx="235" ry="58" fill="${main}"/>
        <path d="M260 500 C300 380 500 380 540 500" stroke="${accent}" stroke-width="30" fill="none"/>
        <path d="M330 495 C360 420 440 420 470 495" stroke="${main}" stroke-width="18" fill="none" opacity="0.6"/>`;
    case "ball":
      return `<circle cx="400" cy="420" r="210" fill="${main}" stroke="${accent}" stroke-width="14"/>
        <polygon points="400,340 455,380 435,445 365,445 345,380" fill="${accent}"/>
        <path d="M400 340 L400 230 M455 380 L560 345 M435 445 L500 530 M365 445 L300 530 M345 380 L240 345" stroke="${accent}" stroke-width="12"/>`;
    case "bottle":
      return `<rect x="320" y="250" width="160" height="380" rx="50" fill="${main}"/>
        <rect x="345" y="190" width="110" height="70" rx="18" fill="${accent}"/>
        <rect x="320" y="380" width="160" height="60" fill="${accent}" opacity="0.5"/>`;
    case "pan":
      return `<path d="M200 380 L600 380 L580 560 C575 590 550 610 520 610 L280 610 C250 610 225 590 220 560 Z" fill="${main}"/>
        <rect x="180" y="350" width="440" height="40" rx="20" fill="${accent}"/>
        <rect x="600" y="400" width="130" height="26" rx="13" fill="${accent}"/>
        <ellipse cx="400" cy="330" rx="150" ry="28" fill="${accent}" opacity="0.7"/>`;
    case "bag":
      return `<path d="M290 330 C290 230 510 230 510 330" stroke="${accent}" stroke-width="26" fill="none"/>
        <rect x="220" y="320" width="360" height="300" rx="40" fill="${main}"/>
        <rect x="370" y="400" width="60" height="40" rx="10" fill="${accent}"/>`;
    case "towel":
      return `<rect x="200" y="470" width="400" height="120" rx="20" fill="${main}"/>
        <rect x="220" y="360" width="360" height="110" rx="20" fill="${accent}"/>
        <rect x="240" y="260" width="320" height="100" rx="20" fill="${main}" opacity="0.8"/>`;
    case "watch":
      return `<rect x="340" y="170" width="120" height="460" rx="40" fill="${accent}"/>
        <circle cx="400" cy="400" r="130" fill="${main}" stroke="${accent}" stroke-width="20"/>
        <rect x="330" y="375" width="140" height="50" rx="8" fill="#a3e635"/>`;
    case "doll":
      return `<circle cx="400" cy="290" r="90" fill="#f2c9a0"/>
        <path d="M310 270 C310 180 490 180 490 270 C470 220 330 220 310 270 Z" fill="#7c2d12"/>
        <path d="M300 600 L350 380 L450 380 L500 600 Z" fill="${main}"/>
        <circle cx="370" cy="290" r="10" fill="#1f2937"/><circle cx="430" cy="290" r="10" fill="#1f2937"/>`;
    case "car":
      return `<path d="M170 500 L200 420 C215 380 250 360 290 360 L500 360 C540 360 570 380 590 420 L640 500 Z" fill="${main}"/>
        <rect x="150" y="490" width="510" height="70" rx="30" fill="${main}"/>
        <rect x="280" y="385" width="100" height="60" rx="10" fill="#bae6fd"/><rect x="400" y="385" width="110" height="60" rx="10" fill="#bae6fd"/>
        <circle cx="270" cy="570" r="50" fill="${accent}"/><circle cx="540" cy="570" r="50" fill="${accent}"/>`;
    case "lamp":
      return `<path d="M300 250 L500 250 L560 420 L240 420 Z" fill="${main}"/>
        <rect x="390" y="420" width="20" height="150" fill="${accent}"/>
        <ellipse cx="400" cy="590" rx="120" ry="30" fill="${accent}"/>`;
    case "clothes":
      return `<path d="M300 220 L500 220 L620 300 L570 380 L520 350 L520 600 L280 600 L280 350 L230 380 L180 300 Z" fill="${main}"/>
        <path d="M350 220 C360 270 440 270 450 220" fill="${accent}"/>`;
  }
}

/**
 * The demo gallery's shots of each product, as a shop photographs it: from the front and at an angle.
 * Two, not more: each picture costs the first start (and every test that starts a fresh shop) ~0.2 s.
 */
export const PRODUCT_VIEWS = ["front", "angle"] as const;
export type ProductView = (typeof PRODUCT_VIEWS)[number];

/** Where the camera is: the product's placement on the 800 × 800 set. */
const CAMERA: Record<ProductView, string> = {
  front: "",
  // Turned and seen from a little further away: mirrored, tilted, smaller.
  angle: "translate(800 0) scale(-1 1) translate(400 430) rotate(-7) scale(0.86) translate(-400 -430)",
};

/**
 * A product photo for the demo catalogue, drawn and rendered by sharp (no photos shipped): the product
 * lit from the upper left on a studio backdrop (diffuse and specular light over a blurred height map
 * give it volume and sheen), standing on a floor with a soft shadow.
 */
export async function renderProductArt(
  product: { name: string; subcategory: string; colors: string[]; shopColor: string },
  view: ProductView = "front",
): Promise<Buffer> {
  const main = PAINT[product.colors[0] ?? ""] ?? "#475569";
  const accent = PAINT[product.colors[1] ?? ""] ?? "#e2e8f0";
  // Drawn on an 800 × 800 set, rendered at 640 px: the largest width the shop stores (IMAGE_WIDTHS).
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 800 800">
    <defs>
      <radialGradient id="backdrop" cx="0.42" cy="0.3" r="0.9">
        <stop offset="0" stop-color="#ffffff"/>
        <stop offset="0.55" stop-color="#f1f1ef"/>
        <stop offset="1" stop-color="${product.shopColor}" stop-opacity="0.16"/>
      </radialGradient>
      <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#000000" stop-opacity="0"/>
        <stop offset="1" stop-color="#000000" stop-opacity="0.10"/>
      </linearGradient>
      <filter id="shadow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="18"/></filter>
      <filter id="contact" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>
      <filter id="studio-light" x="-10%" y="-10%" width="120%" height="120%" color-interpolation-filters="sRGB">
        <feGaussianBlur in="SourceAlpha" stdDeviation="16" result="height"/>
        <feDiffuseLighting in="height" surfaceScale="7" diffuseConstant="1.15" lighting-color="#ffffff" result="diffuse">
          <feDistantLight azimuth="225" elevation="48"/>
        </feDiffuseLighting>
        <feComposite in="diffuse" in2="SourceAlpha" operator="in" result="diffuse-in"/>
        <feBlend in="SourceGraphic" in2="diffuse-in" mode="multiply" result="lit"/>
        <feSpecularLighting in="height" surfaceScale="7" specularConstant="0.75" specularExponent="18" lighting-color="#ffffff" result="specular">
          <fePointLight x="180" y="60" z="520"/>
        </feSpecularLighting>
        <feComposite in="specular" in2="SourceAlpha" operator="in" result="specular-in"/>
        <feComposite in="lit" in2="specular-in" operator="arithmetic" k1="0" k2="1" k3="0.55" k4="0"/>
      </filter>
    </defs>
    <rect width="800" height="800" fill="url(#backdrop)"/>
    <rect y="600" width="800" height="200" fill="url(#floor)"/>
    <g transform="${CAMERA[view]}">
      <ellipse cx="400" cy="625" rx="270" ry="34" fill="#0f172a" opacity="0.28" filter="url(#shadow)"/>
      <ellipse cx="400" cy="612" rx="210" ry="12" fill="#0f172a" opacity="0.35" filter="url(#contact)"/>
      <g filter="url(#studio-light)">${drawing(artFor(product.subcategory, product.name), main, accent)}</g>
    </g>
  </svg>`;
  // Handed straight to storeImage, which re-encodes it: no time spent compressing it here.
  return sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
}
