import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine } from "./crc32-combine";

describe("crc32Combine", () => {
  it("gives zlib's CRC-32 of the two strings one after the other, whatever their lengths", () => {
    for (const [lengthA, lengthB] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [22, 7],
      [150_000, 22],
      [22, 150_000],
      [65_536, 65_537],
    ] as const) {
      const a = randomBytes(lengthA);
      const b = randomBytes(lengthB);
      expect(crc32Combine(crc32(a), crc32(b), b.length), `${lengthA} + ${lengthB}`).toBe(crc32(Buffer.concat([a, b])));
    }
  });
});
