// Attacks on one account (issue 14), on the server with a real PostgreSQL, through the account pages'
// actions and Better Auth's HTTP API as a browser or a script would send them:
// - guessing one account's password from many addresses: slowed down after 10 failures in 15
//   minutes, locked at 20 until the 15 minutes are over, the same for an e-mail without an account;
// - reset e-mails: at most 3 per account per 15 minutes, the page answering the same;
// - a password reset ends every other reset link of the account;
// - the sign-up's "e-mail already registered" cannot be used to list who has an account;
// - the account's image is an https address or one of the shop's own images, at most 2 KB.
// The clock is moved by ageing the counters in rate_limits (their windows are fixed, in the database).
import fs from "node:fs/promises";
import path from "node:path";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, verifications } from "#database/schema";
import { accountLockedMessage, AUTH_MESSAGES, tryAgainLaterMessage } from "~/lib/account/account.schema";
import { action as forgotAction } from "~/routes/account/forgot-password";
import { action as loginAction } from "~/routes/account/login";
import { action as registerAction } from "~/routes/account/register";
import { action as resetAction, loader as resetLoader } from "~/routes/account/reset-password";
import { action as authApiAction } from "~/routes/api/auth";
import { CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import { ACCOUNT_LIMITS, AUTH_RATE_LIMITS, SIGN_UP_TAKEN_EMAIL_LIMIT } from "~/server/auth/rate-limit.server";
import type { OutboxEmail } from "~/server/email/send-email.server";
import type { LoadContext } from "~/server/load-context.server";
import { betterAuthApi, browserRequest, clientAddresses, openAuthTest, run, signUp, TEST_ORIGIN, type Outcome } from "../setup/signed-in";
import type { TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let close: () => Promise<void>;

beforeAll(async () => ({ t, context, close } = await openAuthTest()));
afterAll(() => close?.());

const newAddress = clientAddresses(64);

const post = (pathname: string, form: Record<string, string>, ip = newAddress()) =>
  browserRequest(pathname, { form, headers: { [CLIENT_IP_HEADER]: ip } });
const formError = (outcome: Outcome) => (outcome.data as { errors?: Record<string, string> } | null)?.errors?.form;

async function register(email: string, password: string, ip = newAddress()) {
  return run(registerAction, post("/registrar", { name: "Rita Souza", email, password, confirmPassword: password }, ip), context);
}

/** Signs in through /login: "signed in", or the form's message. */
async function login(email: string, password: string, ip = newAddress()): Promise<string> {
  const outcome = await run(loginAction, post("/login", { email, password }, ip), context);
  return outcome.status === 302 ? "signed in" : (formError(outcome) ?? `status ${outcome.status}`);
}

/** Moves the windows of the counters whose key matches `pattern` back by `seconds` (time passing). */
async function age(pattern: string, seconds: number) {
  await t.db.execute(sql`update rate_limits set window_start = window_start - make_interval(secs => ${seconds}) where key like ${pattern}`);
}
const aMinuteLater = () => age("account-sign-in|%|slow", 61);

describe("guessing one account's password", () => {
  it("50 wrong passwords from 5 addresses in a minute: 11 are tried, then one a minute; the right one waits too", async () => {
    const email = "alvo-de-muitos@exemplo.com";
    await register(email, "a senha certa da rita");
    const addresses = Array.from({ length: 5 }, () => newAddress());

    const answers: string[] = [];
    // Ten from each address: within each address's own limit.
    for (let n = 0; n < 50; n++) answers.push(await login(email, `chute-${n}`, addresses[n % 5]));
    const tried = ACCOUNT_LIMITS.freeFailures + 1;
    expect(answers.slice(0, tried)).toEqual(Array(tried).fill(AUTH_MESSAGES.wrongCredentials));
    expect(answers.slice(tried)).toEqual(Array(50 - tried).fill(accountLockedMessage(1)));
    expect(await login(email, "a senha certa da rita")).toBe(accountLockedMessage(1));
    expect(AUTH_RATE_LIMITS["/sign-in/email"].max).toBeGreaterThanOrEqual(10);

    // An e-mail without an account gets the very same answers: the lock tells nothing more.
    const otherAddresses = Array.from({ length: 5 }, () => newAddress());
    const unknown: string[] = [];
    for (let n = 0; n < 50; n++) unknown.push(await login("ninguem-tem-esta@exemplo.com", `chute-${n}`, otherAddresses[n % 5]));
    expect(unknown).toEqual(answers);

    // Slowed down, not locked: a minute later the right password signs in.
    await aMinuteLater();
    expect(await login(email, "a senha certa da rita")).toBe("signed in");
  }, 60_000);

  it("20 failures lock the account, from any address, until its 15 minutes are over; then it opens by itself", async () => {
    const email = "alvo-paciente@exemplo.com";
    await register(email, "a senha certa do alvo");
    for (let n = 1; n <= ACCOUNT_LIMITS.freeFailures; n++) expect(await login(email, `chute-${n}`)).toBe(AUTH_MESSAGES.wrongCredentials);
    // One a minute from then on, up to 20 failures.
    for (let n = ACCOUNT_LIMITS.freeFailures + 1; n <= ACCOUNT_LIMITS.failures.max; n++) {
      await aMinuteLater();
      expect(await login(email, `chute-${n}`), `failure ${n}`).toBe(AUTH_MESSAGES.wrongCredentials);
    }
    await aMinuteLater();
    expect(await login(email, "a senha certa do alvo")).toBe(accountLockedMessage(15));

    // Better Auth's HTTP API shares the account's counter and says the same, with Retry-After.
    const api = new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", host: "localhost:3999", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: newAddress() },
      body: JSON.stringify({ email, password: "a senha certa do alvo" }),
    });
    const response = await context.auth.handler(api);
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ message: accountLockedMessage(15), code: "ACCOUNT_SIGN_IN_LOCKED" });
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(14 * 60);

    // 15 minutes after the first failure the lock is over.
    await age("account-sign-in|%", ACCOUNT_LIMITS.failures.window);
    expect(await login(email, "a senha certa do alvo")).toBe("signed in");
  }, 60_000);

  it("many guesses at once cannot slip past the count: 40 in parallel, at most 11 tried", async () => {
    const email = "alvo-em-paralelo@exemplo.com";
    await register(email, "a senha certa em paralelo");
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => login(email, `chute-${n}`)));
    const tried = answers.filter((answer) => answer === AUTH_MESSAGES.wrongCredentials).length;
    expect(tried).toBeLessThanOrEqual(ACCOUNT_LIMITS.freeFailures + 1);
    // The others were refused untried (with the minutes the count showed at that moment).
    expect(answers.filter((answer) => answer.startsWith("Muitas tentativas para esta conta.")).length).toBe(40 - tried);
    // Only what was tried counts: a minute later the account is where 11 failures leave it.
    await aMinuteLater();
    expect(await login(email, "a senha certa em paralelo")).toBe("signed in");
  }, 60_000);

  it("the account's own right passwords do not count as failures", async () => {
    const email = "entra-sempre@exemplo.com";
    await register(email, "a senha de sempre aqui");
    for (let n = 0; n < ACCOUNT_LIMITS.failures.max + 5; n++) expect(await login(email, "a senha de sempre aqui")).toBe("signed in");
    expect(await login(email, "errada")).toBe(AUTH_MESSAGES.wrongCredentials);
  }, 60_000);
});

