// Scripts compressed once with Brotli at build time (server/precompressed-assets.ts), served behind the
// real `compression` middleware and express.static, as server.js mounts them.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressAssets, precompressedAssets } from "../../server/precompressed-assets";

describe("precompressed assets", () => {
  let dir: string;
  let server: http.Server;
  let port: number;
  const script = `export function cart(){${"return 'carrinho de compras';".repeat(400)}}`;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-assets-"));
    fs.writeFileSync(path.join(dir, "entry-abc123.js"), script);
    fs.writeFileSync(path.join(dir, "tiny-def456.js"), "export const a=1;");
    fs.writeFileSync(path.join(dir, "photo-1.webp"), Buffer.alloc(4096, 7));
    const app = express();
    app.use(compression());
    expect(await precompressAssets(dir)).toBe(1);
    app.use("/assets", precompressedAssets(dir), express.static(dir, { immutable: true, maxAge: "1y" }));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The raw response: fetch would decompress the body and hide what was sent. */
  function get(file: string, acceptEncoding: string, method = "GET") {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, path: `/assets/${file}`, method, headers: { "accept-encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on("error", reject);
      request.end();
    });
  }

  it("writes a .br only for compressible files large enough to gain from it", () => {
    expect(fs.existsSync(path.join(dir, "entry-abc123.js.br"))).toBe(true);
    expect(fs.existsSync(path.join(dir, "tiny-def456.js.br"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "photo-1.webp.br"))).toBe(false);
    const written = fs.readFileSync(path.join(dir, "entry-abc123.js.br"));
    expect(brotliDecompressSync(written).toString()).toBe(script);
  });

  it("sends the .br to a browser that takes Brotli, as JavaScript, cacheable for a year", async () => {
    const response = await get("entry-abc123.js", "gzip, deflate, br, zstd");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers["cache-control"]).toContain("immutable");
    expect(brotliDecompressSync(response.body).toString()).toBe(script);
    const head = await get("entry-abc123.js", "br", "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
  });

  it("leaves the others to compression: gzip for a browser without Brotli, the file itself without either", async () => {
    const gzip = await get("entry-abc123.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await get("entry-abc123.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const tiny = await get("tiny-def456.js", "br");
    expect(tiny.body.toString()).toBe("export const a=1;");
  });
});
