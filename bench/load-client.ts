// The load of bench-catalog.ts, from one of two clients:
// - wrk (Debian's `wrk`, C, one thread): about 0.03 ms of CPU per response, so on this 2-core machine
//   the server gets the cores. The default when `wrk` is installed (`apt-get install -y wrk`).
// - autocannon (npm, in the benchmark's own Node process): 0.4–0.6 ms of CPU per response, as much as
//   the server's page-cache hit. On the same two cores it caps the load near 1,500 responses a second,
//   and with 100 connections in flight Little's law then puts the mean wait near 65 ms, whatever the
//   server does: its p99 measures the client as much as the server. Kept to compare with earlier runs.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export type LoadClient = "wrk" | "autocannon";

export type LoadOptions = {
  origin: string;
  /** Requested in turn on every connection. */
  paths: string[];
  connections: number;
  durationS: number;
  headers: Record<string, string>;
  /** Counts the values of this response header (e.g. X-Page-Cache). */
  countHeader?: string;
  /**
   * Each connection waits this long before its next request (wrk only): an offered load of about
   * connections × 1000 / delayMs requests a second instead of as many as the server can answer.
   */
  delayMs?: number;
  /**
   * Every request adds this query parameter with a value no request before it sent (e.g. `fbclid`, or
   * `tamanho` for a size no one asked for): a page the cache has never seen under that address.
   */
  freshParam?: string;
  /**
   * Each request puts the next of these ids in place of `{id}` in its path (`/produto/{id}`), each
   * once while they last, then from the first again: a page no request before it asked for.
   */
  freshIds?: readonly number[];
};

export type LoadResult = {
  responses: number;
  durationS: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The client's own CPU time, in ms per response. */
  clientCpuMs: number;
  /** Responses by the value of `countHeader` ("none" when absent). */
  headerCounts: Map<string, number>;
};

/** `wrk` when it is installed, else autocannon. */
export function defaultLoadClient(): LoadClient {
  return spawnSync("wrk", ["--version"]).error ? "autocannon" : "wrk";
}

export function runLoad(client: LoadClient, options: LoadOptions): Promise<LoadResult> {
  return client === "wrk" ? runWrk(options) : runAutocannon(options);
}

async function runAutocannon({ origin, paths, connections, durationS, headers, countHeader, delayMs, freshParam, freshIds }: LoadOptions): Promise<LoadResult> {
  if (delayMs) throw new Error("An offered rate (delayMs) needs wrk");
  const headerCounts = new Map<string, number>();
  const onResponse = (_status: number, _body: string, _context: unknown, received?: Record<string, string | string[] | undefined>) => {
    // Keys as the server spelt them (autocannon keeps the raw header names).
    const name = Object.keys(received ?? {}).find((key) => key.toLowerCase() === countHeader!.toLowerCase());
    const value = name ? String(received?.[name]) : "none";
    headerCounts.set(value, (headerCounts.get(value) ?? 0) + 1);
  };
  let sent = 0;
  const withFreshValue = (request: { path?: string }) => {
    if (!request.path) return request;
    sent += 1;
    let target = request.path;
    if (freshIds?.length) target = target.replace("{id}", String(freshIds[(sent - 1) % freshIds.length]));
    if (freshParam) target = `${target}${target.includes("?") ? "&" : "?"}${freshParam}=b${process.pid}x${sent}`;
    return { ...request, path: target };
  };
  const fresh = Boolean(freshParam || freshIds?.length);
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: origin,
    connections,
    duration: durationS,
    headers,
    requests: paths.map((urlPath) => ({
      method: "GET",
      path: urlPath,
      ...(countHeader ? { onResponse } : {}),
      ...(fresh ? { setupRequest: withFreshValue } : {}),
    })),
  });
  const cpu = process.cpuUsage(cpuBefore);
  const responses = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"];
  return {
    responses,
    durationS: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    clientCpuMs: (cpu.user + cpu.system) / 1000 / responses,
    headerCounts,
  };
}

/**
 * wrk's Lua script: the headers, the paths in turn, the header's values counted per thread (read back
 * in `done`, which runs apart from the threads), and one JSON line of figures at the end.
 */
