import { describe, expect, it } from "vitest";
import { normalizeTrackingCode, trackingUrl } from "./tracking";

describe("tracking codes", () => {
  it("takes a code as typed, without spaces or dashes, upper case", () => {
    expect(normalizeTrackingCode(" qb 123-456-789 br ")).toBe("QB123456789BR");
  });
  it("refuses what is not a code", () => {
    expect(normalizeTrackingCode("")).toBeNull();
    expect(normalizeTrackingCode("abc")).toBeNull();
    expect(normalizeTrackingCode("QB123<script>")).toBeNull();
  });
  it("links to the code's tracking page", () => {
    expect(trackingUrl("QB123456789BR")).toBe("https://www.melhorrastreio.com.br/rastreio/QB123456789BR");
  });
});
