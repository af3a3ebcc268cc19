// The sign-in page's address with the way back. Apart from safe-redirect.ts so the header's account
// menu (in the shell chunk every page loads) builds its link from the page's own address without the
// checks for addresses from outside; the sign-in page checks the way back again anyway.

/** `/login?redirectTo=…` for coming back to `path`, a path of this site ("/" or empty: just /login). */
export function loginLink(path: string): string {
  return path && path !== "/" ? `/login?redirectTo=${encodeURIComponent(path)}` : "/login";
}
