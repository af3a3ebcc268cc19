import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sendEmail, type OutboxEmail } from "./send-email.server";

describe("sendEmail without SMTP (outbox)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "erick-outbox-test-"));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it("writes one readable JSON file per message, private to the app, and logs its path", async () => {
    const outboxDir = path.join(dir, "outbox");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
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
      expect(String(log.mock.calls[0]?.[0])).toContain(file);
    } finally {
      log.mockRestore();
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

/** Just enough of an SMTP server to accept one message and keep what it received. */
function startSmtpServer(): Promise<{ url: string; received: () => string; close: () => Promise<void> }> {
  let transcript = "";
  const server = net.createServer((socket) => {
    let inData = false;
    let buffer = "";
    socket.write("220 teste ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let index: number;
      while ((index = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            socket.write("250 OK: queued\r\n");
          } else {
            transcript += `${line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO" || command === "HELO") socket.write("250 teste\r\n");
        else if (command === "DATA") {
          inData = true;
          socket.write("354 fim com .\r\n");
        } else if (command === "QUIT") {
          socket.end("221 tchau\r\n");
        } else {
          if (command === "MAIL" || command === "RCPT") transcript += `${line}\n`;
          socket.write("250 OK\r\n");
        }
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        url: `smtp://127.0.0.1:${address.port}`,
        received: () => transcript,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe("sendEmail with SMTP_URL", () => {
  it("delivers through the SMTP server, from SMTP_FROM", async () => {
    const smtp = await startSmtpServer();
    try {
      const sent = await sendEmail(
        { smtp: { url: `${smtp.url}?ignoreTLS=true`, from: "Loja Erick <loja@exemplo.com>" }, outboxDir: "/nonexistent" },
        { to: "cliente@exemplo.com", subject: "Seu pedido", text: "Obrigado pela compra." },
      );
      expect(sent.via).toBe("smtp");
      const received = smtp.received();
      expect(received).toContain("MAIL FROM:<loja@exemplo.com>");
      expect(received).toContain("RCPT TO:<cliente@exemplo.com>");
      expect(received).toMatch(/^Subject: Seu pedido$/m);
      expect(received).toContain("Obrigado pela compra.");
    } finally {
      await smtp.close();
    }
  });
});
