// A kept page's body as it goes out (server/page-cache.ts keeps it): the parts joined around this
// response's nonce, plain or gzipped.
//
// Compressing a 50–100 KB page again on every hit would cost more than the rest of the hit (2–3 ms of
// CPU), so the parts are also kept deflated, each ending on a byte boundary, and a hit's gzip body is
// those pieces with the nonce between them as stored (uncompressed) deflate blocks: a valid gzip
// stream for the cost of its checksum. A page is deflated when it is first asked for again, not when
// it is kept: most addresses of the long tail (a product no one else opens, a size no one sells) are
// asked for once, and deflating a 110 KB page cost their render 5–8 ms of the main thread for nothing.
// Once deflated, the plain parts are let go: a page asked for again costs its deflated bytes alone
// (about a sixth), so the same memory keeps six times as many of them; the rare client that takes no
// gzip gets the parts inflated again.
import { crc32, deflateRawSync, inflateRawSync, constants as zlibConstants } from "node:zlib";
import { crc32Combine, crc32Shift } from "./crc32-combine";

/** A kept page's body: the parts it was split into at its nonce, and what gzipping them again needs. */
export type PageBody = {
  /** The body's parts in UTF-8; null once they are kept deflated. */
  parts: Buffer[] | null;
  /**
   * Each part as raw deflate blocks, none final, ending on a byte boundary (a sync flush); null until
   * the page is first asked for again (a page asked for again always has them).
   */
  deflated: Buffer[] | null;
  /** Each part's length, CRC-32 and crc32Shift, for the gzip trailer (crc32-combine.ts). */
  lengths: number[];
  checksums: number[];
  shifts: number[];
};

/** Each part's length, CRC-32 and crc32Shift, worked out once when the page is kept. */
export function partChecksums(parts: Buffer[]): Pick<PageBody, "lengths" | "checksums" | "shifts"> {
  return { lengths: parts.map((part) => part.length), checksums: parts.map((part) => crc32(part)), shifts: parts.map((part) => crc32Shift(part.length)) };
}

/** How many bytes the buffers hold together. */
export function byteLength(parts: readonly Buffer[]): number {
  return parts.reduce((sum, part) => sum + part.length, 0);
}

/** The page's parts in UTF-8: as kept, or inflated from their deflated form. */
export function plainParts(page: Pick<PageBody, "parts" | "deflated">): Buffer[] {
  if (page.parts) return page.parts;
  return page.deflated!.map((part) => inflateRawSync(part, { finishFlush: zlibConstants.Z_SYNC_FLUSH }));
}

export function deflatedParts(parts: Buffer[]): Buffer[] {
  return parts.map((part) => deflateRawSync(part, { finishFlush: zlibConstants.Z_SYNC_FLUSH }));
}

/** The page with `nonce` between its parts. */
export function joinedPage(page: Pick<PageBody, "parts" | "deflated">, nonce: string): Buffer {
  const separator = Buffer.from(nonce, "utf8");
  return Buffer.concat(plainParts(page).flatMap((part, index) => (index === 0 ? [part] : [separator, part])));
}

// RFC 1952 header: deflate, no flags, no time, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
// RFC 1951: an empty final stored block (BFINAL=1, BTYPE=00, LEN=0, NLEN=0xffff).
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** A non-final stored deflate block holding `data` (at most 65,535 bytes), to follow a sync flush. */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

/** Nonces have one length (24 characters): its crc32Shift, worked out once. */
const nonceShifts = new Map<number, number>();
function nonceShift(length: number): number {
  let shift = nonceShifts.get(length);
  if (shift === undefined) {
    shift = crc32Shift(length);
    nonceShifts.set(length, shift);
  }
  return shift;
}

/** The page with `nonce` between its parts, gzipped, without compressing anything again. */
export function gzippedPage(page: PageBody, nonce: string): Buffer {
  const separator = Buffer.from(nonce, "utf8");
  const separatorChecksum = crc32(separator);
  const separatorShift = nonceShift(separator.length);
  const nonceBlock = storedBlock(separator);
  // Deflated when first asked for again: only a page got some other way lacks them.
  const deflated = page.deflated ?? deflatedParts(page.parts!);
  const pieces: Buffer[] = [GZIP_HEADER];
  let checksum = 0;
  let size = 0;
  page.lengths.forEach((length, index) => {
    if (index > 0) {
      pieces.push(nonceBlock);
      checksum = crc32Combine(checksum, separatorChecksum, separator.length, separatorShift);
      size += separator.length;
    }
    pieces.push(deflated[index]!);
    checksum = index === 0 ? page.checksums[0]! : crc32Combine(checksum, page.checksums[index]!, length, page.shifts[index]);
    size += length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  pieces.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(pieces);
}