describe("password reset", () => {
  const outbox = () => path.join(context.config.dataDir, "outbox");
  async function emailsTo(to: string): Promise<OutboxEmail[]> {
    const files = await fs.readdir(outbox()).catch(() => [] as string[]);
    const messages = await Promise.all(files.map(async (file) => JSON.parse(await fs.readFile(path.join(outbox(), file), "utf8")) as OutboxEmail));
    // Sign-up also sends the address's confirmation link: only the reset e-mails count here.
    return messages.filter((message) => message.to === to && message.text.includes("redefinir-senha")).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }
  /** E-mails go out after the answer: waits until `count` arrived, then a little longer for any extra. */
  async function settledEmailsTo(to: string, count: number): Promise<OutboxEmail[]> {
    for (let waited = 0; waited < 5000 && (await emailsTo(to)).length < count; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 300));
    return emailsTo(to);
  }
  const tokenOf = (message: OutboxEmail) => /redefinir-senha\?token=([A-Za-z0-9_-]+)/.exec(message.text)![1]!;
  const requestReset = (email: string) => run(forgotAction, post("/recuperar-senha", { email }), context);
  const resetLinksOf = async (userId: string) =>
    t.db.select().from(verifications).where(sql`${verifications.identifier} like 'reset-password:%' and ${verifications.value} = ${userId}`);

  it("sends at most 3 e-mails per account in 15 minutes, answering every request the same", async () => {
    const email = "caixa-cheia@exemplo.com";
    await register(email, "senha da caixa cheia");
    for (let n = 0; n < 10; n++) expect((await requestReset(email)).location, `request ${n + 1}`).toBe("/recuperar-senha?enviado=1");
    expect(await settledEmailsTo(email, ACCOUNT_LIMITS.resetEmails.max)).toHaveLength(ACCOUNT_LIMITS.resetEmails.max);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(await resetLinksOf(user!.id)).toHaveLength(ACCOUNT_LIMITS.resetEmails.max);

    await age("account-reset-email|%", ACCOUNT_LIMITS.resetEmails.window);
    expect((await requestReset(email)).location).toBe("/recuperar-senha?enviado=1");
    expect(await settledEmailsTo(email, ACCOUNT_LIMITS.resetEmails.max + 1)).toHaveLength(ACCOUNT_LIMITS.resetEmails.max + 1);
  });

  it("a reset ends every other reset link of the account, and only of that account", async () => {
    const email = "dois-links@exemplo.com";
    const other = "outra-conta-link@exemplo.com";
    await register(email, "senha antiga dos links");
    await register(other, "senha antiga da outra");
    await requestReset(email);
    await requestReset(email);
    await requestReset(other);
    const [older, newer] = (await settledEmailsTo(email, 2)).map(tokenOf);
    const othersLink = tokenOf((await settledEmailsTo(other, 1))[0]!);
    expect(older).not.toBe(newer);

    const done = await run(resetAction, post("/redefinir-senha", { token: newer!, password: "senha nova dos links", confirmPassword: "senha nova dos links" }), context);
    expect(done.location).toBe("/login?senha=redefinida");

    expect((await run(resetLoader, browserRequest(`/redefinir-senha?token=${older}`), context)).data).toEqual({ token: older, usable: false });
    const reused = await run(resetAction, post("/redefinir-senha", { token: older!, password: "senha do atacante 1", confirmPassword: "senha do atacante 1" }), context);
    expect(formError(reused)).toBe(AUTH_MESSAGES.resetLinkInvalid);
    expect(await login(email, "senha do atacante 1")).toBe(AUTH_MESSAGES.wrongCredentials);
    expect(await login(email, "senha nova dos links")).toBe("signed in");
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(await resetLinksOf(user!.id)).toEqual([]);

    expect((await run(resetLoader, browserRequest(`/redefinir-senha?token=${othersLink}`), context)).data).toEqual({ token: othersLink, usable: true });
  });
});

