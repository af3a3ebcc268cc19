import qrcode from "qrcode-generator";

/** An SVG QR code (rendered on the server: the shopper's phone downloads no QR library). */
export function qrCodeSvg(text: string, label: string): string {
  const code = qrcode(0, "M");
  code.addData(text, "Byte");
  code.make();
  const count = code.getModuleCount();
  const margin = 4;
  const size = count + margin * 2;
  let path = "";
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (code.isDark(row, col)) path += `M${col + margin} ${row + margin}h1v1h-1z`;
    }
  }
  const title = label.replace(/[<>&"]/g, "");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" role="img" aria-label="${title}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/**
 * The same for a code from outside (a Pix provider's copia-e-cola): null when it is too long to be
 * drawn as a QR code (past version 40's 2,331 bytes), so the page shows the code without its QR.
 */
export function qrCodeSvgIfDrawable(text: string, label: string): string | null {
  try {
    return qrCodeSvg(text, label);
  } catch {
    return null;
  }
}
