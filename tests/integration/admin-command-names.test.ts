// `npm run admin` says back what it stored (issue 51, item 24): the store as registered, not as typed
// ("erick calcados sirinhaem"), and without --name the account's name is its e-mail, not the e-mail's
// local part ("marcado por dono"), with a line saying where the person sets their name.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#database/schema";
import type { LoadContext } from "~/server/load-context.server";
import { runAdminCommand } from "~/server/ops/admin-command.server";
import { openAdminTest } from "../setup/admin-session";
import type { TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let close: () => Promise<void>;
beforeAll(async () => ({ t, context, close } = await openAdminTest()));
afterAll(() => close?.());

async function run(args: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await runAdminCommand(args, context, { log: (line) => lines.push(line), error: (line) => errors.push(line) });
  return { code, lines, errors };
}

const nameOf = async (email: string) => (await t.db.select({ name: users.name }).from(users).where(eq(users.email, email)))[0]?.name;

describe("npm run admin says back what it stored", () => {
  it("create: the store by its registered name; no --name: the e-mail is the name, and where to change it", async () => {
    const created = await run(["create", "dono@exemplo.com", "--role", "vendedor", "--loja", "erick calcados  sirinhaem", "--password", "senha-forte-do-dono"]);
    expect(created).toMatchObject({ code: 0, errors: [] });
    expect(created.lines[0]).toBe("Conta da equipe criada: dono@exemplo.com (Vendedor, Erick Calçados Sirinhaém)");
    expect(created.lines[1]).toBe(
      'Sem --name, pedidos e recibos mostram o e-mail (dono@exemplo.com) como o nome; a pessoa põe o nome dela em /conta, ou crie com --name "Nome".',
    );
    expect(await nameOf("dono@exemplo.com")).toBe("dono@exemplo.com");
  });

  it("create with --name keeps it and says nothing more; promote names the store as registered", async () => {
    const created = await run(["create", "maria@exemplo.com", "--name", "Maria Souza", "--password", "senha-forte-da-maria"]);
    expect(created.lines).toEqual(["Conta da equipe criada: maria@exemplo.com (Dono)"]);
    expect(await nameOf("maria@exemplo.com")).toBe("Maria Souza");
    const promoted = await run(["promote", "maria@exemplo.com", "--role", "vendedor", "--loja", "ERICK CALÇADOS SIRINHAEM"]);
    expect(promoted).toMatchObject({ code: 0, lines: ["maria@exemplo.com agora é Vendedor, Erick Calçados Sirinhaém."] });
  });
});