describe("sign-up and registered e-mails", () => {
  it("keeps 'Este e-mail já está cadastrado', but 10 in an hour from one address pause its sign-ups for the hour", async () => {
    const registered = "ja-cliente@exemplo.com";
    await register(registered, "senha de quem ja compra");
    const prober = newAddress();
    const { max } = SIGN_UP_TAKEN_EMAIL_LIMIT;
    const probe = async (email: string) => {
      const outcome = await register(email, "senha de quem sonda", prober);
      return outcome.status === 302 ? "registered" : JSON.stringify((outcome.data as { errors?: unknown }).errors);
    };
    const taken = JSON.stringify({ email: AUTH_MESSAGES.emailTaken });

    for (let n = 0; n < max / 2; n++) expect(await probe(registered)).toBe(taken);
    // New e-mails are not what is counted.
    for (let n = 0; n < 3; n++) expect(await probe(`sondagem-nova-${n}@exemplo.com`)).toBe("registered");
    await age(`${prober}|/sign-up/email`, 61);
    for (let n = 0; n < max / 2; n++) expect(await probe(registered)).toBe(taken);
    await age(`${prober}|/sign-up/email`, 61);

    expect(await probe("sondagem-depois@exemplo.com")).toBe(JSON.stringify({ form: tryAgainLaterMessage(60) }));
    expect(await probe(registered)).toBe(JSON.stringify({ form: tryAgainLaterMessage(60) }));
    expect(await t.db.select().from(users).where(eq(users.email, "sondagem-depois@exemplo.com"))).toEqual([]);
    // Through Better Auth's API too.
    const api = new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", host: "localhost:3999", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: prober },
      body: JSON.stringify({ name: "Sonda", email: registered, password: "senha de quem sonda" }),
    });
    expect((await run(betterAuthApi, api, context)).status).toBe(429);

    // Another address is not affected; the prober's pause ends with the hour.
    expect((await register("vizinha-nova@exemplo.com", "senha da vizinha nova")).status).toBe(302);
    await age(`sign-up-email-taken|${prober}`, SIGN_UP_TAKEN_EMAIL_LIMIT.window);
    expect(await probe("sondagem-uma-hora-depois@exemplo.com")).toBe("registered");
  }, 60_000);
});

