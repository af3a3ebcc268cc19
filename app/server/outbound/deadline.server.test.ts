import { describe, expect, it } from "vitest";
import { DeadlineExceededError, waitAtMost, withDeadline } from "./deadline.server";

describe("withDeadline", () => {
  it("gives the call's value when it finishes in time", async () => {
    await expect(withDeadline("fast", 1_000, async () => 42)).resolves.toBe(42);
  });

  it("rejects at the deadline and aborts the call's signal, even for a call that ignores it", async () => {
    let signal: AbortSignal | undefined;
    const never = withDeadline("never", 20, (given) => {
      signal = given;
      return new Promise<never>(() => {});
    });
    await expect(never).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(signal?.aborted).toBe(true);
  });

  it("passes the call's own failure through", async () => {
    await expect(withDeadline("failing", 1_000, async () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
  });
});

describe("waitAtMost", () => {
  it("gives the value of work done in time, and undefined for work still going, whose late failure goes to onLateError", async () => {
    expect(await waitAtMost(Promise.resolve("done"), 1_000, () => {})).toBe("done");
    let failLate: (error: Error) => void = () => {};
    const late: unknown[] = [];
    const going = new Promise<string>((_, reject) => (failLate = reject));
    expect(await waitAtMost(going, 10, (error) => late.push(error))).toBeUndefined();
    failLate(new Error("late"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(late).toHaveLength(1);
  });
});
