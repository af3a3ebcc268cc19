import type { ReactNode } from "react";
import { WhatsAppIcon } from "./icons";

/**
 * The round green link of the pages' openings that starts a WhatsApp chat in a new tab.
 * `outlined`: a faint white ring, for a coloured background.
 */
export function WhatsAppPillLink({ href, outlined = false, children }: { href: string; outlined?: boolean; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`flex items-center gap-2 rounded-full bg-whatsapp-dark px-6 py-3 font-bold text-white hover:bg-whatsapp-darker ${outlined ? "ring-1 ring-white/30" : ""}`}
    >
      <WhatsAppIcon className="h-5 w-5" />
      {children}
    </a>
  );
}