describe("the account's image", () => {
  const apiCall = (pathname: string, body: unknown, cookie?: string) =>
    run<{ message?: string; code?: string } | string>(
      betterAuthApi,
      new Request(`${TEST_ORIGIN}/api/auth${pathname}`, {
        method: "POST",
        headers: { "content-type": "application/json", host: "localhost:3999", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: newAddress(), ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      }),
      context,
    );
  const imageOf = async (id: string) => (await t.db.select({ image: users.image }).from(users).where(eq(users.id, id)))[0]?.image;
  const dataUrl = (bytes: number) => `data:image/png;base64,${"A".repeat(bytes)}`;

  it("update-user takes an https address or one of the shop's images, up to 2 KB, and refuses the rest in pt-BR", async () => {
    const shopper = await signUp(context);
    for (const image of [
      "https://lh3.googleusercontent.com/a/ACg8ocJ-foto=s96-c",
      "/media/3f9c2a7be1d04c55-640.webp",
      `https://exemplo.com/${"a".repeat(2000)}`,
      null,
    ]) {
      const outcome = await apiCall("/update-user", { image }, shopper.cookie);
      expect(outcome.status, String(image).slice(0, 40)).toBe(200);
      expect(await imageOf(shopper.id)).toBe(image);
    }
    for (const image of [
      dataUrl(30 * 1024),
      "data:image/svg+xml,<svg onload=alert(1)>",
      "javascript:alert(1)",
      "http://exemplo.com/foto.png",
      "//evil.example/foto.png",
      `https://exemplo.com/${"a".repeat(2100)}`,
      "https://exemplo.com/foto com espaço.png",
      "https://user:senha@exemplo.com/foto.png",
      "/media/../auth-secret",
      "/api/auth/sign-out",
      "",
    ]) {
      const outcome = await apiCall("/update-user", { image }, shopper.cookie);
      expect(outcome.status, image.slice(0, 40)).toBe(400);
      expect(outcome.data, image.slice(0, 40)).toMatchObject({ message: AUTH_MESSAGES.imageRefused });
    }
    expect(await imageOf(shopper.id)).toBeNull();

    // The 25 MB data URL of the report never gets read: through the app, update-user is not reachable
    // (app/routes/api/auth.ts answers 404 without reading the body).
    const huge = await run(
      authApiAction,
      new Request(`${TEST_ORIGIN}/api/auth/update-user`, {
        method: "POST",
        headers: { "content-type": "application/json", host: "localhost:3999", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: newAddress(), cookie: shopper.cookie },
        body: JSON.stringify({ image: dataUrl(25 * 1024 * 1024) }),
      }),
      context,
    );
    expect(huge.status).toBe(404);
    expect(await imageOf(shopper.id)).toBeNull();
  });

  it("sign-up through the API refuses an image that is not one, and creates no account", async () => {
    const refused = await apiCall("/sign-up/email", { name: "Foto Grande", email: "foto-grande@exemplo.com", password: "senha da foto grande", image: dataUrl(40 * 1024) });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ message: AUTH_MESSAGES.imageRefused });
    expect(await t.db.select().from(users).where(like(users.email, "foto-grande@%"))).toEqual([]);
    // An 8 MB picture never reaches Better Auth: through the app, sign-up/email is not reachable.
    const huge = await run(
      authApiAction,
      new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", host: "localhost:3999", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: newAddress() },
        body: JSON.stringify({ name: "Foto Enorme", email: "foto-enorme@exemplo.com", password: "senha da foto enorme", image: dataUrl(8 * 1024 * 1024) }),
      }),
      context,
    );
    expect(huge.status).toBe(404);
    expect(await t.db.select().from(users).where(like(users.email, "foto-enorme@%"))).toEqual([]);

    const accepted = await apiCall("/sign-up/email", { name: "Foto Boa", email: "foto-boa@exemplo.com", password: "senha da foto boa", image: "https://exemplo.com/rita.jpg" });
    expect(accepted.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, "foto-boa@exemplo.com"));
    expect(row?.image).toBe("https://exemplo.com/rita.jpg");
  });
});
