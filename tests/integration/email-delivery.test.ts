// E-mail through a real SMTP server on loopback (the smtp-server package): STARTTLS and
// authentication, what arrives (headers, pt-BR subject, text and HTML parts, links), and the queue in
// the database that keeps an order from waiting on, or failing with, a dead or silent mail server.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatBRL } from "~/lib/format/money";
import { loadConfig, type AppConfig } from "~/server/config.server";
import { connectDatabase } from "~/server/db/database.server";
import { deliverDueEmails, emailOutbox, pendingEmails, queueEmail, stopEmailDelivery, type EmailTransport } from "~/server/email/email-queue.server";
import { sendEmail } from "~/server/email/send-email.server";
import { submitCheckout } from "~/server/orders/checkout.server";
import { deliverDueOrderEmails } from "~/server/orders/order-notifications.server";
import { getSettings } from "~/server/group/settings.server";
import { CHECKOUT_CUSTOMER, checkoutFormFields, orderableLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { findFreePort } from "~/server/db/free-port.server";

const SHOP_FROM = "Loja Erick <loja@exemplo.com>";
const SMTP_USER = "loja";
const SMTP_PASSWORD = "senha-do-smtp";

type Received = { mail: ParsedMail; envelopeTo: string[]; secure: boolean; user: unknown };

let t: TestDatabase;
let lines: string;
let tlsDir: string;

beforeAll(async () => {
  t = await createTestDatabase();
  lines = (await orderableLine(t.pool)).lines;
  // A self-signed certificate for the test server's STARTTLS.
  tlsDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-smtp-tls-"));
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", path.join(tlsDir, "key.pem"), "-out", path.join(tlsDir, "cert.pem")], { stdio: "ignore" });
}, 120_000);

afterAll(async () => {
  await stopEmailDelivery(t.db);
  await t?.close();
  fs.rmSync(tlsDir, { recursive: true, force: true });
});

/** A mail server that takes mail only over STARTTLS from SMTP_USER, on `port` (0: any free one). */
async function startSmtpServer(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    key: fs.readFileSync(path.join(tlsDir, "key.pem")),
    cert: fs.readFileSync(path.join(tlsDir, "cert.pem")),
    authMethods: ["PLAIN", "LOGIN"],
    // No password before the connection is encrypted.
    allowInsecureAuth: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: SMTP_USER });
      return callback(new Error("535 Usuário ou senha inválidos"));
    },
    onMailFrom(_address, session, callback) {
      if (!session.secure || !session.user) return callback(new Error("530 STARTTLS e autenticação obrigatórios"));
      return callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ mail, envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), secure: session.secure, user: session.user });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as net.AddressInfo;
  return { port: address.port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function smtpConfig(port: number, password = SMTP_PASSWORD): AppConfig {
  // The test's certificate is self-signed; a real server's is checked (see "refuses a certificate…").
  const url = `smtp://${SMTP_USER}:${password}@127.0.0.1:${port}?requireTLS=true&tls.rejectUnauthorized=false`;
  // The links in the e-mails start with the shop's public origin (PUBLIC_URL here).
  const base = loadConfig({ DATA_DIR: path.join(tlsDir, "data"), PUBLIC_URL: "https://loja.test" });
  return { ...base, smtp: { url, from: SHOP_FROM }, orderLimits: { perAddress: 1_000, perPhone: 1_000 } };
}

let keys = 0;
function checkoutForm() {
  const form = new FormData();
  for (const [field, value] of Object.entries(checkoutFormFields())) form.set(field, value);
  form.set("lines", lines);
  form.set("idempotencyKey", `smtp-test-${Date.now()}-${(keys += 1)}`);
  return form;
}

async function placeOrder(config: AppConfig) {
  // A fresh minute of the shop's new-order e-mails for every order here.
  await t.pool.query("delete from rate_limits");
  await t.pool.query("delete from staff_notice_outbox");
  const context = { db: t.db, config, emails: emailOutbox(t.db, config) };
  const started = performance.now();
  const result = await submitCheckout(context, checkoutForm(), { userId: null, clientAddress: "10.9.0.1" });
  if (!result.ok) throw new Error(`order refused: ${result.formError}`);
  // The process's new-order sender, called here instead of its loop: the order's notice becomes its e-mail.
  await deliverDueOrderEmails(context);
  const { rows } = await t.pool.query<{ id: string; code: string; total_cents: number }>("select id, code, total_cents from orders where public_token = $1", [result.token]);
  return { ...rows[0]!, token: result.token, ms: performance.now() - started };
}

/** Makes every pending message due now, instead of waiting for its retry. */
async function retryNow() {
  await t.pool.query("update email_queue set next_attempt_at = now() where sent_at is null");
}

describe("e-mail through a real SMTP server", () => {
  it("a new order's e-mail arrives over STARTTLS with authentication: headers, pt-BR subject, text and HTML parts, links", async () => {
    const smtp = await startSmtpServer();
    const config = smtpConfig(smtp.port);
    try {
      const order = await placeOrder(config);
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
      const { mail, envelopeTo, secure, user } = smtp.received[0]!;
      expect(secure).toBe(true);
      expect(user).toBe(SMTP_USER);
      expect(envelopeTo).toEqual([(await getSettings(t.db)).storeEmail]);
      expect(mail.from?.value).toEqual([{ name: "Loja Erick", address: "loja@exemplo.com" }]);
      expect(mail.subject).toBe(`Novo pedido #${order.code} de ${CHECKOUT_CUSTOMER.name} - ${formatBRL(order.total_cents)}`);
      expect(mail.messageId).toMatch(/^<.+@.+>$/);
      expect(mail.text).toContain(`Novo pedido #${order.code}`);
      expect(mail.text).toContain(`Abrir o pedido no painel: https://loja.test/admin/pedidos/${order.id}`);
      expect(mail.html).toBeTruthy();
      expect(mail.html as string).toContain('<html lang="pt-BR">');
      expect(mail.html as string).toContain(`href="https://loja.test/admin/pedidos/${order.id}"`);
      expect(mail.html as string).toContain(`https://loja.test/pedido/${order.token}`);
      expect(mail.html as string).toContain(formatBRL(order.total_cents));
      // The server has the mail before the sender hears its "250 OK" and records the send.
      await expect.poll(() => pendingEmails(t.db), { timeout: 5_000 }).toMatchObject({ pending: 0, failing: 0 });
    } finally {
      await stopEmailDelivery(t.db);
      await smtp.close();
    }
  });

  it("a dead mail server neither delays nor fails an order: the e-mail waits in the queue, shows as pending, and goes when the server is back", async () => {
    // A port nothing listens on (yet).
    const port = await findFreePort();
    const config = smtpConfig(port);
    const order = await placeOrder(config);
    expect(order.ms).toBeLessThan(2_000);
    // A round counts the attempt when it takes the message, and records the error once the send fails.
    await expect.poll(async () => (await pendingEmails(t.db)).lastError, { timeout: 15_000 }).toBeTruthy();
    const pending = await pendingEmails(t.db);
    expect(pending.failing).toBe(1);
    expect(pending.pending).toBe(1);
    expect(pending.lastError).toMatch(/ECONNREFUSED|connect/i);
    const { rows } = await t.pool.query("select attempts, next_attempt_at > now() as later from email_queue where sent_at is null");
    expect(rows).toEqual([{ attempts: 1, later: true }]);

    const smtp = await startSmtpServer(port);
    try {
      await retryNow();
      emailOutbox(t.db, config).deliverSoon();
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
      expect(smtp.received[0]!.mail.subject).toContain(`#${order.code}`);
      // The server has the message before the queue marks it sent (SMTP answers, then the row is updated).
      await expect.poll(() => pendingEmails(t.db), { timeout: 5_000 }).toMatchObject({ pending: 0, failing: 0, lastError: null });
    } finally {
      await stopEmailDelivery(t.db);
      await smtp.close();
    }
  });

  it("a mail server that accepts the connection and never answers does not hold the order either", async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const order = await placeOrder(smtpConfig((silent.address() as net.AddressInfo).port));
      expect(order.ms).toBeLessThan(2_000);
      // Queued after the answer, and still unsent while the server stays silent.
      const queued = async () => (await t.pool.query("select attempts, sent_at from email_queue where subject like $1", [`%#${order.code} %`])).rows;
      await expect.poll(queued, { timeout: 5_000 }).toEqual([{ attempts: 1, sent_at: null }]);
    } finally {
      await stopEmailDelivery(t.db);
      silent.close();
      await t.pool.query("update email_queue set sent_at = now() where sent_at is null");
    }
  });

  it("a wrong SMTP password or an untrusted certificate: the message stays pending with the server's answer", async () => {
    const smtp = await startSmtpServer();
    try {
      const wrongPassword = smtpConfig(smtp.port, "errada");
      const id = await queueEmail(t.db, { kind: "password-reset", to: "cliente@exemplo.com", subject: "Redefinição de senha", text: "x" });
      expect(await deliverDueEmails(t.db, sendThrough(wrongPassword))).toEqual({ sent: 0, failed: 1 });
      expect((await pendingEmails(t.db)).lastError).toMatch(/535|Invalid login|inválidos/);

      // Without tls.rejectUnauthorized=false the self-signed certificate is refused: TLS is verified.
      const verified = { ...smtpConfig(smtp.port), smtp: { url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}?requireTLS=true`, from: SHOP_FROM } };
      await retryNow();
      expect(await deliverDueEmails(t.db, sendThrough(verified))).toEqual({ sent: 0, failed: 1 });
      expect((await pendingEmails(t.db)).lastError).toMatch(/self.signed|certificate/i);
      expect(smtp.received).toHaveLength(0);

      await retryNow();
      expect(await deliverDueEmails(t.db, sendThrough(smtpConfig(smtp.port)))).toEqual({ sent: 1, failed: 0 });
      const { rows } = await t.pool.query("select attempts, last_error from email_queue where id = $1", [id]);
      expect(rows).toEqual([{ attempts: 3, last_error: null }]);
    } finally {
      await smtp.close();
    }
  });
});

describe("the e-mail queue", () => {
  it("two processes delivering at once send every message exactly once", async () => {
    const other = connectDatabase(t.url, { max: 2 });
    try {
      const ids: number[] = [];
      for (let n = 0; n < 30; n += 1) ids.push(await queueEmail(t.db, { kind: "new-order", to: `loja${n}@exemplo.com`, subject: `Pedido ${n}`, text: "x" }));
      const delivered: string[] = [];
      const slowTransport = async (message: { to: string }) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        delivered.push(message.to);
      };
      const [a, b] = await Promise.all([deliverDueEmails(t.db, slowTransport, { batch: 4 }), deliverDueEmails(other.db, slowTransport, { batch: 4 })]);
      expect(a.sent + b.sent).toBe(30);
      expect(a.sent).toBeGreaterThan(0);
      expect(b.sent).toBeGreaterThan(0);
      expect(delivered.sort()).toEqual(ids.map((_, n) => `loja${n}@exemplo.com`).sort());
    } finally {
      await other.pool.end();
    }
  });

  it("refuses a line break in the recipient or subject before anything is queued", async () => {
    const before = await t.pool.query("select count(*)::int as n from email_queue");
    await expect(queueEmail(t.db, { kind: "new-order", to: "a@exemplo.com\r\nBcc: b@exemplo.com", subject: "x", text: "x" })).rejects.toThrow(/line break/);
    await expect(queueEmail(t.db, { kind: "new-order", to: "a@exemplo.com", subject: "x\nBcc: b", text: "x" })).rejects.toThrow(/line break/);
    const after = await t.pool.query("select count(*)::int as n from email_queue");
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it("a message on its way to the server for the first time is pending, not failing: the admin sees no alarm for it", async () => {
    await t.pool.query("update email_queue set sent_at = now() where sent_at is null");
    await queueEmail(t.db, { kind: "new-order", to: "loja@exemplo.com", subject: "A caminho", text: "x" });
    let answer!: (outcome: Error | null) => void;
    const inFlight = new Promise<Error | null>((resolve) => (answer = resolve));
    const slowServer: EmailTransport = async () => {
      const outcome = await inFlight;
      if (outcome) throw outcome;
    };
    const firstRound = deliverDueEmails(t.db, slowServer);
    await expect.poll(async () => (await t.pool.query("select attempts from email_queue where sent_at is null")).rows[0]?.attempts).toBe(1);
    expect(await pendingEmails(t.db)).toMatchObject({ pending: 1, failing: 0, lastError: null });
    answer(new Error("421 tente mais tarde"));
    expect(await firstRound).toEqual({ sent: 0, failed: 1 });
    expect(await pendingEmails(t.db)).toMatchObject({ pending: 1, failing: 1, lastError: "421 tente mais tarde" });
  });

  it("backs off after each failure and gives up retrying after the last attempt, still pending for the admin", async () => {
    await t.pool.query("update email_queue set sent_at = now() where sent_at is null");
    await queueEmail(t.db, { kind: "new-order", to: "loja@exemplo.com", subject: "Sem servidor", text: "x" });
    const failing = async () => Promise.reject(new Error("421 tente mais tarde"));
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await deliverDueEmails(t.db, failing)).toEqual({ sent: 0, failed: 1 });
      const { rows } = await t.pool.query<{ wait: number }>("select round(extract(epoch from next_attempt_at - now()))::int as wait from email_queue where sent_at is null");
      waits.push(rows[0]!.wait);
      await retryNow();
    }
    expect(waits).toEqual([30, 60, 120]);
    await t.pool.query("update email_queue set attempts = 30 where sent_at is null");
    expect(await deliverDueEmails(t.db, failing)).toEqual({ sent: 0, failed: 0 });
    expect(await pendingEmails(t.db)).toMatchObject({ pending: 1, failing: 1, lastError: "421 tente mais tarde" });
  });
});

function sendThrough(config: AppConfig): EmailTransport {
  return (message) => sendEmail(config, message);
}

