// The admin's service worker. It runs in the clerk's browser, not on the server: served as
// /admin/sw.js with scope /admin (app/routes/admin/service-worker.ts), it shows the new-order pushes
// the server sends (the push queue in this folder) and opens the order when one is tapped. It caches
// nothing, so the admin always shows what the server holds.

const FALLBACK = { title: "Novo aviso da loja", body: "Abra o painel para ver.", tag: "aviso", url: "/admin/pedidos" };

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  const notice = readNotice(event.data);
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      // One notification per order: a second push for it replaces the first instead of stacking.
      tag: notice.tag,
      icon: "/painel/icone-192.png",
      lang: "pt-BR",
      data: { url: notice.url },
    }),
  );
});

/** The server's JSON ({ title, body, tag, url }); a push that is not one still tells the clerk to look. */
function readNotice(data) {
  try {
    const value = data ? data.json() : null;
    if (value && typeof value.title === "string" && typeof value.tag === "string") {
      return { title: value.title, body: String(value.body ?? ""), tag: value.tag, url: adminUrl(value.url) };
    }
  } catch {
    // not JSON: the fallback below
  }
  return FALLBACK;
}

/** Only a page of this site's admin is ever opened from a notification. */
function adminUrl(candidate) {
  try {
    const url = new URL(String(candidate), self.location.origin);
    if (url.origin === self.location.origin && /^\/admin(\/|$)/.test(url.pathname)) return url.href;
  } catch {
    // not a URL
  }
  return new URL(FALLBACK.url, self.location.origin).href;
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openOrFocus(adminUrl(event.notification.data && event.notification.data.url)));
});

/** Focuses a tab already on that page, else brings an open admin tab there, else opens a new window. */
async function openOrFocus(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = windows.find((client) => client.url === url);
  if (same) return same.focus();
  for (const client of windows) {
    if (!/^\/admin(\/|$)/.test(new URL(client.url).pathname)) continue;
    // navigate() works only on pages this worker controls; for another, a new window below.
    const moved = await client.navigate(url).catch(() => null);
    if (moved) return moved.focus().catch(() => moved);
  }
  return self.clients.openWindow(url);
}
