import { describe, expect, it } from "vitest";
import { createLogger, logFormatFor } from "./logger.server";

function capture() {
  const written: string[] = [];
  return { written, destination: { write: (text: string) => written.push(text) } };
}

async function waitFor(check: () => boolean) {
  for (let waited = 0; waited < 5_000 && !check(); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
}

const request = (path: string) => ({ requestId: "r1", method: "GET", path, status: 200, durationMs: 12.4, clientAddress: "127.0.0.1" });

describe("the log's format", () => {
  it("is lines on a terminal and JSON anywhere else, unless LOG_FORMAT says", () => {
    expect(logFormatFor({ isTTY: true }, {})).toBe("lines");
    expect(logFormatFor({ isTTY: false }, {})).toBe("json");
    expect(logFormatFor({}, {})).toBe("json");
    expect(logFormatFor({ isTTY: true }, { LOG_FORMAT: "json" })).toBe("json");
    expect(logFormatFor({}, { LOG_FORMAT: "lines" })).toBe("lines");
  });

  it("writes JSON objects, one a line, when not on a terminal", () => {
    const { written, destination } = capture();
    const { logger } = createLogger({ format: "json", destination, level: "info" });
    logger.warn({ actionItem: true }, "No admin account yet");
    logger.info(request("/produtos"), "request");
    expect(written.map((line) => JSON.parse(line) as { msg: string })).toMatchObject([{ msg: "No admin account yet", level: 40 }, { msg: "request", path: "/produtos" }]);
  });

  it("writes readable lines on a terminal: time, level, message, fields; a request as method, path, status and time", () => {
    const { written, destination } = capture();
    const { logger } = createLogger({ format: "lines", destination, level: "info" });
    logger.info("Shop listening on http://localhost:3000");
    logger.info({ ...request("/produtos"), userId: "u1" }, "request");
    logger.warn({ to: "loja@exemplo.com", file: "/tmp/a b.json" }, "e-mail written to the outbox");
    logger.error({ err: new Error("boom") }, "order failed");
    expect(written[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}Shop listening on http:\/\/localhost:3000\n$/);
    expect(written[1]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/produtos 200 12 ms userId=u1\n$/);
    expect(written[2]).toMatch(/^\d\d:\d\d:\d\d WARN {2}e-mail written to the outbox to=loja@exemplo.com file="\/tmp\/a b.json"\n$/);
    expect(written[3]).toMatch(/^\d\d:\d\d:\d\d ERROR order failed\n {4}Error: boom\n {4,}at /);
    expect(written.join("")).not.toContain("{");
  });

  it("repeats the start's action items once, together, after the first burst of requests", async () => {
    const { written, destination } = capture();
    const { logger } = createLogger({ format: "lines", destination, level: "info", quietMs: 100 });
    logger.warn({ actionItem: true }, "No admin account yet: create one");
    logger.warn({ actionItem: true }, "The shop's WhatsApp is still the example number");
    logger.info("Shop listening on http://localhost:3000");
    await new Promise((resolve) => setTimeout(resolve, 300));
    // No requests yet: nothing to repeat them after.
    expect(written).toHaveLength(3);
    for (const path of ["/", "/produtos", "/produto/1"]) logger.info(request(path), "request");
    await waitFor(() => written.length > 6);
    expect(written.slice(6).join("")).toMatch(
      /^\d\d:\d\d:\d\d WARN {2}Ainda falta fazer \(dito no início\):\n {2}• No admin account yet: create one\n {2}• The shop's WhatsApp is still the example number\n$/,
    );
    // Once: later bursts do not repeat them again.
    logger.info(request("/lojas"), "request");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(written).toHaveLength(8);
  });

  it("in a worker, tells the primary about requests (at most once a second), which repeats the items it printed", async () => {
    let told = 0;
    const worker = createLogger({ format: "lines", destination: capture().destination, level: "info", tellPrimary: () => told++ });
    for (const path of ["/", "/produtos", "/lojas"]) worker.logger.info(request(path), "request");
    expect(told).toBe(1);

    const { written, destination } = capture();
    const primary = createLogger({ format: "lines", destination, level: "info", quietMs: 50 });
    primary.logger.warn({ actionItem: true }, "No admin account yet");
    primary.terminal!.noteRequest();
    await waitFor(() => written.length > 1);
    expect(written[1]).toContain("• No admin account yet");
  });
});
