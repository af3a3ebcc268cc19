// Staff accounts: ADMIN_EMAIL/ADMIN_PASSWORD on start, and `npm run admin` (scripts/admin.ts). The
// role lives in our users table; Better Auth makes the user and hashes the password.
import { eq } from "drizzle-orm";
import { users, type UserRole } from "#database/schema";
import { PASSWORD_LENGTH } from "~/lib/account-forms";
import type { Database } from "../db/database.server";
import type { Auth } from "./auth.server";

export class AdminAccountError extends Error {}

type NewAdmin = { email: string; password: string; name?: string };

/** A new user with the admin role and an e-mail + password sign-in. Fails when the e-mail is taken. */
export async function createAdmin(auth: Auth, db: Database, admin: NewAdmin): Promise<{ id: string; email: string }> {
  const email = admin.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AdminAccountError(`E-mail inválido: ${admin.email}`);
  if (admin.password.length < PASSWORD_LENGTH.min || admin.password.length > PASSWORD_LENGTH.max) {
    throw new AdminAccountError(`A senha deve ter entre ${PASSWORD_LENGTH.min} e ${PASSWORD_LENGTH.max} caracteres`);
  }
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
  try {
    await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
  } catch (error) {
    await db.delete(users).where(eq(users.id, user.id));
    throw error;
  }
  return { id: user.id, email };
}

/** Changes the role of the account with this e-mail; false when there is none. */
export async function setRole(db: Database, email: string, role: UserRole): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return updated.length > 0;
}

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD on start: the account is created as admin, or, when it exists, made
 * admin. An existing password is left alone, so a password changed since is not reset at each restart.
 */
export async function ensureInitialAdmin(auth: Auth, db: Database, admin: { email: string; password: string }) {
  const email = admin.email.trim().toLowerCase();
  const [existing] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
  if (!existing) {
    await createAdmin(auth, db, { email, password: admin.password });
    console.log(`[admin] conta de administrador criada: ${email}`);
  } else if (existing.role !== "admin") {
    await setRole(db, email, "admin");
    console.log(`[admin] ${email} agora é administrador`);
  }
}
