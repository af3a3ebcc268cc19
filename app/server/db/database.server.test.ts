import { describe, expect, it } from "vitest";
import { isDatabaseUnavailableError } from "./database.server";

function withCode(code: string, message = "x") {
  return Object.assign(new Error(message), { code });
}

describe("isDatabaseUnavailableError", () => {
  it("recognises a database that cannot be reached, as the driver reports it or as Drizzle wraps it", () => {
    expect(isDatabaseUnavailableError(withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"))).toBe(true);
    expect(isDatabaseUnavailableError(withCode("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isDatabaseUnavailableError(withCode("57P03", "the database system is starting up"))).toBe(true);
    expect(isDatabaseUnavailableError(withCode("08006"))).toBe(true);
    expect(isDatabaseUnavailableError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailableError(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailableError(new Error("Failed query: select 1", { cause: withCode("ECONNRESET") }))).toBe(true);
    expect(isDatabaseUnavailableError(new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]))).toBe(true);
  });

  it("leaves other failures alone: they are bugs or bad data, not an outage", () => {
    expect(isDatabaseUnavailableError(withCode("23505", "duplicate key value violates unique constraint"))).toBe(false);
    expect(isDatabaseUnavailableError(withCode("42601", "syntax error at or near"))).toBe(false);
    expect(isDatabaseUnavailableError(new Error("Failed query: select 1", { cause: withCode("42P01") }))).toBe(false);
    expect(isDatabaseUnavailableError(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailableError("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailableError(null)).toBe(false);
  });
});
