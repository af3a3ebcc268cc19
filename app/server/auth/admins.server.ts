// Staff accounts: ADMIN_EMAIL/ADMIN_PASSWORD on start, and `npm run admin` (scripts/admin.ts). The
// role lives in our users table; Better Auth makes the user and hashes the password.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "#database/schema";
import { passwordProblem } from "~/lib/account/password-rule";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import type { Database } from "../db/database.server";
import type { Auth } from "./auth.server";
import { log } from "../log/logger.server";
import { auditedAccess, checkedAccess, removeStaffAccess, setStaffAccess, StaffAccessError, type StaffAccess, type StaffChangeResult } from "./staff.server";

export class AdminAccountError extends Error {}

/** A strong password for a new staff account, shown once to whoever created it. */
export function generatedPassword(): string {
  return randomBytes(12).toString("base64url");
}

/** Without `access`, a Dono: whoever runs the server or sets ADMIN_EMAIL owns the shop. */
type NewAdmin = { email: string; password: string; name?: string; access?: StaffAccess };

const OWNER: StaffAccess = { staffRole: "dono", storeId: null };

/** The audit log's 'who' for what the server does on start because of ADMIN_EMAIL. */
const SERVER_START_ACTOR: AuditActor = { id: null, name: "ADMIN_EMAIL (início do servidor)", email: "" };

/**
 * A new member of staff (role admin, with a staff role) and an e-mail + password sign-in, recorded in
 * the audit log. Fails when the e-mail is taken, or a Vendedor has no store.
 */
export async function createAdmin(auth: Auth, db: Database, admin: NewAdmin, actor: AuditActor): Promise<{ id: string; email: string }> {
  const email = admin.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AdminAccountError(`E-mail inválido: ${admin.email}`);
  const problem = passwordProblem(admin.password);
  if (problem) throw new AdminAccountError(problem);
  let access: StaffAccess;
  try {
    access = await checkedAccess(db, admin.access ?? OWNER);
  } catch (error) {
    if (error instanceof StaffAccessError) throw new AdminAccountError(error.message);
    throw error;
  }
  const context = await auth.$context;
  if (await context.internalAdapter.findUserByEmail(email)) {
    throw new AdminAccountError(`Já existe uma conta com o e-mail ${email}; use "promote" para torná-la administradora.`);
  }
  const hash = await context.password.hash(admin.password);
  const user = await context.internalAdapter.createUser({
    email,
    // No name given: the e-mail, whole, until the person sets theirs in /conta. Its local part read as
    // a name ("marcado como pago por dono", issue 51).
    name: admin.name?.trim() || email,
    // Whoever runs the server chose this address, so a Google sign-in with it may join this account.
    emailVerified: true,
    role: "admin",
    staffRole: access.staffRole,
    staffStoreId: access.storeId,
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
      after: { name: user.name, email, ...(await auditedAccess(db, access)) },
    });
  } catch (error) {
    await db.delete(users).where(eq(users.id, user.id));
    throw error;
  }
  return { id: user.id, email };
}

/**
 * Gives the account with this e-mail staff access (by default as a Dono), or with null takes it away;
 * audited. Refused for an unknown e-mail, a Vendedor without a store, or the last Dono.
 */
export async function setRole(db: Database, email: string, access: StaffAccess | null, actor: AuditActor): Promise<StaffChangeResult> {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!account) return { ok: false, message: `Nenhuma conta com o e-mail ${email}.`, status: 404 };
  return access ? setStaffAccess(db, actor, account.id, access) : removeStaffAccess(db, actor, account.id);
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
    await setRole(db, email, OWNER, SERVER_START_ACTOR);
    log.info({ email }, "account promoted to admin");
  }
}
