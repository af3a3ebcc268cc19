import { createCookieGetter, parseCookies } from "better-auth/cookies";
import { data, redirect } from "react-router";
import type { UserRole } from "#database/schema";
import { actionRefusal } from "~/lib/forms/action-result";
import { loginPath } from "~/lib/pages/safe-redirect";
import { isStaffRole, roleIsStoreBound, roleMay, STAFF_ROLE_LABELS, type StaffCapability, type StaffRole } from "~/lib/staff/staff-roles";
import type { RequestLogFields } from "../log/logger.server";
import type { Auth } from "./auth.server";

export type CurrentUser = {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  /** Set for staff (role admin) only: what they may do (app/lib/staff/staff-roles.ts). */
  staffRole: StaffRole | null;
  /** A Vendedor's store (store_locations id); null for everyone else. */
  staffStoreId: number | null;
  phone: string | null;
  address: string | null;
  image: string | null;
};

type AuthContext = { auth: Auth; requestLog?: RequestLogFields };

// The layout and the page loaders of one request both ask; one session lookup serves them all.
const perRequest = new WeakMap<Request, Promise<CurrentUser | null>>();

/** The signed-in user, read from the session cookie and the database; null when signed out. */
export function getCurrentUser(request: Request, context: AuthContext): Promise<CurrentUser | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = lookUpUser(request, context);
    perRequest.set(request, pending);
  }
  return pending;
}

/** The session cookie's name for each auth instance (`__Secure-` prefixed when PUBLIC_URL is https). */
const sessionCookieNames = new WeakMap<Auth, string>();

/** Whether the request carries a session cookie (valid or not: only a lookup can tell). */
export function hasSessionCookie(request: Request, auth: Auth): boolean {
  return sessionCookieIn(request.headers.get("cookie") ?? undefined, auth);
}

/** hasSessionCookie for a Cookie header as Node gives it (the page cache's variants, server.js). */
export function sessionCookieIn(header: string | undefined, auth: Auth): boolean {
  if (!header) return false;
  let name = sessionCookieNames.get(auth);
  if (name === undefined) {
    name = createCookieGetter(auth.options)("session_token").name;
    sessionCookieNames.set(auth, name);
  }
  return parseCookies(header).has(name);
}

async function lookUpUser(request: Request, { auth, requestLog }: AuthContext): Promise<CurrentUser | null> {
  // Without the session cookie there is no session to find: a visitor carrying only other cookies
  // would otherwise pay Better Auth's lookup (about 2 ms of CPU, measured in a loop: its request
  // context and two queries) on every /api/eu, checkout and account page.
  if (!hasSessionCookie(request, auth)) return null;
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const { user } = session;
  // The request's log line names who made it.
  if (requestLog) requestLog.userId = user.id;
  // Anything unexpected in the columns counts as the lesser role: staff without a known staff role,
  // or a store-bound role without its store, are customers.
  const staffRole = user.role === "admin" && isStaffRole(user.staffRole) ? user.staffRole : null;
  const staffStoreId = typeof user.staffStoreId === "number" ? user.staffStoreId : null;
  const staff = staffRole !== null && (!roleIsStoreBound(staffRole) || staffStoreId !== null);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: staff ? "admin" : "customer",
    staffRole: staff ? staffRole : null,
    staffStoreId: staff && roleIsStoreBound(staffRole) ? staffStoreId : null,
    phone: user.phone ?? null,
    address: user.address ?? null,
    image: user.image ?? null,
  };
}

/** The page the visitor asked for, to come back to after signing in. */
function requestedPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The signed-in user, or a redirect to /login that brings the visitor back here afterwards. */
export async function requireUser(request: Request, context: AuthContext): Promise<CurrentUser> {
  const user = await getCurrentUser(request, context);
  if (!user) throw redirect(loginPath(requestedPath(request)));
  return user;
}

/** A signed-in member of staff: the role is known. */
export type StaffUser = CurrentUser & { role: "admin"; staffRole: StaffRole };

