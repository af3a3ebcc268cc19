// The counter's barcode reader for browsers without BarcodeDetector (Safari on iPhone, desktop
// Chromium): EAN-13 (and UPC-A, as EAN-13 with a leading 0) and Code 128, the codes on shoe boxes and
// labels. Loaded only by the counter's camera (a dynamic import in code-scanner.tsx), never by the
// storefront. It reads rows of the camera's frame as a laser scanner does: each row becomes runs of
// dark and light, matched against the symbologies' bar widths; a code counts only with its check
// digit (EAN) or checksum (Code 128) right, so a misread is a miss, not a wrong product.

/** The frame as the canvas gives it: RGBA bytes, row after row. */
export type Frame = { data: Uint8ClampedArray | Uint8Array; width: number; height: number };

/** Rows read per frame, spread over the middle of the picture where the clerk aims. */
const ROWS = 24;
/** A row whose darkest and lightest points differ by less than this holds no barcode worth reading. */
const MIN_CONTRAST = 40;
/** The furthest a symbol's widths may stray from the pattern's, on average and for one bar, in modules. */
const MAX_AVERAGE_STRAY = 0.42;
const MAX_SINGLE_STRAY = 0.7;

// EAN-13: a digit is 4 runs over 7 modules. "L" widths (R codes have the same widths, dark first);
// "G" codes are the L widths reversed. The first digit is told by the L/G pattern of the left six.
const EAN_L = ["3211", "2221", "2122", "1411", "1132", "1231", "1114", "1312", "1213", "3112"].map(widths);
const EAN_G = EAN_L.map((pattern) => [...pattern].reverse());
const EAN_FIRST_DIGIT = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLL", "LGLGGL", "LGGLGL"];
/** Runs of an EAN-13 symbol: guard 3, six digits of 4, middle guard 5, six digits of 4, guard 3. */
const EAN_RUNS = 59;

// Code 128: a symbol is 6 runs over 11 modules (the stop, 106, has a seventh bar), dark first.
const CODE128 = (
  "212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 " +
  "123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 " +
  "232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 " +
  "313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 " +
  "111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 " +
  "111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 " +
  "114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 233111"
)
  .split(" ")
  .map(widths);
const START_A = 103;
const START_C = 105;
const STOP = 106;
const SHIFT = 98;
const TO_C = 99;
const TO_B = 100;
const TO_A = 101;

function widths(text: string): number[] {
  return [...text].map(Number);
}

/** How far `runs` stray from `pattern` once scaled to its modules; Infinity past the single-bar limit. */
function stray(runs: readonly number[], pattern: readonly number[]): number {
  const modules = pattern.reduce((sum, width) => sum + width, 0);
  const unit = runs.reduce((sum, width) => sum + width, 0) / modules;
  if (unit <= 0) return Infinity;
  let total = 0;
  for (let index = 0; index < pattern.length; index++) {
    const off = Math.abs(runs[index]! / unit - pattern[index]!);
    if (off > MAX_SINGLE_STRAY * Math.max(1, pattern[index]! / 2)) return Infinity;
    total += off;
  }
  return total / pattern.length;
}

/** The index of the pattern `runs` match best, or -1 when none is close enough. */
function bestMatch(runs: readonly number[], patterns: readonly (readonly number[])[]): number {
  let best = -1;
  let bestStray = MAX_AVERAGE_STRAY;
  patterns.forEach((pattern, index) => {
    const off = stray(runs, pattern);
    if (off < bestStray) {
      bestStray = off;
      best = index;
    }
  });
  return best;
}

function eanCheckDigitRight(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < 12; index++) sum += Number(digits[index]) * (index % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(digits[12]);
}

function guardLike(runs: readonly number[], unit: number): boolean {
  return runs.every((run) => run > unit * 0.4 && run < unit * 1.8);
}

/** EAN-13 whose start guard's first bar is `runs[start]` (a dark run), or null. */
function readEan13(runs: readonly number[], start: number): string | null {
  if (start + EAN_RUNS > runs.length) return null;
  const symbol = runs.slice(start, start + EAN_RUNS);
  const unit = symbol.reduce((sum, run) => sum + run, 0) / 95;
  if (start > 0 && runs[start - 1]! < unit * 3) return null;
  if (!guardLike(symbol.slice(0, 3), unit) || !guardLike(symbol.slice(27, 32), unit) || !guardLike(symbol.slice(56, 59), unit)) return null;
  let digits = "";
  let parity = "";
  for (let digit = 0; digit < 6; digit++) {
    const at = symbol.slice(3 + digit * 4, 7 + digit * 4);
    const asL = bestMatch(at, EAN_L);
    const asG = bestMatch(at, EAN_G);
    const lStray = asL < 0 ? Infinity : stray(at, EAN_L[asL]!);
    const gStray = asG < 0 ? Infinity : stray(at, EAN_G[asG]!);
    if (asL < 0 && asG < 0) return null;
    if (lStray <= gStray) {
      digits += asL;
      parity += "L";
    } else {
      digits += asG;
      parity += "G";
    }
  }
  for (let digit = 0; digit < 6; digit++) {
    const match = bestMatch(symbol.slice(32 + digit * 4, 36 + digit * 4), EAN_L);
    if (match < 0) return null;
    digits += match;
  }
  const first = EAN_FIRST_DIGIT.indexOf(parity);
  if (first < 0) return null;
  const code = `${first}${digits}`;
  return eanCheckDigitRight(code) ? code : null;
}

