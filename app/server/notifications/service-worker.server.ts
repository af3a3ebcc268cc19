import serviceWorkerSource from "./admin-service-worker.js?raw";

/**
 * /admin/sw.js. The file sits under /admin/, whose widest scope would be /admin/; the header lets it
 * control /admin itself (the dashboard) too. Never cached, so a new release reaches the clerk's phone
 * on the next visit.
 */
export function adminServiceWorkerResponse(): Response {
  return new Response(serviceWorkerSource, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Service-Worker-Allowed": "/admin",
      "Cache-Control": "private, no-store",
    },
  });
}
