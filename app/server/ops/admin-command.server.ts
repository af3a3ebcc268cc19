// The commands of `npm run admin` (scripts/admin.ts), apart from the process around them so the
// integration tests can run them against their own database.
import { randomBytes } from "node:crypto";
import os from "node:os";
import { parseArgs } from "node:util";
import { AdminAccountError, createAdmin, setRole } from "~/server/auth/admins.server";
import type { Services } from "~/server/services.server";

const ADMIN_USAGE = `Uso:
  npm run admin -- create EMAIL [--password SENHA] [--name NOME]   cria uma conta de administrador
  npm run admin -- promote EMAIL                                   torna administradora uma conta existente
  npm run admin -- demote EMAIL                                    volta a conta a cliente

Sem --password, uma senha forte é gerada e mostrada uma única vez.`;

/** The audit log's 'who' for a change made here: no account, so the system user who ran the command. */
function commandLineActor() {
  let user = "";
  try {
    user = os.userInfo().username;
  } catch {
    // No entry in the system's user list (some containers): the command still runs.
  }
  return { id: null, name: `npm run admin${user ? ` (usuário ${user})` : ""}`, email: "" };
}

type Output = { log: (line: string) => void; error: (line: string) => void };

/** Runs one command; returns the process exit code. */
export async function runAdminCommand(argv: string[], services: Pick<Services, "auth" | "db">, out: Output): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { password: { type: "string" }, name: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    out.error(`${(error as Error).message}\n\n${ADMIN_USAGE}`);
    return 2;
  }
  const [command, email, ...extra] = parsed.positionals;
  if (parsed.values.help || !command || !email || extra.length > 0) {
    (parsed.values.help ? out.log : out.error)(ADMIN_USAGE);
    return parsed.values.help ? 0 : 2;
  }
  try {
    switch (command) {
      case "create": {
        const generated = parsed.values.password === undefined;
        const password = parsed.values.password ?? randomBytes(12).toString("base64url");
        const admin = await createAdmin(services.auth, services.db, { email, password, name: parsed.values.name }, commandLineActor());
        out.log(`Administrador criado: ${admin.email}`);
        if (generated) out.log(`Senha gerada (anote agora, ela não é mostrada de novo): ${password}`);
        return 0;
      }
      case "promote":
      case "demote": {
        const role = command === "promote" ? "admin" : "customer";
        if (!(await setRole(services.db, email, role, commandLineActor()))) {
          out.error(`Nenhuma conta com o e-mail ${email}.`);
          return 1;
        }
        out.log(command === "promote" ? `${email} agora é administrador.` : `${email} agora é cliente.`);
        return 0;
      }
      default:
        out.error(`Comando desconhecido: ${command}\n\n${ADMIN_USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof AdminAccountError) {
      out.error(error.message);
      return 1;
    }
    throw error;
  }
}