/** The text of a Code 128 symbol's values (start, data, no check, no stop), or null when it does not read. */
function code128Text(values: readonly number[]): string | null {
  let set = values[0] === START_A ? "A" : values[0] === START_C ? "C" : "B";
  let text = "";
  let shifted = false;
  for (const value of values.slice(1)) {
    const current = shifted ? (set === "A" ? "B" : "A") : set;
    shifted = false;
    if (current === "C") {
      if (value < 100) text += String(value).padStart(2, "0");
      else if (value === TO_B) set = "B";
      else if (value === TO_A) set = "A";
      continue;
    }
    if (value < 64) text += String.fromCharCode(32 + value);
    else if (value < 96) text += current === "B" ? String.fromCharCode(32 + value) : String.fromCharCode(value - 64);
    else if (value === SHIFT) shifted = true;
    else if (value === TO_C) set = "C";
    else if (current === "A" && value === TO_B) set = "B";
    else if (current === "B" && value === TO_A) set = "A";
    // FNC1-4 carry nothing a SKU needs.
  }
  return text;
}

/** Code 128 whose start symbol's first bar is `runs[start]` (a dark run), or null. */
function readCode128(runs: readonly number[], start: number): string | null {
  if (start + 6 * 3 + 7 > runs.length) return null;
  const first = runs.slice(start, start + 6);
  const startMatch = bestMatch(first, CODE128.slice(START_A, START_C + 1));
  if (startMatch < 0) return null;
  const startValue = START_A + startMatch;
  const unit = first.reduce((sum, run) => sum + run, 0) / 11;
  if (start > 0 && runs[start - 1]! < unit * 4) return null;
  const values = [startValue];
  for (let at = start + 6; at + 6 <= runs.length; at += 6) {
    const value = bestMatch(runs.slice(at, at + 6), CODE128);
    if (value < 0 || (value >= START_A && value <= START_C)) return null;
    if (value === STOP) {
      if (values.length < 3 || at + 7 > runs.length) return null;
      const check = values.pop()!;
      const sum = values.reduce((total, code, index) => total + code * Math.max(1, index), 0);
      return sum % 103 === check ? code128Text(values) : null;
    }
    values.push(value);
  }
  return null;
}

/** A row's runs of dark and light, from its luminance; the first run in `runs` is dark (`offset` light pixels skipped). */
function rowRuns(luminance: Uint8Array): number[] | null {
  let min = 255;
  let max = 0;
  for (const value of luminance) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (max - min < MIN_CONTRAST) return null;
  const threshold = (min + max) / 2;
  const runs: number[] = [];
  let dark = luminance[0]! < threshold;
  // The list starts with a light run (0 wide when the row starts dark), so dark runs sit at odd indexes.
  if (dark) runs.push(0);
  let length = 0;
  for (const value of luminance) {
    const isDark = value < threshold;
    if (isDark === dark) length += 1;
    else {
      runs.push(length);
      dark = isDark;
      length = 1;
    }
  }
  runs.push(length);
  return runs;
}

/** The code in one row's runs, read either way (a box upside down), or null. */
function readRuns(runs: number[]): string | null {
  for (const direction of [runs, [...runs].reverse()]) {
    // Dark runs sit at odd indexes in `runs`; reversed, they keep their parity only if the count is odd.
    const firstDark = direction === runs || runs.length % 2 === 1 ? 1 : 0;
    for (let start = firstDark; start < direction.length; start += 2) {
      const code = readEan13(direction, start) ?? readCode128(direction, start);
      if (code) return code;
    }
  }
  return null;
}

/** An EAN-13 or Code 128 barcode across the middle of the frame, or null. */
export function readBarcode(frame: Frame): string | null {
  const { data, width, height } = frame;
  const luminance = new Uint8Array(width);
  for (let line = 0; line < ROWS; line++) {
    // From the middle outwards: the clerk aims at the centre.
    const offset = Math.ceil(line / 2) * (line % 2 === 0 ? 1 : -1);
    const y = Math.round(height / 2 + (offset * height * 0.6) / ROWS);
    if (y < 0 || y >= height) continue;
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      luminance[x] = (data[at]! * 77 + data[at + 1]! * 150 + data[at + 2]! * 29) >> 8;
    }
    const runs = rowRuns(luminance);
    const code = runs ? readRuns(runs) : null;
    if (code) return code;
  }
  return null;
}