function wrkScript({ paths, headers, countHeader, delayMs, freshParam, freshIds = [] }: Pick<LoadOptions, "paths" | "headers" | "countHeader" | "delayMs" | "freshParam" | "freshIds">): string {
  const lua = (text: string) => JSON.stringify(text);
  return `
local paths = { ${paths.map(lua).join(", ")} }
local headers = { ${Object.entries(headers).map(([name, value]) => `[${lua(name)}] = ${lua(value)}`).join(", ")} }
local counted = ${countHeader ? lua(countHeader.toLowerCase()) : "nil"}
local fresh = ${freshParam ? lua(freshParam) : "nil"}
local ids = { ${freshIds.join(", ")} }
local threads = {}
function setup(thread) table.insert(threads, thread) ; thread:set("number", #threads) end
function init(args) counts = {} ; turn = 0 ; non2xx = 0 ; sent = 0 end
${delayMs ? `function delay() return ${Math.round(delayMs)} end` : ""}
function request()
  turn = turn % #paths + 1
  local target = paths[turn]
  sent = sent + 1
  if #ids > 0 then
    target = string.gsub(target, "{id}", tostring(ids[(sent - 1) % #ids + 1]), 1)
  end
  if fresh then
    target = target .. (string.find(target, "?", 1, true) and "&" or "?") .. fresh .. "=t" .. number .. "b" .. sent
  end
  return wrk.format("GET", target, headers)
end
function response(status, received, body)
  if status < 200 or status > 299 then non2xx = non2xx + 1 end
  if counted then
    local value = "none"
    for name, v in pairs(received) do if string.lower(name) == counted then value = v end end
    counts[value] = (counts[value] or 0) + 1
  end
end
function done(summary, latency, requests)
  local merged, bad = {}, 0
  for _, thread in ipairs(threads) do
    for value, n in pairs(thread:get("counts")) do merged[value] = (merged[value] or 0) + n end
    bad = bad + thread:get("non2xx")
  end
  local parts = {}
  for value, n in pairs(merged) do table.insert(parts, string.format("%q:%d", value, n)) end
  local e = summary.errors
  io.write(string.format('WRK_FIGURES {"responses":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"errors":%d,"non2xx":%d,"counts":{%s}}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, bad, table.concat(parts, ",")))
end
`;
}

async function runWrk({ origin, paths, connections, durationS, headers, countHeader, delayMs, freshParam, freshIds }: LoadOptions): Promise<LoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-wrk-"));
  const script = path.join(dir, "load.lua");
  fs.writeFileSync(script, wrkScript({ paths, headers, countHeader, delayMs, freshParam, freshIds }));
  try {
    // `times` after wrk: the CPU time of the shell's children (wrk), user and system.
    const command = `wrk -t1 -c${connections} -d${durationS}s --timeout 10s -s "$1" "$2"; status=$?; times; exit $status`;
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn("bash", ["-c", command, "wrk-load", script, origin], { stdio: ["ignore", "pipe", "inherit"] });
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      child.on("error", reject);
      child.on("close", (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`))));
    });
    const line = /^WRK_FIGURES (.*)$/m.exec(output)?.[1];
    if (!line) throw new Error(`wrk printed no figures:\n${output}`);
    const figures = JSON.parse(line) as {
      responses: number;
      durationUs: number;
      p50Us: number;
      p99Us: number;
      errors: number;
      non2xx: number;
      counts: Record<string, number>;
    };
    const timesLines = output.trim().split("\n").slice(-2);
    const seconds = (text: string) => [...text.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, minutes, secs]) => sum + Number(minutes) * 60 + Number(secs), 0);
    const clientCpuS = seconds(timesLines[1] ?? "");
    return {
      responses: figures.responses,
      durationS: figures.durationUs / 1e6,
      p50: figures.p50Us / 1000,
      p99: figures.p99Us / 1000,
      errors: figures.errors,
      non2xx: figures.non2xx,
      clientCpuMs: (clientCpuS * 1000) / Math.max(1, figures.responses),
      headerCounts: new Map(Object.entries(figures.counts)),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