function isStaff(user: CurrentUser): user is StaffUser {
  return user.role === "admin" && user.staffRole !== null;
}

function refusal(message: string): Response {
  return new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * Any member of staff, whatever their role: the admin layout and what every role uses. Anonymous: to
 * /login (and back here afterwards). Signed in without a staff role: page loads go to the home page;
 * actions and other writes get a 403, since a redirect would make a refused change look like it went
 * through. A page or action that not every role may use calls requireStaffPermission instead.
 */
export async function requireAdmin(request: Request, context: AuthContext): Promise<StaffUser> {
  const user = await requireUser(request, context);
  if (isStaff(user)) return user;
  if (isPageLoad(request)) throw redirect("/");
  throw refusal("Acesso restrito à equipe da loja.");
}

/** The pt-BR line for a staff member whose role does not include what they asked for. */
export function staffRefusalMessage(user: StaffUser): string {
  return `Seu perfil (${STAFF_ROLE_LABELS[user.staffRole]}) não permite isso. Se precisar, fale com o Dono da loja.`;
}

/** The pt-BR refusal of a staff member whose role does not include what they asked for. */
export function staffRefusal(user: StaffUser): Response {
  return refusal(staffRefusalMessage(user));
}

/**
 * A refusal by role inside a page the role opens (the order window's refund, a setting only the Dono
 * changes): a 403 answered as the action's data, so the page stays and shows why, in pt-BR, where a
 * thrown refusal would replace the page with its error boundary. `why` defaults to the role's line.
 */
export function staffActionRefusal(user: StaffUser, why: string = staffRefusalMessage(user)) {
  return data(actionRefusal(why), { status: 403 });
}

/**
 * For every admin loader and action: a member of staff whose role includes `capability` (each of
 * them, given several: a product save writes prices and stock) as app/lib/staff/staff-roles.ts says.
 * Others as requireAdmin; staff without it get a 403 page or answer, and nothing is changed.
 */
export async function requireStaffPermission(
  request: Request,
  context: AuthContext,
  capability: StaffCapability | readonly StaffCapability[],
): Promise<StaffUser> {
  const user = await requireAdmin(request, context);
  const needed: readonly StaffCapability[] = typeof capability === "string" ? [capability] : capability;
  if (needed.every((one) => roleMay(user.staffRole, one))) return user;
  throw staffRefusal(user);
}

/** The one store a store-bound member of staff (Vendedor) works at; null: every store. */
export function staffStoreScope(user: StaffUser): number | null {
  return roleIsStoreBound(user.staffRole) ? user.staffStoreId : null;
}

const STORE_ACCESS_MESSAGE = "Você só pode vender e contar o estoque da sua loja.";

/** Whether this member of staff may sell and count at the store (a Vendedor: their own only). */
function mayUseStore(user: StaffUser, storeId: number): boolean {
  const scope = staffStoreScope(user);
  return scope === null || scope === storeId;
}

/** Throws the 403 when a store-bound member of staff (Vendedor) asks to sell or count at another store. */
export function requireStoreAccess(user: StaffUser, storeId: number): void {
  if (!mayUseStore(user, storeId)) throw refusal(STORE_ACCESS_MESSAGE);
}

/** For an action on a page the role opens (the counter, the balanço): the 403 as the action's data, so the page stays; null when allowed. */
export function storeAccessRefusal(user: StaffUser, storeId: number) {
  return mayUseStore(user, storeId) ? null : staffActionRefusal(user, STORE_ACCESS_MESSAGE);
}

/**
 * A GET or HEAD of a page. When an action fails on a form posted without JavaScript, React Router
 * runs the loaders above the route's error boundary to show the error, with a GET copy of the POST
 * that keeps its headers: a GET with a body's Content-Type is such a copy, and the write's refusal
 * stays a 403 there instead of becoming the layout's redirect.
 */
function isPageLoad(request: Request): boolean {
  return (request.method === "GET" || request.method === "HEAD") && !request.headers.has("content-type");
}
