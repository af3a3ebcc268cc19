// Staff accounts: ADMIN_EMAIL/ADMIN_PASSWORD on start, and `npm run admin` (scripts/admin.ts). The
// role lives in our users table; Better Auth makes the user and hashes the password.
import { eq } from "drizzle-orm";
import { users, type UserRole } from "#database/schema";
import { passwordProblem } from "~/lib/account/password-rule";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import type { Database } from "../db/database.server";
import type { Auth } from "./auth.server";
import { log } from "../log/logger.server";

export class AdminAccountError extends Error {}

type NewAdmin = { email: string; password: string; name?: string };

/** The audit log's 'who' for what the server does on start because of ADMIN_EMAIL. */
const SERVER_START_ACTOR: AuditActor = { id: null, name: "ADMIN_EMAIL (início do servidor)", email: "" };

/**
 * A new user with the admin role and an e-mail + password sign-in, recorded in the audit log. Fails
 * when the e-mail is taken.
 */
export async function createAdmin(auth: Auth, db: Database, admin: NewAdmin, actor: AuditActor): Promise<{ id: string; email: string }> {
  const email = admin.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AdminAccountError(`E-mail inválido: ${admin.email}`);
  const problem = passwordProblem(admin.password);
  if (problem) throw new AdminAccountError(problem);
  const context = await auth.$context;
  if (await context.internalAdapter.findUserByEmail(email)) {
    throw new AdminAccountError(`Já existe uma conta com o e-mail ${email}; use "promote" para torná-la administradora.`);
  }
  const hash = await context.password.hash(admin.password);
  const user = await context.internalAdapter.createUser({
    email,
    name: admin.name?.trim() || email.split("@")[0]!,
    // Whoever runs the server chose this address, so a Google sign-in with it may join this account.
    emailVerified: true,
    role: "admin",
  }, { method: "admin" });
  // Better Auth writes the user outside our transactions, so a failure after it undoes it by hand:
  // no admin without its password sign-in and its audit entry.
  try {
    await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
    await recordAdminChange(db, actor, {
      action: "user.create_admin",
      entityType: "user",
      entityId: user.id,
      entityLabel: email,
      before: null,
      after: { name: user.name, email, role: "admin" },
    });
  } catch (error) {
    await db.delete(users).where(eq(users.id, user.id));
    throw error;
  }
  return { id: user.id, email };
}

/** Changes the role of the account with this e-mail (in the audit log too); false when there is none. */
export async function setRole(db: Database, email: string, role: UserRole, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [previous] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email.trim().toLowerCase())).for("update");
    if (!previous) return false;
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, previous.id));
    await recordAdminChange(tx, actor, {
      action: role === "admin" ? "user.promote" : "user.demote",
      entityType: "user",
      entityId: previous.id,
      entityLabel: email.trim().toLowerCase(),
      before: { role: previous.role },
      after: { role },
    });
    return true;
  });
}

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD on start: the account is created as admin, or, when it exists, made
 * admin. An existing password is left alone, so a password changed since is not reset at each restart.
 */
export async function ensureInitialAdmin(auth: Auth, db: Database, admin: { email: string; password: string }) {
  const email = admin.email.trim().toLowerCase();
  const [existing] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
  if (!existing) {
    await createAdmin(auth, db, { email, password: admin.password }, SERVER_START_ACTOR);
    log.info({ email }, "admin account created");
  } else if (existing.role !== "admin") {
    await setRole(db, email, "admin", SERVER_START_ACTOR);
    log.info({ email }, "account promoted to admin");
  }
}
