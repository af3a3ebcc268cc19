// /media from DATA_DIR/media: the app's image names are served, nothing else in the folder is.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaFromDirectory } from "./media-files";

let directory: string;
let server: ReturnType<ReturnType<typeof express>["listen"]>;
let origin: string;
const image = `${"a".repeat(24)}-640.webp`;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "media-files-"));
  fs.writeFileSync(path.join(directory, image), "RIFF....WEBP");
  fs.writeFileSync(path.join(directory, "page.html"), "<script>alert(1)</script>");
  fs.writeFileSync(path.join(directory, "drawing.svg"), "<svg onload='alert(1)'/>");
  server = express().use("/media", mediaFromDirectory(directory)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(directory, { recursive: true, force: true });
});

describe("media from a directory", () => {
  it("serves an image the app named, for a year, as what its name says", async () => {
    const answer = await fetch(`${origin}/media/${image}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("cache-control")).toContain("immutable");
  });

  it("serves no other file left in the folder", async () => {
    for (const name of ["page.html", "drawing.svg", `${"a".repeat(24)}-640.webp.html`]) {
      const answer = await fetch(`${origin}/media/${name}`);
      expect(answer.status, name).toBe(404);
      expect(await answer.text(), name).toBe("Imagem não encontrada.");
    }
  });
});
