import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { log as serverLog } from "../log/logger.server";
import { sendEmail, type OutboxEmail } from "./send-email.server";

describe("sendEmail without SMTP (outbox)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "erick-outbox-test-"));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it("writes one readable JSON file per message, private to the app, and logs its path", async () => {
    const outboxDir = path.join(dir, "outbox");
    // Through the server's logger, in the format of its other lines; nothing written to the console directly.
    const log = vi.spyOn(serverLog, "info").mockImplementation(() => {});
    const plain = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const sent = await sendEmail(
        { smtp: null, outboxDir },
        { to: "cliente@exemplo.com", subject: "Redefinição de senha", text: "Olá!\nhttp://x/redefinir-senha?token=abc", html: "<p>Olá!</p>" },
      );
      expect(sent.via).toBe("outbox");
      const file = sent.via === "outbox" ? sent.file : "";
      expect(path.dirname(file)).toBe(outboxDir);
      expect(file.endsWith(".json")).toBe(true);
      const saved = JSON.parse(await fs.readFile(file, "utf8")) as OutboxEmail;
      expect(saved).toMatchObject({
        to: "cliente@exemplo.com",
        subject: "Redefinição de senha",
        text: "Olá!\nhttp://x/redefinir-senha?token=abc",
        html: "<p>Olá!</p>",
        from: null,
      });
      expect(Number.isNaN(Date.parse(saved.createdAt))).toBe(false);
      expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      expect((await fs.stat(outboxDir)).mode & 0o777).toBe(0o700);
      expect(log).toHaveBeenCalledTimes(1);
      expect(String(log.mock.calls[0]?.[1])).toContain(file);
      expect(plain).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
      plain.mockRestore();
    }
  });

  it("never overwrites: two messages in the same millisecond get two files", async () => {
    const outboxDir = path.join(dir, "burst");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const message = { to: "a@exemplo.com", subject: "Pedido", text: "x" };
      await Promise.all([sendEmail({ smtp: null, outboxDir }, message), sendEmail({ smtp: null, outboxDir }, message)]);
      expect(await fs.readdir(outboxDir)).toHaveLength(2);
    } finally {
      log.mockRestore();
    }
  });

  it("refuses a line break in the recipient or subject (header injection)", async () => {
    const outboxDir = path.join(dir, "refused");
    await expect(
      sendEmail({ smtp: null, outboxDir }, { to: "a@exemplo.com\r\nBcc: b@exemplo.com", subject: "x", text: "x" }),
    ).rejects.toThrow(/line break/);
    await expect(sendEmail({ smtp: null, outboxDir }, { to: "a@exemplo.com", subject: "x\nBcc: b", text: "x" })).rejects.toThrow();
    await expect(fs.readdir(outboxDir)).rejects.toThrow();
  });
});

// Delivery through SMTP_URL is tested against a real SMTP server (STARTTLS, authentication) in
// tests/integration/email-delivery.test.ts.
