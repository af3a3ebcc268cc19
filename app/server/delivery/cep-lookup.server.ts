import { z } from "~/lib/forms/validation";
import { log } from "../log/logger.server";
import { PAGE_WAIT_MS } from "../outbound/deadline.server";
import { AnswerCache } from "./answer-cache.server";

/** A CEP's address as the checkout fills it in; the shopper can still change every field. */
export type CepAddress = { street: string; neighborhood: string; city: string; state: string };

/** found: the address; unknown: the service says there is no such CEP; unavailable: not set up, slow, down or garbled. */
export type CepLookupResult = { status: "found"; address: CepAddress } | { status: "unknown" } | { status: "unavailable" };

/**
 * A CEP answer is slower than the shopper typing the address: give up quickly. The fetch's signal
 * covers the body too, so this bounds the whole call (../outbound/deadline.server.ts).
 */
const LOOKUP_TIMEOUT_MS = PAGE_WAIT_MS;
const cache = new AnswerCache<CepLookupResult>(24 * 60 * 60 * 1000);

// ViaCEP's answer: the fields this shop reads, or { "erro": true } (some versions send "true").
const viaCepAnswer = z.union([
  z.object({ erro: z.union([z.literal(true), z.literal("true")]) }),
  z.object({
    logradouro: z.string().max(200).default(""),
    bairro: z.string().max(100).default(""),
    localidade: z.string().min(1).max(100),
    uf: z.string().regex(/^[A-Z]{2}$/),
  }),
]);

/**
 * The address of an 8-digit CEP from CEP_LOOKUP_URL (a template with {cep}, ViaCEP's JSON), cached a
 * day per CEP. Never throws: any trouble is "unavailable", and the shopper types the address.
 */
export async function lookUpCep(template: string | null, cep: string): Promise<CepLookupResult> {
  if (!template || !/^\d{8}$/.test(cep)) return { status: "unavailable" };
  const cached = cache.get(cep);
  if (cached) return cached;
  let result: CepLookupResult;
  try {
    const response = await fetch(template.replaceAll("{cep}", cep), {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
      redirect: "error",
    });
    if (response.status === 400 || response.status === 404) {
      await response.body?.cancel();
      result = { status: "unknown" };
    } else if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}`);
    } else {
      const parsed = viaCepAnswer.safeParse(await response.json());
      if (!parsed.success) throw new Error("unexpected answer");
      result =
        "erro" in parsed.data
          ? { status: "unknown" }
          : { status: "found", address: { street: parsed.data.logradouro, neighborhood: parsed.data.bairro, city: parsed.data.localidade, state: parsed.data.uf } };
    }
  } catch (error) {
    // Expected now and then (the service slow or down): one line, no stack.
    log.warn({ reason: error instanceof Error ? error.message : String(error), cep }, "CEP lookup unavailable");
    return { status: "unavailable" };
  }
  cache.set(cep, result);
  return result;
}

/** Tests start each case from an empty cache. */
export function forgetCepLookups(): void {
  cache.clear();
}
