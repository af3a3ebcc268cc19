// The checkout's carrier quote (app/server/delivery/melhor-envio.server.ts) against a stand-in for
// Melhor Envio on loopback that answers after SERVICE_MS (default 400 ms, about what the real API
// takes): p50/p95/max of a quote asked for the first time (distinct carts, 10 at once) and of one
// answered from the cache. Figures, not pass/fail; the goal is p95 ≤ 1.5 s with the service answering.
//
//   npx tsx bench/bench-delivery-quote.ts            SERVICE_MS=800 npx tsx bench/bench-delivery-quote.ts
import http from "node:http";
import type { AddressInfo } from "node:net";
import { forgetCarrierQuotes, quoteCarriers, type QuoteItem } from "~/server/delivery/melhor-envio.server";
import { packageForCategory } from "~/server/delivery/packages.server";

const SERVICE_MS = Number(process.env.SERVICE_MS ?? 400);
const QUOTES = 200;
const AT_ONCE = 10;

const ANSWER = JSON.stringify([
  { id: 1, name: "PAC", price: "32.47", delivery_time: 9, company: { name: "Correios" } },
  { id: 2, name: "SEDEX", price: "58.90", delivery_time: 4, company: { name: "Correios" } },
  { id: 3, name: ".Package", price: "41.10", delivery_time: 6, company: { name: "Jadlog" } },
]);

const server = http.createServer((request, response) => {
  request.resume();
  request.on("end", () => setTimeout(() => response.writeHead(200, { "content-type": "application/json" }).end(ANSWER), SERVICE_MS));
});
server.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const service = { token: "bench-token-0123456789abcdef", url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };

const cart = (n: number): QuoteItem[] => [{ productId: n, quantity: 1 + (n % 3), unitPriceCents: 129_90, size: packageForCategory("Feminino") }];

async function timed(count: number, cartOf: (n: number) => QuoteItem[]): Promise<number[]> {
  const times: number[] = [];
  for (let start = 0; start < count; start += AT_ONCE) {
    await Promise.all(
      Array.from({ length: Math.min(AT_ONCE, count - start) }, async (_, offset) => {
        const began = performance.now();
        const quote = await quoteCarriers(service, "55560000", "01310100", cartOf(start + offset));
        if (quote.status !== "quoted") throw new Error("the stand-in did not answer");
        times.push(performance.now() - began);
      }),
    );
  }
  return times.sort((a, b) => a - b);
}

const at = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
const line = (label: string, times: number[]) =>
  console.log(`${label.padEnd(22)} n=${times.length}  p50 ${at(times, 0.5).toFixed(0)} ms  p95 ${at(times, 0.95).toFixed(0)} ms  max ${times.at(-1)!.toFixed(0)} ms`);

console.log(`${new Date().toISOString()}  carrier quote, stand-in answering after ${SERVICE_MS} ms, ${AT_ONCE} at once`);
forgetCarrierQuotes();
line("first quote (miss)", await timed(QUOTES, cart));
line("same cart (cache hit)", await timed(QUOTES, () => cart(1)));
server.close();
