// Local stand-ins for the CEP lookup (ViaCEP's JSON) and Melhor Envio's quote, on loopback over real
// HTTP, with the ways a real one misbehaves: answering, slow, down, or answering something else.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeMode = "answering" | "slow" | "down" | "wrong-json";

export type FakeDeliveryServices = {
  origin: string;
  /** For CEP_LOOKUP_URL. */
  cepTemplate: string;
  /** What each service does from now on. */
  cepMode: FakeMode;
  quoteMode: FakeMode;
  /** The quote requests received, as parsed JSON with their Authorization header. */
  quoteRequests: { authorization: string | undefined; body: unknown }[];
  cepRequests: string[];
  close: () => Promise<void>;
};

/** A few CEPs as ViaCEP answers them; Barreiros, Sirinhaém and Tamandaré have one CEP for the whole town. */
const ADDRESSES: Record<string, object> = {
  "55560000": { cep: "55560-000", logradouro: "", bairro: "", localidade: "Barreiros", uf: "PE" },
  "55580000": { cep: "55580-000", logradouro: "", bairro: "", localidade: "Sirinhaém", uf: "PE" },
  "01310100": { cep: "01310-100", logradouro: "Avenida Paulista", bairro: "Bela Vista", localidade: "São Paulo", uf: "SP" },
  "50030230": { cep: "50030-230", logradouro: "Rua do Bom Jesus", bairro: "Recife", localidade: "Recife", uf: "PE" },
  "55578000": { cep: "55578-000", logradouro: "", bairro: "", localidade: "Tamandaré", uf: "PE" },
};

/** Melhor Envio's answer: two services priced, one the carrier cannot take (its `error`). */
export const FAKE_SERVICES = [
  { id: 1, name: "PAC", price: "32.47", custom_price: "32.47", delivery_time: 9, custom_delivery_time: 9, company: { id: 1, name: "Correios" } },
  { id: 2, name: "SEDEX", price: "58.90", custom_price: "58.90", delivery_time: 4, custom_delivery_time: 4, company: { id: 1, name: "Correios" } },
  { id: 3, name: ".Package", price: "41.10", delivery_time: 6, company: { id: 2, name: "Jadlog" } },
  { id: 17, name: "Mini Envios", error: "Dimensões do objeto ultrapassam o limite da transportadora.", company: { id: 1, name: "Correios" } },
];

const SLOW_MS = 4_000;

export async function startFakeDeliveryServices(): Promise<FakeDeliveryServices> {
  const fakes = { cepMode: "answering" as FakeMode, quoteMode: "answering" as FakeMode, quoteRequests: [] as FakeDeliveryServices["quoteRequests"], cepRequests: [] as string[] };
  const timers = new Set<NodeJS.Timeout>();
  const answer = (mode: FakeMode, response: http.ServerResponse, body: unknown) => {
    const send = () => {
      if (mode === "down") {
        response.writeHead(503, { "content-type": "text/html" }).end("<h1>Service Unavailable</h1>");
      } else if (mode === "wrong-json") {
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ message: "Unauthenticated.", data: [1, 2] }));
      } else {
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
      }
    };
    if (mode !== "slow") return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!response.destroyed) response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    }, SLOW_MS);
    timers.add(timer);
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const cep = /^\/ws\/(\d{8})\/json\/$/.exec(url.pathname)?.[1];
    if (request.method === "GET" && cep) {
      fakes.cepRequests.push(cep);
      return answer(fakes.cepMode, response, ADDRESSES[cep] ?? { erro: "true" });
    }
    if (request.method === "POST" && url.pathname === "/api/v2/me/shipment/calculate") {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        fakes.quoteRequests.push({ authorization: request.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown });
        answer(fakes.quoteMode, response, FAKE_SERVICES);
      });
      return;
    }
    response.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fakes, {
    origin,
    cepTemplate: `${origin}/ws/{cep}/json/`,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
