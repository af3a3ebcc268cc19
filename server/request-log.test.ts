// What the request log says of a download the client closed: the status when the whole body of known
// length went out (React Router's adapter ends the response one read after the last byte, and a
// client that has its Content-Length may close first), 499 and the bytes sent when it was cut short.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "~/server/log/logger.server";
import { requestLogging } from "./request-log";

const BODY = Buffer.alloc(256 * 1024, "a");
/** More than loopback's socket buffers hold: a client that stops reading leaves most of it unsent. */
const LARGE_BODY = Buffer.alloc(64 * 1024 * 1024, "a");

describe("request log of a closed download", () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function serve(body = BODY) {
    const lines: Record<string, unknown>[] = [];
    const { logger } = createLogger({ format: "json", destination: { write: (text: string) => lines.push(JSON.parse(text) as Record<string, unknown>) }, level: "info" });
    const app = express();
    app.use(requestLogging(logger, { trustProxy: false }));
    // As the adapter pipes a stream: every byte written, then `end` only after one more read.
    app.get("/feed", (_req, res) => {
      res.setHeader("Content-Length", body.length);
      res.write(body);
      setTimeout(() => res.end(), 300);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    return { port: (server.address() as AddressInfo).port, lines };
  }

  /** Reads `wanted` bytes of the body, then closes the connection. */
  function download(port: number, wanted: number) {
    return new Promise<number>((resolve, reject) => {
      const request = http.get({ host: "127.0.0.1", port, path: "/feed", agent: false }, (response) => {
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received >= wanted) {
            request.destroy();
            resolve(received);
          }
        });
      });
      request.on("error", (error) => (error.message.includes("socket hang up") || error.message.includes("aborted") ? undefined : reject(error)));
    });
  }

  async function lineFor(lines: Record<string, unknown>[]) {
    for (let waited = 0; waited < 3_000 && lines.length === 0; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    return lines[0];
  }

  it("logs the status of a body received whole, though the client closed before the response ended", async () => {
    const { port, lines } = await serve();
    await download(port, BODY.length);
    expect(await lineFor(lines)).toMatchObject({ path: "/feed", status: 200 });
    expect(lines[0]).not.toHaveProperty("bytesSent");
  });

  it("logs 499 and how much was sent when the client went away before the end", async () => {
    const { port, lines } = await serve(LARGE_BODY);
    await download(port, 1);
    const line = await lineFor(lines);
    expect(line).toMatchObject({ path: "/feed", status: 499 });
    expect(line!.bytesSent).toBeLessThan(LARGE_BODY.length);
  });
});
