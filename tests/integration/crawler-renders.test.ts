// Forwarding a crawler's page to the render workers (server/crawler-renders.ts), over a real unix
// socket, with a stand-in render worker that records what reaches it.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import net from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { crawlerRenders, makeRenderWorkersSocket } from "../../server/crawler-renders";

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders };

const closing: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/** A render worker on its socket: answers each request with `answer`, or never when it is undefined. */
async function renderWorker(answer: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | undefined) {
  const socket = makeRenderWorkersSocket();
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    answer?.(req, res);
  });
  await new Promise<void>((resolve) => server.listen(socket.path, resolve));
  closing.push(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve())).then(socket.remove);
  });
  return { path: socket.path, seen };
}

/** A shoppers' worker whose every request is a crawler's miss, forwarded; `renderedHere` counts the fall-backs. */
async function shoppersWorker(socketPath: string, timeoutMs?: number) {
  const forwarding = crawlerRenders(socketPath, { timeoutMs });
  let renderedHere = 0;
  const app = express();
  app.get("/{*page}", (req, res) =>
    forwarding.forward(req, res, () => {
      renderedHere += 1;
      res.type("html").send("<p>aqui</p>");
    }),
  );
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closing.push(() => {
    forwarding.close();
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port: (server.address() as AddressInfo).port, renderedHere: () => renderedHere };
}

/** Raw bytes on one connection; resolves with what came back once `until` matches it. */
function rawExchange(port: number, bytes: string, until: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = net.connect(port, "127.0.0.1", () => connection.write(bytes));
    let received = "";
    connection.on("data", (chunk) => {
      received += chunk.toString("latin1");
      if (until.test(received)) {
        connection.destroy();
        resolve(received);
      }
    });
    connection.on("error", reject);
    setTimeout(() => {
      connection.destroy();
      resolve(received);
    }, 3_000);
  });
}

describe("crawler renders", () => {
  it("passes the render worker's answer back with its own headers, and makes its socket in a directory of its own", async () => {
    const worker = await renderWorker((_req, res) => {
      res.writeHead(200, { "content-type": "text/html", "content-security-policy": "script-src 'nonce-abc'", "x-page-cache": "miss" });
      res.end(`<script nonce="abc"></script>`);
    });
    expect(fs.statSync(worker.path).isSocket()).toBe(true);
    expect(fs.statSync(path.dirname(worker.path)).mode & 0o077).toBe(0);
    const shop = await shoppersWorker(worker.path);
    const response = await fetch(`http://127.0.0.1:${shop.port}/produto/7?cor=azul`, { headers: { "user-agent": "Googlebot/2.1", "x-erick-render-ahead": "1" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toBe("script-src 'nonce-abc'");
    expect(await response.text()).toBe(`<script nonce="abc"></script>`);
    expect(worker.seen.map((request) => `${request.method} ${request.url}`)).toEqual(["GET /produto/7?cor=azul"]);
    expect(worker.seen[0]!.headers["user-agent"]).toBe("Googlebot/2.1");
    // Only a render worker's own renders ahead may say so: never a header from outside.
    expect(worker.seen[0]!.headers["x-erick-render-ahead"]).toBeUndefined();
    expect(shop.renderedHere()).toBe(0);
  });

  it("never forwards a body: a GET with a Content-Length reaches the render worker without it, and the next request on the connection is its own", async () => {
    const worker = await renderWorker((req, res) => void res.writeHead(200, { "content-type": "text/html" }).end(`<p>${req.url}</p>`));
    const shop = await shoppersWorker(worker.path);
    const smuggled = "GET /produto/99 HTTP/1.1\r\nHost: x\r\nUser-Agent: Googlebot\r\n\r\n";
    const first = `GET /produto/1 HTTP/1.1\r\nHost: x\r\nUser-Agent: Googlebot\r\nContent-Length: ${smuggled.length}\r\n\r\n${smuggled}`;
    await rawExchange(shop.port, first, /<p>\/produto\/1<\/p>/);
    const second = await fetch(`http://127.0.0.1:${shop.port}/produto/2`, { headers: { "user-agent": "Googlebot/2.1" } });
    expect(await second.text()).toBe("<p>/produto/2</p>");
    expect(worker.seen.map((request) => request.url)).toEqual(["/produto/1", "/produto/2"]);
    expect(worker.seen.every((request) => request.headers["content-length"] === undefined)).toBe(true);
  });

  it("renders the page itself when the render workers do not answer in time, or are not there", async () => {
    const silent = await renderWorker(undefined);
    const slow = await shoppersWorker(silent.path, 300);
    const waited = await fetch(`http://127.0.0.1:${slow.port}/produto/3`, { headers: { "user-agent": "Googlebot/2.1" } });
    expect(await waited.text()).toBe("<p>aqui</p>");
    expect(slow.renderedHere()).toBe(1);

    const gone = await shoppersWorker(`${silent.path}-nenhum`);
    const answered = await fetch(`http://127.0.0.1:${gone.port}/produto/3`, { headers: { "user-agent": "Googlebot/2.1" } });
    expect(await answered.text()).toBe("<p>aqui</p>");
    expect(gone.renderedHere()).toBe(1);
  });

  it("renders nothing for a crawler that hung up before the render workers answered", async () => {
    const silent = await renderWorker(undefined);
    const shop = await shoppersWorker(silent.path, 2_000);
    const request = fetch(`http://127.0.0.1:${shop.port}/produto/4`, { headers: { "user-agent": "Googlebot/2.1" }, signal: AbortSignal.timeout(200) });
    await expect(request).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(silent.seen).toHaveLength(1);
    expect(shop.renderedHere()).toBe(0);
  });
});
