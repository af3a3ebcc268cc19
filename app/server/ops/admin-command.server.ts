// The commands of `npm run admin` (scripts/admin.ts), apart from the process around them so the
// integration tests can run them against their own database.
import os from "node:os";
import { parseArgs } from "node:util";
import { AdminAccountError, createAdmin, generatedPassword, setRole } from "~/server/auth/admins.server";
import { storeByName, StaffAccessError, type StaffAccess } from "~/server/auth/staff.server";
import { isStaffRole, roleIsStoreBound, STAFF_ROLE_LABELS, STAFF_ROLES } from "~/lib/staff/staff-roles";
import type { Services } from "~/server/services.server";

const ADMIN_USAGE = `Uso:
  npm run admin -- create EMAIL [--role PERFIL] [--loja "NOME DA LOJA"] [--password SENHA] [--name NOME]
                                             cria uma conta da equipe
  npm run admin -- promote EMAIL [--role PERFIL] [--loja "NOME DA LOJA"]
                                             dá acesso ao painel a uma conta existente (ou muda o perfil)
  npm run admin -- demote EMAIL              tira o acesso ao painel (a conta volta a cliente)

PERFIL: dono (tudo; é o padrão), gerente (tudo menos a equipe e o dinheiro da loja) ou vendedor
(balcão, pedidos e estoque da sua loja; --loja obrigatório, com o nome da loja como em /lojas).
Sem --password, uma senha forte é gerada e mostrada uma única vez.`;

/**
 * --role and --loja as a staff access, with the store's name as registered (what the command says
 * back, not the name as typed); the error says what is wrong in pt-BR.
 */
async function accessFrom(values: { role?: string; loja?: string }, services: Pick<Services, "db">): Promise<StaffAccess & { storeName: string | null }> {
  const role = (values.role ?? "dono").trim().toLowerCase();
  if (!isStaffRole(role)) throw new StaffAccessError(`Perfil desconhecido: "${values.role}". Use ${STAFF_ROLES.join(", ")}.`);
  if (!roleIsStoreBound(role)) {
    if (values.loja !== undefined) throw new StaffAccessError(`--loja é só para vendedor: um ${STAFF_ROLE_LABELS[role]} vê todas as lojas.`);
    return { staffRole: role, storeId: null, storeName: null };
  }
  if (!values.loja?.trim()) throw new StaffAccessError(`Um vendedor precisa de uma loja: --loja "Erick Calçados Sirinhaém" (o nome como em /lojas).`);
  const store = await storeByName(services.db, values.loja);
  return { staffRole: role, storeId: store.id, storeName: store.name };
}

/** "Vendedor, Erick Calçados Sirinhaém" or "Dono". */
const accessLabel = (access: { staffRole: StaffAccess["staffRole"]; storeName: string | null }) =>
  `${STAFF_ROLE_LABELS[access.staffRole]}${access.storeName ? `, ${access.storeName}` : ""}`;

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
      options: {
        password: { type: "string" },
        name: { type: "string" },
        role: { type: "string" },
        loja: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
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
        const password = parsed.values.password ?? generatedPassword();
        const { storeName, ...access } = await accessFrom(parsed.values, services);
        const admin = await createAdmin(services.auth, services.db, { email, password, name: parsed.values.name, access }, commandLineActor());
        out.log(`Conta da equipe criada: ${admin.email} (${accessLabel({ ...access, storeName })})`);
        if (!parsed.values.name?.trim()) {
          out.log(`Sem --name, pedidos e recibos mostram o e-mail (${admin.email}) como o nome; a pessoa põe o nome dela em /conta, ou crie com --name "Nome".`);
        }
        if (generated) out.log(`Senha gerada (anote agora, ela não é mostrada de novo): ${password}`);
        return 0;
      }
      case "promote":
      case "demote": {
        const promoted = command === "promote" ? await accessFrom(parsed.values, services) : null;
        const access = promoted && { staffRole: promoted.staffRole, storeId: promoted.storeId };
        const result = await setRole(services.db, email, access, commandLineActor());
        if (!result.ok) {
          out.error(result.message);
          return 1;
        }
        out.log(promoted ? `${email} agora é ${accessLabel(promoted)}.` : `${email} agora é cliente.`);
        return 0;
      }
      default:
        out.error(`Comando desconhecido: ${command}\n\n${ADMIN_USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof AdminAccountError || error instanceof StaffAccessError) {
      out.error(error.message);
      return 1;
    }
    throw error;
  }
}
