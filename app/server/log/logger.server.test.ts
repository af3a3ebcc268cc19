import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the logger before the configuration is checked", () => {
  it("loads with a LOG_LEVEL pino does not know, leaving the pt-BR refusal to loadConfig", async () => {
    vi.stubEnv("LOG_LEVEL", "verbose");
    vi.resetModules();
    const { log } = await import("./logger.server");
    expect(log.level).toBe("warn");
  });

  it("takes a known LOG_LEVEL at once", async () => {
    vi.stubEnv("LOG_LEVEL", "debug");
    vi.resetModules();
    const { log } = await import("./logger.server");
    expect(log.level).toBe("debug");
  });
});
