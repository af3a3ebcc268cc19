/**
 * WhatsApp must open from the shopper's click, or the browser blocks it as a pop-up. So the click that
 * sends the order opens an empty tab at once, and the order page points it at WhatsApp once the order
 * is recorded. When the browser refused even that, the order page shows its own button.
 */
let pendingTab: Window | null = null;

export function reserveWhatsAppTab() {
  try {
    pendingTab = window.open("about:blank", "_blank");
  } catch {
    pendingTab = null;
  }
}

export function releaseWhatsAppTab() {
  pendingTab?.close();
  pendingTab = null;
}

/** Sends the reserved tab to WhatsApp; false when there is none (pop-up blocked). */
export function handOffToWhatsApp(url: string): boolean {
  const tab = pendingTab;
  pendingTab = null;
  if (!tab || tab.closed) return false;
  try {
    tab.opener = null;
    tab.location.href = url;
    return true;
  } catch {
    return false;
  }
}
