// The counter's fallback barcode reader on frames drawn here: the bars of an EAN-13 or a Code 128 at
// a camera's scale (fractional pixels per module), blurred, with noise and uneven light, the right
// way up and upside down. The encoders below are written from the symbologies' published tables.
import { describe, expect, it } from "vitest";
import { readBarcode, type Frame } from "./barcode-reader";

const EAN_L = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"];
const EAN_G = EAN_L.map((code) => [...code].map((bit) => (bit === "1" ? "0" : "1")).reverse().join(""));
const EAN_R = EAN_L.map((code) => [...code].map((bit) => (bit === "1" ? "0" : "1")).join(""));
const EAN_PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLL", "LGLGGL", "LGGLGL"];

/** EAN-13's 95 modules (1 = dark). */
function ean13Modules(code: string): string {
  const parity = EAN_PARITY[Number(code[0])]!;
  const left = [...code.slice(1, 7)].map((digit, index) => (parity[index] === "L" ? EAN_L : EAN_G)[Number(digit)]).join("");
  const right = [...code.slice(7)].map((digit) => EAN_R[Number(digit)]).join("");
  return `101${left}01010${right}101`;
}

// Code 128 Set B for printable ASCII: value = char - 32; widths per value from the standard's table.
const CODE128_WIDTHS =
  "212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112".split(" ");

function code128Modules(text: string): string {
  const values = [104, ...[...text].map((char) => char.charCodeAt(0) - 32)];
  const check = values.reduce((sum, value, index) => sum + value * Math.max(1, index), 0) % 103;
  return [...values, check, 106]
    .map((value) => [...CODE128_WIDTHS[value]!].map((width, index) => (index % 2 === 0 ? "1" : "0").repeat(Number(width))).join(""))
    .join("");
}

/** A frame with the modules drawn across it, `scale` pixels each, blurred, noisy, lit unevenly; upside down if asked. */
function frameOf(modules: string, { scale = 2.3, noise = 12, upsideDown = false } = {}): Frame {
  const quiet = 12 * scale;
  const width = Math.ceil(modules.length * scale + 2 * quiet + 30);
  const height = 120;
  const row = new Float64Array(width).fill(235);
  for (let x = 0; x < width; x++) {
    // Area sampling: a pixel on a bar's edge is grey.
    const from = (x - quiet - 15) / scale;
    const to = (x + 1 - quiet - 15) / scale;
    let dark = 0;
    for (let step = 0; step < 8; step++) {
      const module = Math.floor(from + ((to - from) * (step + 0.5)) / 8);
      if (modules[module] === "1") dark += 1 / 8;
    }
    row[x] = 235 - dark * 200;
  }
  const blurred = row.map((_, x) => (row[Math.max(0, x - 1)]! + row[x]! * 2 + row[Math.min(width - 1, x + 1)]!) / 4);
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const light = 0.75 + (0.25 * x) / width; // brighter on one side
      const value = blurred[upsideDown ? width - 1 - x : x]! * light + (random() - 0.5) * noise;
      const at = (y * width + x) * 4;
      data[at] = data[at + 1] = data[at + 2] = value;
      data[at + 3] = 255;
    }
  }
  return { data, width, height };
}

describe("the counter's fallback barcode reader", () => {
  it("reads EAN-13 codes at a camera's scale, either way up", () => {
    for (const code of ["7891234567895", "0012345678905", "4006381333931"]) {
      expect(readBarcode(frameOf(ean13Modules(code)))).toBe(code);
      expect(readBarcode(frameOf(ean13Modules(code), { scale: 3.7, upsideDown: true }))).toBe(code);
    }
  });

  it("reads Code 128 labels, either way up", () => {
    for (const text of ["REL-PRETO-01", "TEN-38-azul", "Sku 123/x"]) {
      expect(readBarcode(frameOf(code128Modules(text)))).toBe(text);
      expect(readBarcode(frameOf(code128Modules(text), { scale: 2.9, upsideDown: true }))).toBe(text);
    }
  });

  it("reads nothing rather than a wrong code: a bad check digit, a blank frame, noise", () => {
    expect(readBarcode(frameOf(ean13Modules("7891234567894")))).toBeNull();
    expect(readBarcode(frameOf("0".repeat(95)))).toBeNull();
    let seed = 3;
    const noise = Array.from({ length: 200 }, () => ((seed = (seed * 48271) % 2147483647) % 2 === 0 ? "1" : "0")).join("");
    expect(readBarcode(frameOf(noise))).toBeNull();
  });
});
